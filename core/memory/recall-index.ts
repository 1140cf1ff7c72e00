// The recall index of one SQLite connection: built on the first recall, kept current with every writer's rows.
import type Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { dialectOf } from '../db/dialect.ts';
import { sqliteConnection } from '../db/sqlite-connection.ts';
import { otherCommits } from './memories-changes.ts';
import { type IndexedMemory, RecallPostings } from './recall-postings.ts';
import type { SearchableRow } from './repeated-words.ts';
import { scopeKey } from './seal-filter.ts';

/** Above this many unarchived memories recall searches FTS5 instead (≈ 60 MB of postings at a million). */
export const MAX_RECALL_INDEX = 1_000_000;
/** Rows read per statement while building and catching up (≈ 30 ms of tokenising a page). */
const PAGE = 2000;
/** A table up to this size is indexed inside the first recall (≈ 30 ms); a larger one in the background. */
const BUILD_AT_ONCE = 2000;
/**
 * How far before the newest edit seen a re-read starts: another process's clock or a commit that lands after a
 * younger edit was read would otherwise slip past the mark.
 */
const LATE_EDIT = '-5 seconds';

interface Row {
  id: number;
  content: string;
  tags: string;
  workspace: string | null;
  owner_user_id: string | null;
  archived_at: string | null;
  updated_at: string;
}

interface Held {
  postings: RecallPostings;
  /** Every row up to this id has been read. */
  seenId: number;
  /** The newest updated_at read: another connection's edits at or after it (less LATE_EDIT) are read again. */
  editedFrom: string;
  /** The connection's `PRAGMA data_version`: it changes only when another connection commits. */
  version: number;
  newer: Database.Statement;
  edited: Database.Statement;
  top: Database.Statement;
  /** Settles once every row has been read (at once for a small table). */
  ready: Promise<void>;
  built: boolean;
}

/** Per connection: its index. */
const perConnection = new WeakMap<Database.Database, Held>();
/** Per connection whose table was too large: when it was counted (counted again at most every `RECOUNT_MS`). */
const tooLarge = new WeakMap<Database.Database, number>();
const RECOUNT_MS = 10 * 60_000;

const COLUMNS = 'id, content, tags, workspace, owner_user_id, archived_at, updated_at';

function toIndexed(r: Row): IndexedMemory {
  return {
    id: Number(r.id),
    content: String(r.content),
    tags: JSON.parse(String(r.tags)) as string[],
    scope: scopeKey(r.workspace ?? null, r.owner_user_id ?? null),
  };
}

/** Indexes rows as read (an archived one leaves the index, as it leaves FTS5's), moving the marks past them. */
function take(held: Held, rows: Row[]): void {
  for (const r of rows) {
    if (r.archived_at === null) held.postings.set(toIndexed(r));
    else held.postings.remove(Number(r.id));
    if (Number(r.id) > held.seenId) held.seenId = Number(r.id);
    if (String(r.updated_at) > held.editedFrom) held.editedFrom = String(r.updated_at);
  }
}

function start(conn: Database.Database, cap: number): Held | null {
  const count = conn
    .prepare('SELECT count(*) FROM memories WHERE archived_at IS NULL')
    .pluck()
    .get() as number;
  if (count > cap) return null;
  const held: Held = {
    postings: new RecallPostings(),
    seenId: 0,
    editedFrom: '',
    version: otherCommits(conn),
    newer: conn.prepare(`SELECT ${COLUMNS} FROM memories WHERE id > ? ORDER BY id LIMIT ${PAGE}`),
    edited: conn.prepare(
      `SELECT ${COLUMNS} FROM memories WHERE updated_at >= datetime(?, '${LATE_EDIT}') AND id <= ?`,
    ),
    top: conn.prepare('SELECT max(id) FROM memories').pluck(),
    ready: Promise.resolve(),
    built: false,
  };
  perConnection.set(conn, held);
  if (count <= BUILD_AT_ONCE) {
    catchUp(held);
    held.built = true;
  } else held.ready = fill(conn, held);
  return held;
}

/**
 * Reads a large table into the index a page at a time, yielding to the event loop between pages, so no chat turn
 * waits for the build; recall searches FTS5 meanwhile. The store's edits during the build go into the index as they
 * happen (a row not read yet is read as it is then), another connection's at the first recall after it.
 */
async function fill(conn: Database.Database, held: Held): Promise<void> {
  for (;;) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    // dropped (the nightly job) or the connection closed meanwhile: this build is no one's any more
    if (perConnection.get(conn) !== held || !conn.open) return;
    // an open transaction's rows may yet roll back: wait until it ends
    if (conn.inTransaction) continue;
    const rows = held.newer.all(held.seenId) as Row[];
    take(held, rows);
    if (rows.length < PAGE) {
      held.built = true;
      return;
    }
  }
}

/** Reads the rows written since the last look: new ids always, in-place edits when another connection committed. */
function catchUp(held: Held): void {
  if (Number(held.top.get() ?? 0) > held.seenId) {
    for (;;) {
      const rows = held.newer.all(held.seenId) as Row[];
      take(held, rows);
      if (rows.length < PAGE) break;
    }
  }
}

/**
 * The connection's recall index, current with every committed row; null on another database, when the table holds
 * more than `cap` unarchived memories, and while a large table's index is still being built (see `fill`).
 */
export function recallIndex(db: DataSource, cap = MAX_RECALL_INDEX): RecallPostings | null {
  if (cap <= 0) return null;
  const conn = sqliteConnection(db);
  let held = perConnection.get(conn);
  // rows replaced or removed leave dead slots behind: once they outnumber the live ones, start afresh
  if (held && held.postings.dead > Math.max(10_000, held.postings.size)) held = undefined;
  if (!held) {
    // built only from committed rows (see below); until then FTS5 answers
    if (conn.inTransaction) return null;
    const counted = tooLarge.get(conn);
    if (counted !== undefined && Date.now() - counted < RECOUNT_MS) return null;
    held = start(conn, cap) ?? undefined;
    if (!held) {
      tooLarge.set(conn, Date.now());
      return null;
    }
    tooLarge.delete(conn);
  }
  if (!held.built) return null;
  // an open transaction's rows may yet roll back (and their ids be used again): read them once committed
  if (conn.inTransaction) return held.postings;
  const version = otherCommits(conn);
  if (version !== held.version) {
    // another connection (the CLI, another process) committed: its edits in place bump updated_at
    held.version = version;
    take(held, held.edited.all(held.editedFrom, held.seenId) as Row[]);
  }
  catchUp(held);
  return held.postings;
}

/** Starts the connection's index if need be and resolves with it once built (null where recall uses FTS5). */
export async function recallIndexReady(
  db: DataSource,
  cap = MAX_RECALL_INDEX,
): Promise<RecallPostings | null> {
  if (recallIndex(db, cap) === null) {
    const held = heldBy(db);
    if (!held) return null;
    await held.ready;
  }
  return recallIndex(db, cap);
}

/**
 * Puts a row this process changed in place into the connection's index, if one is built (the store calls it
 * after every edit, restore or archive; a new row is read by id at the next recall).
 */
export function refreshRecallIndex(db: DataSource, row: SearchableRow): void {
  const held = heldBy(db);
  if (!held || row.id > held.seenId) return;
  // an edit inside a transaction may roll back: the next recall builds afresh rather than keep a guess
  if (sqliteConnection(db).inTransaction) {
    dropRecallIndex(db);
    return;
  }
  if (row.archivedAt) held.postings.remove(row.id);
  else {
    held.postings.set({
      id: row.id,
      content: row.content,
      tags: row.tags,
      scope: scopeKey(row.workspace, row.ownerUserId),
    });
  }
}

/** Removes rows this process archived or deleted from the connection's index, if one is built. */
export function forgetInRecallIndex(db: DataSource, ids: readonly number[]): void {
  const held = heldBy(db);
  if (held) for (const id of ids) held.postings.remove(id);
}

/**
 * Drops the connection's index; the next recall builds it afresh. The nightly job calls it after archiving and
 * purging, whose rows would otherwise stay candidates that the seal turns away.
 */
export function dropRecallIndex(db: DataSource): void {
  if (dialectOf(db) === 'sqlite') perConnection.delete(sqliteConnection(db));
}

function heldBy(db: DataSource): Held | undefined {
  return dialectOf(db) === 'sqlite' ? perConnection.get(sqliteConnection(db)) : undefined;
}
