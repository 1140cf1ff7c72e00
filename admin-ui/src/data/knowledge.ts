// The knowledge index over HTTP (owner): status per collection, "reindex now", and live progress as events.
import type { z } from 'zod';
import type {
  indexEventSchemas,
  knowledgeStatusReply,
  reindexReply,
  runProgressSchema,
  runSummarySchema,
  skippedFileSchema,
} from '../../../plugins/knowledge/knowledge-wire.ts';
import { apiRequest } from './api-client.ts';
import { readEvents } from './event-stream.ts';
import { listPeople } from './people.ts';
import { listWorkspaces } from './workspaces.ts';

type StatusWire = z.input<typeof knowledgeStatusReply>;

/** A pass in progress (the routes' zod schemas are the types: a changed reply breaks this module's check). */
export type IndexProgress = z.input<typeof runProgressSchema>;

/** A file the indexer refused; `path` is null inside a member's own folder. */
export type SkippedFile = z.input<typeof skippedFileSchema>;

/** One collection's index, named for people. */
export type CollectionView = StatusWire['by_collection'][number] & { label: string };

/** The last finished pass. */
export type LastRun = z.input<typeof runSummarySchema>;

/** What the Knowledge page shows. */
export interface KnowledgeView {
  files: number;
  chunks: number;
  embedder: string;
  store: string;
  running: IndexProgress | null;
  lastRun: LastRun | null;
  collections: CollectionView[];
}

/** A collection's name in words: "Household", "Max’s files", "Lake house", "Guests of Lake house". */
export function collectionLabel(name: string, people: Map<string, string>, workspaces: Map<string, string>) {
  const [kind, key] = name.split(/:(.*)/s);
  if (name === 'household') return 'Household';
  if (name === 'outside-areas') return 'Outside the vault’s folders';
  if (kind === 'member') return `${people.get(key) ?? key}’s files`;
  if (kind === 'workspace') return workspaces.get(key) ?? key;
  if (kind === 'guest') return `Guests of ${workspaces.get(key) ?? key}`;
  return name;
}

// Names make the page readable; without them (a failed lookup) the ids still say which is which.
async function names(): Promise<{ people: Map<string, string>; workspaces: Map<string, string> }> {
  const [people, workspaces] = await Promise.all([
    listPeople().then(
      (r) => new Map(r.users.map((u) => [u.id, u.display_name])),
      () => new Map<string, string>(),
    ),
    listWorkspaces().then(
      (ws) => new Map(ws.map((w) => [w.slug, w.name])),
      () => new Map<string, string>(),
    ),
  ]);
  return { people, workspaces };
}

/** The index's status, collections named for people. */
export async function fetchKnowledge(): Promise<KnowledgeView> {
  const [s, n] = await Promise.all([apiRequest<StatusWire>('/plugins/knowledge/status'), names()]);
  return {
    files: s.files,
    chunks: s.chunks,
    embedder: s.embedder.id,
    store: s.store,
    running: s.running,
    lastRun: s.lastRun,
    collections: s.by_collection.map((c) => ({
      ...c,
      label: collectionLabel(c.name, n.people, n.workspaces),
    })),
  };
}

/** Starts a full pass; `started` is false when one was already running (it carries on). */
export async function startReindex(): Promise<z.input<typeof reindexReply>> {
  return apiRequest('/plugins/knowledge/reindex', { method: 'POST' });
}

type Frames = typeof indexEventSchemas;
/** Something the index event stream said (each frame's schema is the route's own). */
export type IndexEvent =
  | ({ type: 'state' } & z.input<Frames['state']>)
  | z.input<Frames['progress']>
  | z.input<Frames['done']>
  | z.input<Frames['failed']>;

/** Follows the index's live events until `signal` aborts; each handler call is awaited before the next. */
export function followIndex(onEvent: (e: IndexEvent) => void | Promise<void>, signal: AbortSignal) {
  return readEvents(
    '/plugins/knowledge/events',
    (event, data) => {
      if (event === 'state' || event === 'progress' || event === 'done' || event === 'failed')
        return onEvent({ ...(data as object), type: event } as IndexEvent);
    },
    signal,
  );
}
