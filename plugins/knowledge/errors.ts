// The error codes the knowledge plugin raises, added to Quorra's catalogue so that `fail.*` accepts them.

export const knowledgeErrors = {
  QUORRA_KNOWLEDGE_EMPTY_VECTOR: { status: 500, says: 'the embedder returned an empty vector' },
  QUORRA_KNOWLEDGE_DIMENSION_MISMATCH: {
    status: 500,
    says: 'the vector store holds vectors of another dimension',
  },
} as const;

type KnowledgeErrors = typeof knowledgeErrors;

declare module 'quorra/plugin' {
  interface ErrorCatalogue extends KnowledgeErrors {}
}
