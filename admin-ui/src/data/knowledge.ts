// The knowledge index over HTTP (owner): status per collection, "reindex now", and live progress as events.
import { apiRequest } from './api-client.ts';
import { readEvents } from './event-stream.ts';
import { listPeople } from './people.ts';
import { listWorkspaces } from './workspaces.ts';

/** A pass in progress. */
export interface IndexProgress {
  trigger: string;
  phase: 'scanning' | 'indexing' | 'cleaning';
  done: number;
  total: number;
  startedAt: string;
}

/** A file the indexer refused; `path` is null inside a member's own folder. */
export interface SkippedFile {
  path: string | null;
  reason: string;
  message: string | null;
  at: string;
}

/** One collection's index. */
export interface CollectionView {
  name: string;
  label: string;
  files: number;
  chunks: number;
  lastIndexedAt: string | null;
  skipped: SkippedFile[];
}

/** The last finished pass. */
export interface LastRun {
  trigger: string;
  finishedAt: string;
  durationMs: number;
  files: number;
  indexed: number;
  unchanged: number;
  removed: number;
  skipped: number;
  failed: number;
}

export interface KnowledgeView {
  files: number;
  chunks: number;
  embedder: string;
  store: string;
  running: IndexProgress | null;
  lastRun: LastRun | null;
  collections: CollectionView[];
}

type Obj = Record<string, any>;

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
  const [s, n] = await Promise.all([apiRequest<Obj>('/plugins/knowledge/status'), names()]);
  return {
    files: Number(s.files ?? 0),
    chunks: Number(s.chunks ?? 0),
    embedder: String(s.embedder?.id ?? ''),
    store: String(s.store ?? ''),
    running: (s.running as IndexProgress | null) ?? null,
    lastRun: (s.lastRun as LastRun | null) ?? null,
    collections: ((s.by_collection ?? []) as Obj[]).map((c) => ({
      name: String(c.name),
      label: collectionLabel(String(c.name), n.people, n.workspaces),
      files: Number(c.files ?? 0),
      chunks: Number(c.chunks ?? 0),
      lastIndexedAt: c.lastIndexedAt ?? null,
      skipped: (c.skipped ?? []) as SkippedFile[],
    })),
  };
}

/** Starts a full pass; `started` is false when one was already running (it carries on). */
export async function startReindex(): Promise<{ started: boolean }> {
  return apiRequest('/plugins/knowledge/reindex', { method: 'POST' });
}

/** Something the index event stream said. */
export type IndexEvent =
  | { type: 'state'; running: IndexProgress | null }
  | ({ type: 'progress' } & IndexProgress)
  | { type: 'done'; summary: LastRun }
  | { type: 'failed'; message: string };

/** Follows the index's live events until `signal` aborts; each handler call is awaited before the next. */
export function followIndex(onEvent: (e: IndexEvent) => void | Promise<void>, signal: AbortSignal) {
  return readEvents(
    '/plugins/knowledge/events',
    (event, data) => {
      if (event === 'state' || event === 'progress' || event === 'done' || event === 'failed')
        return onEvent({ ...(data as Obj), type: event } as IndexEvent);
    },
    signal,
  );
}
