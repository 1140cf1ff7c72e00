// The audit trail of tool actions: an append-only JSONL file and the audit_log table, both written.

import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { AuditRecord } from '../contracts/audit-record.ts';
import type { Logger } from '../logger.ts';
import { AuditEntry } from './audit-entry.entity.ts';

/** Which entries an audit query returns; `user: 'system'` means entries no person caused. */
export interface AuditFilter {
  user?: string;
  tool?: string;
  from?: Date;
  to?: Date;
  before?: number;
  limit: number;
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

  /** One page of entries, newest first, narrowed by person, tool and time; `before` continues after a page's last id. */
  async query(f: AuditFilter): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
    const qb = this.db
      .getRepository(AuditEntry)
      .createQueryBuilder('a')
      .orderBy('a.id', 'DESC')
      .take(f.limit + 1);
    if (f.user === 'system') qb.andWhere('a.userId IS NULL');
    else if (f.user) qb.andWhere('a.userId = :user', { user: f.user });
    if (f.tool) qb.andWhere('a.tool = :tool', { tool: f.tool });
    if (f.from) qb.andWhere('a.at >= :from', { from: f.from });
    if (f.to) qb.andWhere('a.at < :to', { to: f.to });
    if (f.before) qb.andWhere('a.id < :before', { before: f.before });
    const rows = await qb.getMany();
    const more = rows.length > f.limit;
    const entries = rows.slice(0, f.limit);
    return { entries, nextBefore: more ? entries[entries.length - 1].id : null };
  }

  /** Every tool name the trail holds, for a filter's choices. */
  async tools(): Promise<string[]> {
    const rows = await this.db
      .getRepository(AuditEntry)
      .createQueryBuilder('a')
      .select('DISTINCT a.tool', 'tool')
      .orderBy('tool', 'ASC')
      .getRawMany<{ tool: string }>();
    return rows.map((r) => r.tool);
  }

  /** Most recent entries first. */
  recent(limit = 100): Promise<AuditEntry[]> {
    return this.db.getRepository(AuditEntry).find({ order: { id: 'DESC' }, take: limit });
  }
}
