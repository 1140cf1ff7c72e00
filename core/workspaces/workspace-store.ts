// Workspaces and their service bindings: atomic creation with a provisioned vault folder, edits, and lookups.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { type Disposable, toDisposable } from '../contracts/disposable.ts';
import { fail } from '../contracts/errors.ts';
import type { Principal } from '../contracts/principal.ts';
import { EntityRows } from '../db/entity-rows.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { slugify } from '../text/slugify.ts';
import { labelKey } from '../text/text-safety.ts';
import { Workspace } from './workspace.entity.ts';
import { WorkspaceBinding } from './workspace-binding.entity.ts';
import {
  type BindingInput,
  bindingsOf,
  type NewWorkspace,
  newWorkspaceSchema,
  type WorkspaceChange,
  workspaceChangeSchema,
} from './workspace-input.ts';
import { WorkspaceMember } from './workspace-member.entity.ts';

const RESERVED_SLUGS = ['personal'];
/** Personas only a hosting workspace may offer (a guest is never served in the household's own rooms). */
export const HOSTING_ONLY_PERSONAS = ['guest-concierge'];

/** Creates and reads workspaces; the vault folder lives at `<vaultRoot>/workspaces/<slug>`. */
export class WorkspaceStore {
  private readonly createdListeners = new Set<(w: Workspace) => void | Promise<void>>();
  private readonly changedListeners = new Set<() => void>();
  private rows?: EntityRows<Workspace>;

  constructor(
    private readonly db: DataSource,
    private readonly vaultRoot: string,
    private readonly knownServices: () => string[],
    private readonly knownPersonas: string[],
  ) {}

  private async freeSlug(name: string): Promise<string> {
    const base = slugify(name, 48, 'workspace');
    const repo = this.db.getRepository(Workspace);
    let slug = base;
    // `personal` names the no-workspace context (Dream's settings, the owner's filters), so no workspace may take it
    for (let n = 2; RESERVED_SLUGS.includes(slug) || (await repo.existsBy({ slug })); n++)
      slug = `${base}-${n}`;
    return slug;
  }

  /** What a new workspace may bind and offer: the services plugins provide and the personas Quorra has. */
  options(): { services: string[]; personas: string[] } {
    return { services: [...this.knownServices()].sort(), personas: [...this.knownPersonas] };
  }

  /** Creates a workspace: folder, row and bindings together, or none of them. */
  async create(
    input: NewWorkspace,
    createdBy: string | null,
  ): Promise<Workspace & { bindings: WorkspaceBinding[] }> {
    const w = newWorkspaceSchema.parse(input);
    const bindings = bindingsOf(w.services);
    this.checkServices(bindings);
    const personas = w.personas ?? (w.kind === 'hosting' ? ['owner', 'guest-concierge'] : ['owner']);
    this.checkPersonas(personas, w.kind);
    if (!w.allow_duplicate_name) await this.checkNameFree(w.name, null);
    const slug = await this.freeSlug(w.name);
    const dataDir = path.join(this.vaultRoot, 'workspaces', slug);
    const createdDir = !existsSync(dataDir);
    mkdirSync(dataDir, { recursive: true });
    let created: Workspace & { bindings: WorkspaceBinding[] };
    try {
      created = await this.db.transaction(async (em) => {
        const row = em.getRepository(Workspace).create({
          slug,
          name: w.name,
          description: w.description,
          kind: w.kind,
          matrixRoomId: w.matrix_room_id ?? null,
          dataDir,
          personas,
          createdBy,
          createdAt: new Date(),
        });
        await em.getRepository(Workspace).insert(row);
        const rows = bindings.map((b) =>
          em.getRepository(WorkspaceBinding).create({ workspace: slug, ...b, createdAt: new Date() }),
        );
        await em.getRepository(WorkspaceBinding).save(rows);
        return Object.assign(row, { bindings: rows });
      });
    } catch (err) {
      if (createdDir) rmSync(dataDir, { recursive: true, force: true });
      throw roomTaken(err);
    }
    for (const fn of this.changedListeners) fn();
    // the workspace exists now: a listener's failure is its own, never a rollback
    for (const fn of this.createdListeners) await Promise.resolve(fn(created)).catch(() => undefined);
    return created;
  }

  /** Changes what was sent, in one transaction: a new services list replaces every binding (and with it the tools
   * and data the workspace's sessions reach from their next turn). */
  async update(slug: string, input: WorkspaceChange): Promise<Workspace & { bindings: WorkspaceBinding[] }> {
    const change = workspaceChangeSchema.parse(input);
    const current = await this.get(slug);
    if (!current) throw fail.notFound('workspace');
    const bindings = change.services ? bindingsOf(change.services) : null;
    if (bindings) this.checkServices(bindings);
    if (change.personas) this.checkPersonas(change.personas, current.kind);
    if (change.name !== undefined && !change.allow_duplicate_name)
      await this.checkNameFree(change.name, slug);
    try {
      await this.db.transaction(async (em) => {
        const patch: Partial<Workspace> = {};
        if (change.name !== undefined) patch.name = change.name;
        if (change.description !== undefined) patch.description = change.description;
        if (change.personas) patch.personas = change.personas;
        if (change.matrix_room_id !== undefined) patch.matrixRoomId = change.matrix_room_id;
        if (Object.keys(patch).length) await em.getRepository(Workspace).update({ slug }, patch);
        if (!bindings) return;
        await em.getRepository(WorkspaceBinding).delete({ workspace: slug });
        const repo = em.getRepository(WorkspaceBinding);
        await repo.save(bindings.map((b) => repo.create({ workspace: slug, ...b, createdAt: new Date() })));
      });
    } catch (err) {
      throw roomTaken(err);
    } finally {
      for (const fn of this.changedListeners) fn();
    }
    const updated = (await this.get(slug))!;
    return Object.assign(updated, { bindings: await this.bindings(slug) });
  }

  private checkServices(bindings: BindingInput[]): void {
    const unknown = bindings.map((b) => b.service).filter((s) => !this.knownServices().includes(s));
    if (unknown.length)
      throw fail.invalid('UNKNOWN_SERVICE', `unknown service(s): ${unknown.join(', ')}`, {
        known: this.knownServices(),
      });
  }

  private checkPersonas(personas: string[], kind: string): void {
    const badPersona = personas.filter((p) => !this.knownPersonas.includes(p));
    if (badPersona.length)
      throw fail.invalid('UNKNOWN_PERSONA', `unknown persona(s): ${badPersona.join(', ')}`);
    if (personas.some((p) => HOSTING_ONLY_PERSONAS.includes(p)) && kind !== 'hosting') {
      throw fail.invalid('PERSONA_NOT_ALLOWED', 'only a hosting workspace can offer the guest concierge');
    }
  }

  /** 409 when another workspace (not `self`) already has this name, up to case and spacing. */
  private async checkNameFree(name: string, self: string | null): Promise<void> {
    const key = labelKey(name);
    const same = (await this.list()).find((x) => x.slug !== self && labelKey(x.name) === key);
    if (same)
      throw fail.conflict(
        'WORKSPACE_NAME_TAKEN',
        `a workspace named "${same.name}" exists (${same.slug}); send allow_duplicate_name: true to ${self ? 'use the name anyway' : 'create another'}`,
        { existing: same.slug },
      );
  }

  /** Calls `fn` (synchronously) after any workspace was created or edited, e.g. to drop what was read of them. */
  onChanged(fn: () => void): Disposable {
    this.changedListeners.add(fn);
    return toDisposable(() => void this.changedListeners.delete(fn));
  }

  /** Calls `fn` after each workspace is created (e.g. to open a guest window); dispose stops it. */
  onCreated(fn: (w: Workspace) => void | Promise<void>): Disposable {
    this.createdListeners.add(fn);
    return toDisposable(() => void this.createdListeners.delete(fn));
  }

  /** Every workspace, oldest first. */
  /** Every workspace, oldest first (read for every turn in personal chat: a hand-written statement). */
  async list(): Promise<Workspace[]> {
    this.rows ??= new EntityRows(this.db, Workspace);
    const r = this.rows;
    const rows = await r.query({
      sql: `SELECT * FROM "${r.table}" ORDER BY ${r.col('createdAt')} ASC`,
      params: [],
    });
    return rows.map((row) => r.hydrate(row));
  }

  get(slug: string): Promise<Workspace | null> {
    return this.db.getRepository(Workspace).findOneBy({ slug });
  }

  /** The workspace living in a Matrix room. */
  byRoom(roomId: string): Promise<Workspace | null> {
    return this.db.getRepository(Workspace).findOneBy({ matrixRoomId: roomId });
  }

  bindings(slug: string): Promise<WorkspaceBinding[]> {
    return this.db.getRepository(WorkspaceBinding).find({ where: { workspace: slug }, order: { id: 'ASC' } });
  }

  /** True when this person may use the workspace: owners always, its creator, and members the owner granted it. */
  async mayUse(principal: Principal, slug: string): Promise<boolean> {
    if (principal.kind === 'reservation') return principal.workspace === slug;
    if (principal.role === 'owner') return true;
    const w = await this.get(slug);
    if (!w) return false;
    if (w.createdBy === principal.userId) return true;
    return this.db.getRepository(WorkspaceMember).existsBy({ workspace: slug, userId: principal.userId });
  }

  /** The workspaces this person may use, oldest first (owners: every one). */
  async listFor(principal: Principal): Promise<Workspace[]> {
    const all = await this.list();
    if (principal.kind === 'reservation') return all.filter((w) => w.slug === principal.workspace);
    if (principal.role === 'owner') return all;
    const granted = new Set(
      (await this.db.getRepository(WorkspaceMember).findBy({ userId: principal.userId })).map(
        (m) => m.workspace,
      ),
    );
    return all.filter((w) => granted.has(w.slug) || w.createdBy === principal.userId);
  }

  /** The people granted this workspace (owners reach it without a row). */
  members(slug: string): Promise<WorkspaceMember[]> {
    return this.db.getRepository(WorkspaceMember).find({ where: { workspace: slug }, order: { id: 'ASC' } });
  }

  /** Grants a person the workspace; granting twice is the same as once. */
  async grant(slug: string, userId: string, grantedBy: string | null): Promise<void> {
    if (!(await this.get(slug))) throw fail.notFound('workspace');
    const repo = this.db.getRepository(WorkspaceMember);
    if (await repo.existsBy({ workspace: slug, userId })) return;
    try {
      await repo.insert({ workspace: slug, userId, grantedBy, createdAt: new Date() });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // a concurrent grant of the same pair already did it
    }
  }

  /** Takes the workspace away from a person; their next turn there is refused. */
  async revoke(slug: string, userId: string): Promise<void> {
    if (!(await this.get(slug))) throw fail.notFound('workspace');
    await this.db.getRepository(WorkspaceMember).delete({ workspace: slug, userId });
  }

  /** The scope a household user gets in a workspace: its bound services (at least general). */
  async derivedScope(slug: string): Promise<string[]> {
    const services = (await this.bindings(slug)).map((b) => b.service);
    return services.length ? services : ['general'];
  }
}

/** A write that hit the unique room column is a conflict the caller can act on; anything else stays itself. */
function roomTaken(err: unknown): unknown {
  return isUniqueViolation(err, 'matrix_room_id')
    ? fail.conflict('ROOM_TAKEN', 'that Matrix room already belongs to another workspace')
    : err;
}
