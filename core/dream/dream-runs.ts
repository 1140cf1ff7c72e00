// The dream_runs table: a row opened when a slice run starts and closed with its counters, error and report.
import type { DataSource } from 'typeorm';
import { fromDbTime, toDbTime } from '../db/sql-values.ts';
import type { NoteSlice } from '../memory/note-input.ts';
import { sliceColumns } from './dream-slice.ts';
import { COUNTER_COLUMNS, type RunCounters } from './run-counters.ts';

export type RunStatus = 'running' | 'ok' | 'error' | 'stopped' | 'interrupted';
export type RunCause = 'scheduled' | 'manual';

/** A run as the status surfaces show it. */
export interface RunRecord {
  id: number;
  sliceKey: string;
  slice: NoteSlice;
  cause: string;
  status: RunStatus;
  startedAt: Date;
  finishedAt: Date | null;
  counters: RunCounters;
  error: string | null;
  report: string | null;
}

type Row = Record<string, unknown>;

function toRun(r: Row): RunRecord {
  const counters = Object.fromEntries(
    Object.entries(COUNTER_COLUMNS).map(([k, col]) => [k, Number(r[col] ?? 0)]),
  ) as unknown as RunCounters;
  return {
    id: Number(r.id),
    sliceKey: String(r.slice_key),
    slice: {
      workspace: (r.workspace as string | null) ?? null,
      visibility: r.visibility as NoteSlice['visibility'],
      ownerUserId: (r.owner_user_id as string | null) ?? null,
    },
    cause: String(r.cause),
    status: r.status as RunStatus,
    startedAt: fromDbTime(r.started_at)!,
    finishedAt: fromDbTime(r.finished_at),
    counters,
    error: r.error === null ? null : String(r.error),
    report: r.report === null ? null : String(r.report),
  };
}

/** Opens, closes and lists runs. */
export class DreamRuns {
  constructor(
    private readonly db: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Opens a run row in status `running` and returns its id. */
  async start(slice: NoteSlice, cause: RunCause): Promise<number> {
    const rows: Row[] = await this.db.query(
      'INSERT INTO dream_runs (slice_key, workspace, visibility, owner_user_id, cause, status, started_at)' +
        " VALUES (?, ?, ?, ?, ?, 'running', ?) RETURNING id",
      [...sliceColumns(slice), cause, toDbTime(this.now())],
    );
    return Number(rows[0].id);
  }

  /** Closes a run with its outcome and counters. */
  async finish(
    id: number,
    status: RunStatus,
    counters: RunCounters,
    error: string | null,
    report: string | null,
  ): Promise<void> {
    const cols = Object.entries(COUNTER_COLUMNS);
    await this.db.query(
      `UPDATE dream_runs SET status = ?, finished_at = ?, error = ?, report = ?, ${cols
        .map(([, c]) => `${c} = ?`)
        .join(', ')} WHERE id = ?`,
      [
        status,
        toDbTime(this.now()),
        error,
        report,
        ...cols.map(([k]) => counters[k as keyof RunCounters]),
        id,
      ],
    );
  }

  /** Marks runs left `running` by a process that died as `interrupted` (called once at start-up). */
  async markInterrupted(): Promise<number> {
    const rows: Row[] = await this.db.query(
      "UPDATE dream_runs SET status = 'interrupted', finished_at = ?, error = coalesce(error," +
        " 'the service stopped during this run') WHERE status = 'running' RETURNING id",
      [toDbTime(this.now())],
    );
    return rows.length;
  }

  /** One run. */
  async get(id: number): Promise<RunRecord | null> {
    const rows: Row[] = await this.db.query('SELECT * FROM dream_runs WHERE id = ?', [id]);
    return rows.length > 0 ? toRun(rows[0]) : null;
  }

  /** The newest runs first; `owners` narrows to those users' private slices. */
  async recent(limit = 20, owners?: string[]): Promise<RunRecord[]> {
    const only = owners ? ` WHERE owner_user_id IN (${owners.map(() => '?').join(', ') || 'NULL'})` : '';
    const rows: Row[] = await this.db.query(`SELECT * FROM dream_runs${only} ORDER BY id DESC LIMIT ?`, [
      ...(owners ?? []),
      limit,
    ]);
    return rows.map(toRun);
  }
}
