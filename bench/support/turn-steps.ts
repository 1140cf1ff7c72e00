// Names the steps of a chat turn for a TurnProfile: which of the app's calls count as prompt, recall, search, writes.
import type { HookSignatures } from '../../core/engine/engine-hooks.ts';
import { CollectionIndex } from '../../plugins/knowledge/collection-index.ts';
import { EmbeddedVectorStore } from '../../plugins/knowledge/embedded-vector-store.ts';
import { LexicalEmbedder } from '../../plugins/knowledge/lexical-embedder.ts';
import type { BootedApp } from '../../test/support/boot-app.ts';
import type { TurnProfile } from './turn-profile.ts';

// The order the breakdown prints in: the turn's own sequence.
export const STEP_ORDER = [
  'session lookup',
  'prompt: user + history',
  'prompt: core memories',
  'prompt: other hooks',
  'model round trips (instant model, HTTP)',
  'turn inspector',
  'tool bookkeeping (gate, validation)',
  'memory recall',
  'knowledge search: tool',
  'knowledge search: embed',
  'knowledge search: vector store (load, rows)',
  'knowledge search: HNSW walk',
  'knowledge search: exact scan',
  'audit log',
  'reply review',
  "session writes (with the turn's note)",
  'turn records (the note, validated)',
  'after-turn hooks',
  'engine (rest of the turn)',
];

const hookStep: Record<keyof HookSignatures, string> = {
  coreMemories: 'prompt: core memories',
  context: 'prompt: other hooks',
  filterTools: 'prompt: other hooks',
  validateSession: 'prompt: other hooks',
  admitTurn: 'prompt: other hooks',
  admitWorkspace: 'prompt: other hooks',
  reviewReply: 'reply review',
  turnRecords: 'turn records (the note, validated)',
  afterTurn: 'after-turn hooks',
};

const toolStep = (tool: { name: string }) =>
  tool.name === 'memory_recall'
    ? 'memory recall'
    : tool.name === 'search_knowledge'
      ? 'knowledge search: tool'
      : `tool ${tool.name}`;

/** The knowledge store's internals are shared by every app in the process: wrapped once. */
export function profileKnowledge(profile: TurnProfile): void {
  profile.wrap(LexicalEmbedder.prototype, 'embed', 'knowledge search: embed');
  profile.wrap(EmbeddedVectorStore.prototype, 'search', 'knowledge search: vector store (load, rows)');
  profile.wrap(CollectionIndex.prototype, 'candidates', 'knowledge search: HNSW walk');
  profile.wrap(CollectionIndex.prototype, 'scan', 'knowledge search: exact scan');
}

/** Wraps one booted app's engine collaborators (call once per boot). */
export function profileApp(profile: TurnProfile, app: BootedApp): void {
  const { deps } = app.quorra.conversation.engine;
  profile.wrap(deps.sessions, 'find', 'session lookup');
  profile.wrap(deps.sessions, 'history', 'prompt: user + history');
  profile.wrap(deps.users, 'get', 'prompt: user + history');
  profile.wrap(deps.sessions, 'commitTurn', "session writes (with the turn's note)");
  profile.wrap(deps.model, 'chat', 'model round trips (instant model, HTTP)');
  profile.wrap(deps.inspector, 'begin', 'turn inspector');
  profile.wrap(deps.inspector, 'finish', 'turn inspector');
  profile.wrap(deps.runner, 'run', 'tool bookkeeping (gate, validation)');
  profile.wrap(deps.runner, 'execute', toolStep);
  profile.wrap(deps.runner.audit, 'record', 'audit log');
  // Hook functions are wrapped as the engine reads them, so each is timed under its hook point.
  const at = deps.hooks.at.bind(deps.hooks);
  deps.hooks.at = ((point: keyof HookSignatures) =>
    at(point).map((fn) => {
      const holder = { fn };
      profile.wrap(holder, 'fn', hookStep[point]);
      return holder.fn;
    })) as typeof deps.hooks.at;
}
