// document_create (tier 1) and document_overwrite (tier 2): the owner authoring workspace documents.
import path from 'node:path';
import { defineTool, isOwner, type WorkspacesCapability } from 'quorra/plugin';
import type { KnowledgeApi } from '../knowledge-service.ts';
import { documentInput, documentPath, writeDocument } from './write-document.ts';

// the gate hides these tools from everyone but the owner, and outside a workspace
const ownerInWorkspace = (t: { principal?: Parameters<typeof isOwner>[0]; workspace: string | null }) =>
  isOwner(t.principal) && t.workspace !== null;

/** Both document tools over the workspace store and the knowledge API. */
export function documentTools(api: KnowledgeApi, workspaces: WorkspacesCapability) {
  const make = (mode: 'create' | 'overwrite') =>
    defineTool({
      name: `document_${mode}`,
      description:
        mode === 'create'
          ? 'Create a Markdown document in this workspace, searchable at once.'
          : 'Replace a Markdown document in this workspace.',
      examples:
        mode === 'create'
          ? [
              'write down the house rules as a document',
              'create a guide for the babysitter',
              'save this recipe as a doc',
            ]
          : ['update the house rules document', 'rewrite the babysitter guide', 'change the wifi page'],
      tier: mode === 'create' ? 1 : 2,
      scopes: ['general', 'knowledge'],
      audience: 'owner',
      input: documentInput,
      available: ownerInWorkspace,
      describe: (d) => `overwrite ${d.filename} in this workspace with “${d.title}”`,
      async run(d, ctx) {
        if (!ownerInWorkspace({ principal: ctx.principal, workspace: ctx.workspace ?? null })) {
          throw new Error('documents can only be written by the owner, inside a workspace');
        }
        const target = await documentPath(workspaces, ctx.workspace!, d.filename);
        await writeDocument(target, d, mode);
        const outcome = await api.indexFile(target);
        return { written: path.basename(target), index: outcome.status };
      },
    });
  return [make('create'), make('overwrite')];
}
