// Sessions and their message history: ownership-checked reads, and a turn written in one transaction.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { fail } from '../contracts/errors.ts';
import type { Principal } from '../contracts/principal.ts';
import { EntityRows, type RowStatement } from '../db/entity-rows.ts';
import { atomically, fromDbTime, type Steps } from '../db/sql-values.ts';
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
  // every turn reads a session and its history and writes both: by hand-written statements, not the query builder
  private readonly sessions: EntityRows<Session>;
  private readonly messages: EntityRows<Message>;

  constructor(private readonly db: DataSource) {
    this.sessions = new EntityRows(db, Session);
    this.messages = new EntityRows(db, Message);
  }

  /** A new, unsaved session for a principal (it is stored with its first turn). */
  draft(p: Principal, fields: { workspace: string | null; persona: string }): Session {
    const now = new Date();
    // a plain instance: the repository's create walks the entity's metadata, on every new conversation
    const session = Object.assign(new Session(), {
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
    const [row] = await this.sessions.query({
      sql: `SELECT * FROM "${this.sessions.table}" WHERE ${this.sessions.col('id')} = ?`,
      params: [id],
    });
    const s = row ? this.sessions.hydrate(row) : null;
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
    const m = this.messages;
    // the limit written into the SQL: bound, it makes SQLite plan (prepare) the statement again on every run
    const rows = await m.query({
      sql: `SELECT * FROM "${m.table}" WHERE ${m.col('sessionId')} = ? ORDER BY ${m.col('id')} DESC LIMIT ${Math.max(0, Math.floor(limit))}`,
      params: [sessionId],
    });
    return rows.reverse().map((r) => m.hydrate(r));
  }

  /**
   * Writes the session, the user's message and the reply (and any further statement or steps given: the turn's
   * new confirmation, the turn's note) in one transaction. Plain INSERT/UPDATE statements: `save` would first read the session back and
   * re-select each message's defaults, doubling the statements of a turn for values the caller already has.
   */
  async commitTurn(
    s: Session,
    turn: { user: string; reply: string; interrupted?: boolean; at?: Date },
    extra: (RowStatement | Steps<unknown>)[] = [],
  ): Promise<void> {
    const at = turn.at ?? new Date();
    s.updatedAt = at;
    const { id, ...fields } = s;
    const update = this.unsaved.has(s) ? null : this.sessions.update(fields, { id }, 'id');
    const insert = this.sessions.insert(s, undefined, 'id');
    const messages = this.messages.insert(
      [
        { sessionId: s.id, role: 'user', content: turn.user, interrupted: false, createdAt: at },
        {
          sessionId: s.id,
          role: 'assistant',
          content: turn.reply,
          interrupted: turn.interrupted ?? false,
          createdAt: new Date(at.getTime() + 1),
        },
      ],
      ['sessionId', 'role', 'content', 'interrupted', 'createdAt'],
      'id',
    );
    await atomically(this.db, function* () {
      // a stored session deleted mid-turn is stored again, as before
      const kept = update ? yield update : undefined;
      if (!kept) yield insert;
      yield messages;
      for (const more of extra) {
        if ('sql' in more) yield more;
        else yield* more;
      }
    });
    this.unsaved.delete(s);
  }
}
