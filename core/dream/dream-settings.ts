// The per-workspace stored Dream switches: read every tick, changed only through the owner's audited endpoint.
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { toDbTime } from '../db/sql-values.ts';

/** One workspace's stored switches; null means "use the environment default". */
export interface StoredDreamSetting {
  workspace: string;
  allowLlmText: boolean | null;
  enrolled: boolean | null;
  semanticDedup: boolean | null;
  updatedAt: string;
  updatedBy: string | null;
}

/** A change to a workspace's switches (snake_case, as the HTTP body): absent keeps, null clears to default. */
export const dreamSettingPatchSchema = z
  .strictObject({
    allow_llm_text: z.boolean().nullable().optional(),
    enrolled: z.boolean().nullable().optional(),
    semantic_dedup: z.boolean().nullable().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'give at least one of allow_llm_text, enrolled, semantic_dedup');
export type DreamSettingPatch = z.infer<typeof dreamSettingPatchSchema>;

type Row = Record<string, unknown>;
const bool = (v: unknown): boolean | null => (v === null || v === undefined ? null : Boolean(Number(v)));

function toSetting(r: Row): StoredDreamSetting {
  return {
    workspace: String(r.workspace),
    allowLlmText: bool(r.allow_llm_text),
    enrolled: bool(r.enrolled),
    semanticDedup: bool(r.semantic_dedup),
    updatedAt: String(r.updated_at),
    updatedBy: r.updated_by === null ? null : String(r.updated_by),
  };
}

const toDb = (v: boolean | null) => (v === null ? null : v ? 1 : 0);

/** Reads and writes dream_settings. */
export class DreamSettingsStore {
  constructor(
    private readonly db: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The stored switches of one workspace key, or null when nothing is stored. */
  async get(workspace: string): Promise<StoredDreamSetting | null> {
    const rows: Row[] = await this.db.query('SELECT * FROM dream_settings WHERE workspace = ?', [workspace]);
    return rows.length > 0 ? toSetting(rows[0]) : null;
  }

  /** Every stored workspace, by key. */
  async list(): Promise<StoredDreamSetting[]> {
    const rows: Row[] = await this.db.query('SELECT * FROM dream_settings ORDER BY workspace');
    return rows.map(toSetting);
  }

  /** Applies a patch and returns the row before and after (before is null when nothing was stored). */
  async put(
    workspace: string,
    patch: DreamSettingPatch,
    by: string | null,
  ): Promise<{ before: StoredDreamSetting | null; after: StoredDreamSetting }> {
    const before = await this.get(workspace);
    const pick = (k: keyof DreamSettingPatch, old: boolean | null | undefined) =>
      patch[k] === undefined ? (old ?? null) : (patch[k] ?? null);
    const next = {
      allowLlmText: pick('allow_llm_text', before?.allowLlmText),
      enrolled: pick('enrolled', before?.enrolled),
      semanticDedup: pick('semantic_dedup', before?.semanticDedup),
    };
    const rows: Row[] = await this.db.query(
      'INSERT INTO dream_settings (workspace, allow_llm_text, enrolled, semantic_dedup, updated_at, updated_by)' +
        ' VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(workspace) DO UPDATE SET allow_llm_text = excluded.allow_llm_text,' +
        ' enrolled = excluded.enrolled, semantic_dedup = excluded.semantic_dedup,' +
        ' updated_at = excluded.updated_at, updated_by = excluded.updated_by RETURNING *',
      [
        workspace,
        toDb(next.allowLlmText),
        toDb(next.enrolled),
        toDb(next.semanticDedup),
        toDbTime(this.now()),
        by,
      ],
    );
    return { before, after: toSetting(rows[0]) };
  }
}
