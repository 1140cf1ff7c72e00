// The audit trail of tool actions: an append-only JSONL file and the audit_log table, both written.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { Logger } from '../logger.ts';
import { AuditEntry } from './audit-entry.entity.ts';

/** One audited action. */
export interface AuditRecord {
  userId: string | null;
  sessionId: string | null;
  tool: string;
  tier: number;
  input: unknown;
  outcome: 'ok' | 'error' | 'refused' | 'confirmed' | 'declined' | 'drafted';
  detail?: string;
}

/** Writes audit records to the file and the table; a file failure is logged, the row still lands. */
export class AuditLog {
  constructor(
    private readonly db: DataSource,
    private readonly file: string,
    private readonly logger: Logger,
  ) {}

  /** Appends one record. */
  async record(r: AuditRecord): Promise<void> {
    const at = new Date();
    const row = { at, ...r, detail: (r.detail ?? '').slice(0, 2000) };
    await this.db.getRepository(AuditEntry).insert(row as never);
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await appendFile(this.file, `${JSON.stringify({ ...row, at: at.toISOString() })}\n`);
    } catch (err) {
      this.logger.error({ err, file: this.file }, 'could not append to the audit file');
    }
  }

  /** Most recent entries first. */
  recent(limit = 100): Promise<AuditEntry[]> {
    return this.db.getRepository(AuditEntry).find({ order: { id: 'DESC' }, take: limit });
  }
}
