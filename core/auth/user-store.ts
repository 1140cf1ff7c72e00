// Household users: create, look up by id, Matrix ID or email, and seed from config.
import type { DataSource } from 'typeorm';
import { QuorraError } from '../errors.ts';
import { slugify } from '../text/slugify.ts';
import { newUserSchema } from './new-user-schema.ts';
import type { UserPrincipal } from './principal.ts';
import { User } from './user.entity.ts';

export type { NewUser } from './new-user-schema.ts';

import type { NewUser } from './new-user-schema.ts';

/** Reads and writes the users table. */
export class UserStore {
  constructor(private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(User);
  }

  /** Creates a user; the id is the given one or a unique slug of the name. Matrix IDs must be unused. */
  async add(input: NewUser): Promise<User> {
    const u = newUserSchema.parse(input);
    for (const mxid of u.matrix) {
      if (await this.findByMatrixId(mxid))
        throw new QuorraError('QUORRA_USER_MATRIX_TAKEN', `${mxid} already belongs to a user`);
    }
    let id = u.id ?? slugify(u.name, 48, 'user');
    if (u.id && (await this.repo.existsBy({ id })))
      throw new QuorraError('QUORRA_USER_EXISTS', `user "${id}" exists`);
    for (let n = 2; await this.repo.existsBy({ id }); n++) id = `${slugify(u.name, 48, 'user')}-${n}`;
    const user = this.repo.create({
      id,
      displayName: u.name,
      role: u.role,
      matrixIds: u.matrix,
      email: u.email ?? null,
      locale: u.locale,
      timezone: u.timezone,
      createdAt: new Date(),
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
            timezone: u.timezone,
          },
        );
    }
  }

  list(): Promise<User[]> {
    return this.repo.find({ order: { createdAt: 'ASC' } });
  }

  get(id: string): Promise<User | null> {
    return this.repo.findOneBy({ id });
  }

  /** Finds the user a Matrix ID is mapped to. */
  async findByMatrixId(mxid: string): Promise<User | null> {
    const rows = await this.repo
      .createQueryBuilder('u')
      .where('u.matrix_ids LIKE :p', { p: `%"${mxid}"%` })
      .getMany();
    return rows.find((r) => r.matrixIds.includes(mxid)) ?? null;
  }

  /** Finds the user with this email address. */
  findByEmail(email: string): Promise<User | null> {
    return this.repo.findOneBy({ email });
  }

  /** Every owner, oldest first (who gets household notices and whose timezone is the household's). */
  async owners(): Promise<User[]> {
    return this.repo.find({ where: { role: 'owner' }, order: { createdAt: 'ASC' } });
  }

  /** Finds a user by id, email or Matrix ID (what a trusted adapter may send). */
  async resolve(ref: string): Promise<User | null> {
    if (ref.startsWith('@')) return this.findByMatrixId(ref);
    if (ref.includes('@')) return this.findByEmail(ref);
    return this.get(ref);
  }
}

/** The principal for a stored user. */
export function principalOf(user: User): UserPrincipal {
  return { kind: 'user', userId: user.id, role: user.role, displayName: user.displayName };
}
