// Jots in the database: capture is idempotent per (person, client id); triage reads what is due.
import { type DataSource, IsNull, LessThanOrEqual, type Repository } from 'typeorm';
import { Jot, type JotState } from './jot.entity.ts';

/** Stores and reads jots. */
export class JotStore {
  private readonly repo: Repository<Jot>;

  constructor(db: DataSource) {
    this.repo = db.getRepository(Jot);
  }

  /** Stores a jot once: a replay with the same client id answers the first one (`created: false`). */
  async capture(input: { userId: string; clientId: string; text: string; source: string }, now = new Date()) {
    const existing = await this.repo.findOneBy({ userId: input.userId, clientId: input.clientId });
    if (existing) return { jot: existing, created: false };
    const jot = this.repo.create({
      ...input,
      state: 'captured',
      note: null,
      qa: [],
      notBefore: null,
      createdAt: now,
      triagedAt: null,
    });
    try {
      return { jot: await this.repo.save(jot), created: true };
    } catch (err) {
      // a concurrent replay won the unique index: answer with its row
      const raced = await this.repo.findOneBy({ userId: input.userId, clientId: input.clientId });
      if (raced) return { jot: raced, created: false };
      throw err;
    }
  }

  list(userId: string, limit = 200): Promise<Jot[]> {
    return this.repo.find({ where: { userId }, order: { id: 'DESC' }, take: limit });
  }

  get(userId: string, id: number): Promise<Jot | null> {
    return this.repo.findOneBy({ userId, id });
  }

  /** Captured jots triage may take now (deferred ones once their day has come), oldest first. */
  due(userId: string, now = new Date(), limit = 40): Promise<Jot[]> {
    return this.repo.find({
      where: [
        { userId, state: 'captured', notBefore: IsNull() },
        { userId, state: 'captured', notBefore: LessThanOrEqual(now) },
      ],
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** People with captured jots. */
  async peopleWithCaptured(): Promise<string[]> {
    const rows = await this.repo
      .createQueryBuilder('j')
      .select('DISTINCT j.user_id', 'userId')
      .where('j.state = :s', { s: 'captured' })
      .getRawMany<{ userId: string }>();
    return rows.map((r) => r.userId);
  }

  async settle(
    jot: Jot,
    state: JotState,
    fields: Partial<Pick<Jot, 'note' | 'qa' | 'notBefore'>> = {},
    now = new Date(),
  ) {
    Object.assign(jot, fields, { state, triagedAt: now });
    return this.repo.save(jot);
  }
}
