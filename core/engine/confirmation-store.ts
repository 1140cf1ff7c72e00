// Pending tier-2 confirmations: drafted in a turn, resolved by id or a plain yes/no, expired by time.

import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { LessThanOrEqual } from 'typeorm';
import { EntityRows, type RowStatement } from '../db/entity-rows.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { Confirmation, type ConfirmationStatus } from './confirmation.entity.ts';
import { confirmationCounter } from './confirmation-metrics.ts';

/** Stores confirmations; expiry is applied on read so a restart never revives a stale one. */
export class ConfirmationStore {
  private readonly expired;
  private readonly rows: EntityRows<Confirmation>;

  constructor(
    private readonly db: DataSource,
    private readonly ttlMs: number,
    metrics: Metrics,
  ) {
    this.expired = confirmationCounter(metrics);
    this.rows = new EntityRows(db, Confirmation);
  }

  /** A new pending confirmation (unsaved; it is written with the turn that drafted it). */
  draft(fields: {
    sessionId: string;
    userId: string;
    toolName: string;
    input: unknown;
    description: string;
  }): Confirmation {
    const now = new Date();
    return this.db.getRepository(Confirmation).create({
      id: randomUUID(),
      ...fields,
      status: 'pending',
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.ttlMs),
      resolvedAt: null,
    });
  }

  /** Saves a drafted confirmation on its own (the engine writes it with its turn: `insert`). */
  async save(c: Confirmation): Promise<void> {
    await this.db.getRepository(Confirmation).save(c);
  }

  /** The INSERT of a drafted confirmation, for the transaction of the turn that drafted it. */
  insert(c: Confirmation): RowStatement {
    return this.rows.insert(c, undefined, 'id');
  }

  /** Marks every pending confirmation past its time as expired; returns how many. */
  async expireDue(now = new Date()): Promise<number> {
    const res = await this.db
      .getRepository(Confirmation)
      .update({ status: 'pending', expiresAt: LessThanOrEqual(now) }, { status: 'expired', resolvedAt: now });
    if (res.affected) this.expired.inc({ outcome: 'expired' }, res.affected);
    return res.affected ?? 0;
  }

  /** A confirmation by id (any status). */
  get(id: string): Promise<Confirmation | null> {
    return this.db.getRepository(Confirmation).findOneBy({ id });
  }

  /**
   * The newest still-pending confirmation of a session. Expiry is applied only when the session has one past its
   * time: nearly every turn has none, and then the turn writes nothing here.
   */
  async pendingFor(sessionId: string): Promise<Confirmation | null> {
    // asked on every turn: a hand-written statement, not the query builder
    const r = this.rows;
    const newest = async () => {
      const [row] = await r.query({
        sql: `SELECT * FROM "${r.table}" WHERE ${r.col('sessionId')} = ? AND ${r.col('status')} = 'pending' ORDER BY ${r.col('createdAt')} DESC LIMIT 1`,
        params: [sessionId],
      });
      return row ? r.hydrate(row) : null;
    };
    const found = await newest();
    if (!found || found.expiresAt > new Date()) return found;
    await this.expireDue();
    return newest();
  }

  /** Pending confirmations waiting on a user (for `!quorra approvals`). */
  async pendingForUser(userId: string): Promise<Confirmation[]> {
    await this.expireDue();
    return this.db
      .getRepository(Confirmation)
      .find({ where: { userId, status: 'pending' }, order: { createdAt: 'ASC' } });
  }

  /** Moves a pending confirmation to a final status; false if it was no longer pending. */
  async resolve(
    id: string,
    status: Exclude<ConfirmationStatus, 'pending'>,
    em?: EntityManager,
  ): Promise<boolean> {
    const res = await (em ?? this.db.manager)
      .getRepository(Confirmation)
      .update({ id, status: 'pending' }, { status, resolvedAt: new Date() });
    return (res.affected ?? 0) > 0;
  }
}
