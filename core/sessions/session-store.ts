// Sessions and their message history: ownership-checked reads, and a turn written in one transaction.
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal.ts';
import { fail } from '../errors.ts';
import { fromDbTime } from '../memory/sql-values.ts';
import { Message } from './message.entity.ts';
import { Session } from './session.entity.ts';

/** Whether a session belongs to a principal (a user's own, or the guest's own reservation). */
export function ownsSession(s: Session, p: Principal): boolean {
  return p.kind === 'user' ? s.userId === p.userId : s.reservationId === p.reservationId && s.userId === null;
}

/** Reads and writes sessions and messages. */
export class SessionStore {
  /** Drafts not stored yet: their first commit inserts instead of loading the row to compare. */
  private readonly unsaved = new WeakSet<Session>();

  constructor(private readonly db: DataSource) {}

  /** A new, unsaved session for a principal (it is stored with its first turn). */
  draft(p: Principal, fields: { workspace: string | null; persona: string }): Session {
    const now = new Date();
    const session = this.db.getRepository(Session).create({
      id: randomUUID(),
      userId: p.kind === 'user' ? p.userId : null,
      reservationId: p.kind === 'reservation' ? p.reservationId : null,
      workspace: fields.workspace,
      persona: fields.persona,
      scope: null,
      origin: null,
      purpose: null,
      activeMode: null,
      modeEntryPending: false,
      createdAt: now,
      updatedAt: now,
    });
    this.unsaved.add(session);
    return session;
  }

  /** The principal's session, or null (someone else's session is indistinguishable from none). */
  async find(id: string, p: Principal): Promise<Session | null> {
    const s = await this.db.getRepository(Session).findOneBy({ id });
    return s && ownsSession(s, p) ? s : null;
  }

  /** The principal's session, or NOT_FOUND. */
  async owned(id: string, p: Principal): Promise<Session> {
    const s = await this.find(id, p);
    if (!s) throw fail.notFound('session');
    return s;
  }

  /** Saves session fields outside a turn (purpose, mode). */
  async update(
    s: Session,
    fields: Partial<Pick<Session, 'purpose' | 'activeMode' | 'modeEntryPending'>>,
  ): Promise<Session> {
    Object.assign(s, fields, { updatedAt: new Date() });
    return this.db.getRepository(Session).save(s);
  }

  /** When anyone last finished a turn (the newest session update), or null before the first. */
  async lastActivity(): Promise<Date | null> {
    const row = await this.db
      .getRepository(Session)
      .createQueryBuilder('s')
      .select('MAX(s.updated_at)', 'at')
      .getRawOne<{ at: unknown }>();
    return fromDbTime(row?.at);
  }

  /** The last `limit` messages of a session, oldest first. */
  async history(sessionId: string, limit: number): Promise<Message[]> {
    const rows = await this.db
      .getRepository(Message)
      .find({ where: { sessionId }, order: { id: 'DESC' }, take: limit });
    return rows.reverse();
  }

  /**
   * Writes the session, the user's message and the reply (and anything else given) atomically. Plain INSERT/UPDATE
   * statements: `save` would first read the session back and re-select each message's defaults, doubling the
   * statements of a turn for values the caller already has.
   */
  async commitTurn(
    s: Session,
    turn: { user: string; reply: string; interrupted?: boolean; at?: Date },
    extra?: (em: EntityManager) => Promise<void>,
  ): Promise<void> {
    const at = turn.at ?? new Date();
    s.updatedAt = at;
    await this.db.transaction(async (em) => {
      const stored = !this.unsaved.has(s) && (await this.updateSession(em, s));
      if (!stored)
        await em.createQueryBuilder().insert().into(Session).values(s).updateEntity(false).execute();
      await em
        .createQueryBuilder()
        .insert()
        .into(Message)
        .values([
          { sessionId: s.id, role: 'user', content: turn.user, interrupted: false, createdAt: at },
          {
            sessionId: s.id,
            role: 'assistant',
            content: turn.reply,
            interrupted: turn.interrupted ?? false,
            createdAt: new Date(at.getTime() + 1),
          },
        ])
        .updateEntity(false)
        .execute();
      if (extra) await extra(em);
    });
    this.unsaved.delete(s);
  }

  /** Updates a stored session's row; false when it is gone (deleted mid-turn: the turn stores it again, as before). */
  private async updateSession(em: EntityManager, s: Session): Promise<boolean> {
    const { id, ...fields } = s;
    const res = await em.getRepository(Session).update({ id }, fields);
    return (res.affected ?? 0) > 0;
  }
}
