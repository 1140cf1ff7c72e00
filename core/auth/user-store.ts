// Household users: create, edit, remove, look up by id, Matrix ID or email, and seed from config.

import { type DataSource, IsNull } from 'typeorm';
import { newUserSchema, type UserEdit, userEditSchema } from '../config/new-user-schema.ts';
import { fail, QuorraError } from '../contracts/errors.ts';
import type { UserPrincipal } from '../contracts/principal.ts';
import { EntityRows } from '../db/entity-rows.ts';
import { slugify } from '../text/slugify.ts';
import { labelKey } from '../text/text-safety.ts';
import { DEFAULT_CHILD_TOOLS } from './child-reach.ts';
import { User } from './user.entity.ts';

export type { NewUser } from '../config/new-user-schema.ts';

import type { NewUser } from '../config/new-user-schema.ts';

/** Reads and writes the users table. */
export class UserStore {
  // the Matrix look-up runs for every message: a hand-written statement, not the query builder
  private readonly rows: EntityRows<User>;

  constructor(private readonly db: DataSource) {
    this.rows = new EntityRows(db, User);
  }

  private get repo() {
    return this.db.getRepository(User);
  }

  /**
   * Creates a user; the id is the given one or a unique slug of the name. Matrix IDs must be unused, and a second
   * user with the same name needs an explicit id or `allowDuplicate` (two "Max" in a list confuse everyone).
   */
  async add(input: NewUser, opts: { allowDuplicate?: boolean } = {}): Promise<User> {
    const u = newUserSchema.parse(input);
    if (u.child && u.role === 'owner') throw fail.badRequest('a child cannot be an owner of the household');
    if (!u.id && !opts.allowDuplicate) {
      const key = labelKey(u.name);
      const same = (await this.list()).find((x) => labelKey(x.displayName) === key);
      if (same)
        throw fail.conflict(
          'QUORRA_USER_EXISTS',
          `a user named "${same.displayName}" exists (${same.id}); pass --allow-duplicate (or --id) to add another`,
          { existing: same.id },
        );
    }
    for (const mxid of u.matrix) {
      if (await this.findByMatrixId(mxid))
        throw fail.conflict('QUORRA_USER_MATRIX_TAKEN', `${mxid} already belongs to a user`);
    }
    let id = u.id ?? slugify(u.name, 48, 'user');
    if (u.id && (await this.repo.existsBy({ id })))
      throw fail.conflict('QUORRA_USER_EXISTS', `user "${id}" exists`);
    for (let n = 2; await this.repo.existsBy({ id }); n++) id = `${slugify(u.name, 48, 'user')}-${n}`;
    const user = this.repo.create({
      id,
      displayName: u.name,
      role: u.role,
      matrixIds: u.matrix,
      email: u.email ?? null,
      locale: u.locale,
      timezone: u.timezone ?? (await this.householdTimeZone()),
      child: u.child,
      childTools: u.childTools ?? null,
      quietStart: u.quietStart ?? null,
      quietEnd: u.quietEnd ?? null,
      quietReply: u.quietReply,
      createdAt: new Date(),
      removedAt: null,
    });
    return this.repo.save(user);
  }

  /** Inserts or updates users listed in config (matched by id). */
  async seed(users: NewUser[]): Promise<void> {
    for (const raw of users) {
      const u = newUserSchema.parse(raw);
      const id = u.id ?? slugify(u.name, 48, 'user');
      const existing = await this.repo.findOneBy({ id });
      if (!existing) await this.add({ ...raw, id });
      else
        await this.repo.update(
          { id },
          {
            displayName: u.name,
            role: u.role,
            matrixIds: u.matrix,
            email: u.email ?? null,
            locale: u.locale,
            ...(u.timezone ? { timezone: u.timezone } : {}),
            // only what config says: a child marked on the People page stays one unless config says otherwise
            ...(raw.child !== undefined ? { child: u.child } : {}),
            ...(raw.quietReply !== undefined ? { quietReply: u.quietReply } : {}),
            ...(u.childTools ? { childTools: u.childTools } : {}),
            ...(u.quietStart !== undefined ? { quietStart: u.quietStart } : {}),
            ...(u.quietEnd !== undefined ? { quietEnd: u.quietEnd } : {}),
          },
        );
    }
  }

  /** Changes a person's name, role, Matrix IDs, email or time zone; the household always keeps an owner. */
  async edit(id: string, input: UserEdit): Promise<User> {
    const patch = userEditSchema.parse(input);
    const user = await this.get(id);
    if (!user) throw new QuorraError('QUORRA_USER_UNKNOWN', `no user "${id}"`, undefined, 'not-found');
    for (const mxid of patch.matrix ?? []) {
      const holder = await this.findByMatrixId(mxid);
      if (holder && holder.id !== id)
        throw fail.conflict('QUORRA_USER_MATRIX_TAKEN', `${mxid} already belongs to a user`);
    }
    if (patch.role === 'member' && user.role === 'owner') await this.keepAnOwner(id);
    if ((patch.child ?? user.child) && (patch.role ?? user.role) === 'owner')
      throw fail.badRequest('a child cannot be an owner of the household');
    await this.repo.update(
      { id },
      {
        ...(patch.name !== undefined ? { displayName: patch.name } : {}),
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.matrix !== undefined ? { matrixIds: patch.matrix } : {}),
        ...(patch.email !== undefined ? { email: patch.email } : {}),
        ...(patch.locale !== undefined ? { locale: patch.locale } : {}),
        ...(patch.timezone !== undefined ? { timezone: patch.timezone } : {}),
        ...(patch.child !== undefined ? { child: patch.child } : {}),
        ...(patch.childTools !== undefined ? { childTools: patch.childTools } : {}),
        ...(patch.quietStart !== undefined ? { quietStart: patch.quietStart } : {}),
        ...(patch.quietEnd !== undefined ? { quietEnd: patch.quietEnd } : {}),
        ...(patch.quietReply !== undefined ? { quietReply: patch.quietReply } : {}),
      },
    );
    return (await this.get(id)) as User;
  }

  /** Deletes a person added a moment ago whose setup failed (nothing refers to them yet); the id is free again. */
  async forget(id: string): Promise<void> {
    await this.repo.delete({ id });
  }

  /** Marks a person removed: they stop resolving everywhere, their Matrix IDs are free, their id is never reused. */
  async remove(id: string, now = new Date()): Promise<User> {
    const user = await this.get(id);
    if (!user) throw new QuorraError('QUORRA_USER_UNKNOWN', `no user "${id}"`, undefined, 'not-found');
    if (user.role === 'owner') await this.keepAnOwner(id);
    await this.repo.update({ id }, { removedAt: now });
    return user;
  }

  private async keepAnOwner(leaving: string): Promise<void> {
    const owners = await this.repo.countBy({ role: 'owner', removedAt: IsNull() });
    const leavingIsOwner = await this.repo.existsBy({ id: leaving, role: 'owner', removedAt: IsNull() });
    if (leavingIsOwner && owners <= 1)
      throw new QuorraError(
        'QUORRA_LAST_OWNER',
        'the household needs at least one owner; make someone else owner first',
        undefined,
        'conflict',
      );
  }

  /** Everyone not removed, oldest first. */
  list(): Promise<User[]> {
    return this.repo.find({ where: { removedAt: IsNull() }, order: { createdAt: 'ASC' } });
  }

  /** A person by id (null once removed). */
  get(id: string): Promise<User | null> {
    return this.repo.findOneBy({ id, removedAt: IsNull() });
  }

  /** Finds the user a Matrix ID is mapped to. */
  async findByMatrixId(mxid: string): Promise<User | null> {
    const r = this.rows;
    // the pattern is built in SQL: a bare `LIKE ?` makes SQLite re-prepare the statement on every run (its LIKE
    // optimisation plans on the bound value), ≈ 0.1 ms per message
    const rows = await r.query({
      sql: `SELECT * FROM "${r.table}" WHERE ${r.col('matrixIds')} LIKE '%' || ? || '%' AND ${r.col('removedAt')} IS NULL`,
      params: [`"${mxid}"`],
    });
    return rows.map((row) => r.hydrate(row)).find((u) => u.matrixIds.includes(mxid)) ?? null;
  }

  /** Finds the user with this email address. */
  findByEmail(email: string): Promise<User | null> {
    return this.repo.findOneBy({ email, removedAt: IsNull() });
  }

  /**
   * The household's time zone: the first owner's, or for the first person of all this machine's own (what the
   * household's clocks show), so "call grandma at 6pm" is never 18:00 UTC by accident.
   */
  async householdTimeZone(): Promise<string> {
    const [first] = await this.owners();
    return first?.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  }

  /** Every owner, oldest first (who gets household notices and whose timezone is the household's). */
  async owners(): Promise<User[]> {
    return this.repo.find({ where: { role: 'owner', removedAt: IsNull() }, order: { createdAt: 'ASC' } });
  }

  /** Finds a user by id, email or Matrix ID (what a trusted adapter may send). */
  async resolve(ref: string): Promise<User | null> {
    if (ref.startsWith('@')) return this.findByMatrixId(ref);
    if (ref.includes('@')) return this.findByEmail(ref);
    return this.get(ref);
  }
}

/** The principal for a stored user. */
export function principalOf(
  user: Pick<User, 'id' | 'role' | 'displayName' | 'child' | 'childTools'>,
): UserPrincipal {
  const p: UserPrincipal = { kind: 'user', userId: user.id, role: user.role, displayName: user.displayName };
  if (user.child) p.child = { tools: user.childTools ?? DEFAULT_CHILD_TOOLS };
  return p;
}
