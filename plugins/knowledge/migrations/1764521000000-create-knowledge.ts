// Creates knowledge_chunk (the embedded vector store) and knowledge_file (the indexer's per-file state).
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

export class CreateKnowledge1764521000000 implements MigrationInterface {
  name = 'CreateKnowledge1764521000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'knowledge_chunk',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'collection', type: 'varchar', length: '300' },
          { name: 'path', type: 'varchar', length: '1024' },
          { name: 'ordinal', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'title', type: 'varchar', length: '500', isNullable: true },
          { name: 'headings', type: 'text' },
          { name: 'line_start', type: 'integer' },
          { name: 'line_end', type: 'integer' },
          { name: 'text', type: 'text' },
          { name: 'dimensions', type: 'integer' },
          { name: 'vector', type: 'blob' },
        ],
        indices: [
          { name: 'idx_knowledge_chunk_collection', columnNames: ['collection'] },
          { name: 'idx_knowledge_chunk_path', columnNames: ['path'] },
        ],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'knowledge_file',
        columns: [
          { name: 'path', type: 'varchar', length: '1024', isPrimary: true },
          { name: 'hash', type: 'varchar', length: '64' },
          { name: 'collections', type: 'text' },
          { name: 'chunks', type: 'integer' },
          { name: 'embedder', type: 'varchar', length: '200' },
          { name: 'size', type: 'integer' },
          { name: 'title', type: 'varchar', length: '500', isNullable: true },
          { name: 'guest_visible', type: 'boolean' },
          { name: 'indexed_at', type: 'datetime' },
        ],
      }),
      true,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('knowledge_file', true);
    await q.dropTable('knowledge_chunk', true);
  }
}
