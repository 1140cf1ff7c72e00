// The approvals queue: proposals from any producer, shown only to whom they wait on; an approval claims the row before applying it.
import { Brackets, type DataSource, type Repository } from 'typeorm';
import type {
  ApplyResult,
  ApprovalKindDefinition,
  Approver,
  ProposalField,
  ProposalView,
} from '../contracts/approval-kind.ts';
import { fail } from '../contracts/errors.ts';
import type { Registry } from '../contracts/registry.ts';
import { ProposedAction } from './proposed-action.entity.ts';

/** Open rows wait on someone: drafts, failed ones (back in review) and deferred ones. */
export const OPEN_STATES = ['draft', 'failed', 'deferred'] as const;

type Kinds = Registry<ApprovalKindDefinition<any>>;

/** What a producer files. */
export interface ProposeInput {
  kind: string;
  /** The producing plugin's id. */
  sourceKind: string;
  sourceId: string;
  /** The person it waits on (required for a `person` kind, ignored for an `owners` kind). */
  userId?: string;
  payload: unknown;
}

/** Extra a resolution may carry: a note the producer keeps (the notepad: a correction memory). */
export interface Resolution {
  remember?: string;
}

/** What an edit did: applied the changed payload, or withdrew the row and handed the text to its producer. */
export type EditOutcome = { applied: ProposalView } | { withdrawn: ProposalView; revised: unknown };

/** The payload's problems as one readable line. */
function problems(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.map(String).join('.') || 'payload'}: ${i.message}`).join('; ');
}

/** Stores, shows and settles proposals. */
export class ApprovalQueue {
  private readonly repo: Repository<ProposedAction>;

  constructor(
    db: DataSource,
    private readonly kinds: Kinds,
  ) {
    this.repo = db.getRepository(ProposedAction);
  }

  view(row: ProposedAction): ProposalView {
    const def = this.kinds.get(row.kind);
    const summary = def ? def.describe(row.payload) : `${row.kind} (from ${row.sourceKind})`;
    const fields: ProposalField[] = def?.fields?.(row.payload) ?? [{ label: 'What', value: summary }];
    return {
      id: row.id,
      kind: row.kind,
      audience: row.audience,
      userId: row.userId,
      summary,
      fields,
      payload: row.payload,
      state: row.state,
      sourceKind: row.sourceKind,
      sourceId: row.sourceId,
      error: row.error,
      result: row.result,
      blocked: def ? (def.blocked?.(row.payload) ?? null) : 'its plugin is off',
      createdAt: row.createdAt,
      resolvedAt: row.resolvedAt,
    };
  }

  /** Files a proposal after checking its payload against its kind. */
  async propose(input: ProposeInput): Promise<ProposalView> {
    const def = this.kinds.get(input.kind);
    if (!def) throw fail.invalid('UNKNOWN_KIND', `unknown kind "${input.kind}"`);
    const parsed = def.payload.safeParse(input.payload);
    if (!parsed.success) throw fail.invalid('INVALID_PAYLOAD', problems(parsed.error.issues));
    if (def.audience === 'person' && !input.userId)
      throw fail.invalid('NO_PERSON', `a ${input.kind} proposal needs the person it is for`);
    const row = await this.repo.save(
      this.repo.create({
        userId: def.audience === 'person' ? input.userId : null,
        audience: def.audience,
        sourceKind: input.sourceKind,
        sourceId: input.sourceId,
        kind: input.kind,
        payload: parsed.data as Record<string, unknown>,
        state: 'draft',
        error: null,
        result: null,
        resolvedBy: null,
        createdAt: new Date(),
        resolvedAt: null,
      }),
    );
    return this.view(row);
  }

  /** Open rows waiting on this person: their own, and the owners' rows when they are an owner. Oldest first. */
  async pending(by: Approver, filter: { sourceKind?: string } = {}): Promise<ProposalView[]> {
    const q = this.repo
      .createQueryBuilder('p')
      .where('p.state IN (:...open)', { open: [...OPEN_STATES] })
      .andWhere(
        new Brackets((b) => {
          b.where("p.audience = 'person' AND p.user_id = :me", { me: by.userId });
          if (by.role === 'owner') b.orWhere("p.audience = 'owners'");
        }),
      );
    if (filter.sourceKind) q.andWhere('p.source_kind = :sk', { sk: filter.sourceKind });
    return (await q.orderBy('p.id', 'ASC').getMany()).map((r) => this.view(r));
  }

  /** Every row a producer filed for one of its sources (any state, any audience: for the producer's own use). */
  async bySource(sourceKind: string, sourceId: string): Promise<ProposalView[]> {
    const rows = await this.repo.find({ where: { sourceKind, sourceId }, order: { id: 'ASC' } });
    return rows.map((r) => this.view(r));
  }

  /** One row, if this person may see it; anyone else gets not-found (a member never learns an owners row exists). */
  async get(id: number, by: Approver): Promise<ProposalView> {
    return this.view(await this.visible(id, by));
  }

  /** Applies an open row as `by`; the row is claimed first, so only one approval ever applies it. A failure returns it to review. */
  async approve(
    id: number,
    by: Approver,
    opts: { edit?: Record<string, unknown> } & Resolution = {},
  ): Promise<ProposalView> {
    const row = await this.openRow(id, by);
    const def = this.kinds.get(row.kind);
    if (!def)
      throw fail.unavailable('KIND_UNAVAILABLE', `proposal ${id} cannot be applied: its plugin is off`);
    let payload = row.payload;
    if (opts.edit) {
      const parsed = def.payload.safeParse({ ...row.payload, ...opts.edit });
      if (!parsed.success) throw fail.invalid('INVALID_PAYLOAD', problems(parsed.error.issues));
      payload = parsed.data as Record<string, unknown>;
    }
    const blocked = def.blocked?.(payload);
    if (blocked) throw fail.unavailable('NOT_APPLIABLE', `proposal ${id} cannot be applied: ${blocked}`);
    // the claim stores the (edited) payload too: whatever happens next, the text the person approved is kept
    const claimed = await this.repo.update(
      { id, state: row.state },
      { state: 'approved', payload: payload as never, resolvedBy: by.userId, error: null },
    );
    if (!claimed.affected) throw this.settledError(id, await this.repo.findOneByOrFail({ id }));
    let outcome: ApplyResult;
    try {
      outcome = await def.apply(payload, {
        id,
        sourceId: row.sourceId,
        by,
        idempotencyKey: `quorra-proposal-${id}`,
      });
    } catch (err) {
      outcome = { ok: false, error: (err as Error).message };
    }
    await this.repo.update(
      { id },
      outcome.ok
        ? { state: 'applied', result: outcome.result ?? null, resolvedAt: new Date() }
        : { state: 'failed', error: outcome.error, resolvedAt: null },
    );
    return this.settled(id, def, by, opts.remember);
  }

  /** Edit with the person's text: a field kind applies the changed payload, a revising kind hands the text to its producer. */
  async edit(id: number, by: Approver, text: string, r: Resolution = {}): Promise<EditOutcome> {
    const row = await this.openRow(id, by);
    const def = this.kinds.get(row.kind);
    if (!def?.edit) throw fail.conflict('NOT_EDITABLE', `proposal ${id} cannot be edited`);
    if ('field' in def.edit)
      return { applied: await this.approve(id, by, { edit: { [def.edit.field]: text }, ...r }) };
    const withdrawn = await this.close(id, by, 'rejected', r);
    return { withdrawn, revised: await def.edit.revise(withdrawn, text, by) };
  }

  reject(id: number, by: Approver, r: Resolution = {}): Promise<ProposalView> {
    return this.close(id, by, 'rejected', r);
  }

  /** Defers to tomorrow: it stays open and comes up again. */
  defer(id: number, by: Approver, r: Resolution = {}): Promise<ProposalView> {
    return this.close(id, by, 'deferred', r);
  }

  /** Rows a stop interrupted while being applied go back to review, saying so (an idempotent apply finishes safely on retry). */
  async recoverInterrupted(): Promise<number> {
    const r = await this.repo.update(
      { state: 'approved' },
      {
        state: 'failed',
        error: 'Quorra stopped while applying this; approve again to finish it',
        resolvedAt: null,
      },
    );
    return r.affected ?? 0;
  }

  private async close(id: number, by: Approver, state: 'rejected' | 'deferred', r: Resolution) {
    const row = await this.openRow(id, by);
    const done = await this.repo.update(
      { id, state: row.state },
      { state, resolvedBy: by.userId, resolvedAt: state === 'rejected' ? new Date() : null },
    );
    if (!done.affected) throw this.settledError(id, await this.repo.findOneByOrFail({ id }));
    return this.settled(id, this.kinds.get(row.kind), by, r.remember);
  }

  private async settled(
    id: number,
    def: ApprovalKindDefinition<any> | undefined,
    by: Approver,
    remember?: string,
  ) {
    const view = this.view(await this.repo.findOneByOrFail({ id }));
    await def?.settled?.(view, { by, remember });
    return view;
  }

  private async visible(id: number, by: Approver): Promise<ProposedAction> {
    const row = await this.repo.findOneBy({ id });
    const mine = row && (row.audience === 'owners' ? by.role === 'owner' : row.userId === by.userId);
    if (!row || !mine) throw fail.notFound(`proposal ${id}`);
    return row;
  }

  private async openRow(id: number, by: Approver): Promise<ProposedAction> {
    const row = await this.visible(id, by);
    if (!(OPEN_STATES as readonly string[]).includes(row.state)) throw this.settledError(id, row);
    return row;
  }

  private settledError(id: number, row: ProposedAction) {
    const what = row.state === 'approved' ? 'being applied right now' : `already ${row.state}`;
    return fail.conflict('PROPOSAL_SETTLED', `proposal ${id} is ${what}`, { state: row.state });
  }
}
