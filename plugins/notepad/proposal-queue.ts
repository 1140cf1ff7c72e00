// The approvals queue: proposals from any producer; approve applies through the owning plugin's tool, a failure goes back to review.
import { type DataSource, In, type Repository } from 'typeorm';
import { fail } from '../../core/errors.ts';
import type { ToolCallsCapability } from '../../core/plugin/capabilities.ts';
import { actionKinds, checkPayload, describeAction } from './action-kinds.ts';
import { ProposedAction } from './proposed-action.entity.ts';

/** A proposal as people and routes see it. */
export interface ProposalView {
  id: number;
  kind: string;
  summary: string;
  payload: Record<string, unknown>;
  state: ProposedAction['state'];
  sourceKind: string;
  sourceId: string;
  error: string | null;
  /** False when the plugin that would apply it is off (it stays proposed). */
  appliable: boolean;
  createdAt: Date;
}

/** Open proposals are drafts, failed ones (back in review) and deferred ones. */
const open = ['draft', 'failed', 'deferred'] as const;

/** Stores proposals and settles them. */
export class ProposalQueue {
  private readonly repo: Repository<ProposedAction>;

  constructor(
    db: DataSource,
    private readonly tools: ToolCallsCapability,
  ) {
    this.repo = db.getRepository(ProposedAction);
  }

  view(p: ProposedAction): ProposalView {
    const def = actionKinds[p.kind as keyof typeof actionKinds];
    return {
      id: p.id,
      kind: p.kind,
      summary: describeAction(p.kind, p.payload),
      payload: p.payload,
      state: p.state,
      sourceKind: p.sourceKind,
      sourceId: p.sourceId,
      error: p.error,
      appliable: !!def && this.tools.has(def.tool),
      createdAt: p.createdAt,
    };
  }

  /** Adds a proposal after checking its payload against its kind. */
  async propose(input: {
    userId: string;
    sourceKind: string;
    sourceId: string;
    kind: string;
    payload: unknown;
  }) {
    const checked = checkPayload(input.kind, input.payload);
    if (!checked.ok) throw fail.invalid('INVALID_PAYLOAD', checked.problem);
    const row = this.repo.create({
      userId: input.userId,
      sourceKind: input.sourceKind,
      sourceId: input.sourceId,
      kind: checked.kind,
      payload: checked.payload,
      state: 'draft',
      error: null,
      createdAt: new Date(),
      resolvedAt: null,
    });
    return this.repo.save(row);
  }

  async pending(userId: string): Promise<ProposalView[]> {
    const rows = await this.repo.find({ where: { userId, state: In([...open]) }, order: { id: 'ASC' } });
    return rows.map((r) => this.view(r));
  }

  async bySource(sourceKind: string, sourceId: string): Promise<ProposedAction[]> {
    return this.repo.find({ where: { sourceKind, sourceId }, order: { id: 'ASC' } });
  }

  async get(userId: string, id: number): Promise<ProposedAction | null> {
    return this.repo.findOneBy({ userId, id });
  }

  /** Applies an open proposal as its person; only one approval applies it, a failure returns it to review with the error. */
  async approve(userId: string, id: number, edited?: unknown): Promise<ProposalView> {
    const row = await this.openRow(userId, id);
    if (edited !== undefined) {
      const checked = checkPayload(row.kind, { ...row.payload, ...(edited as object) });
      if (!checked.ok) throw fail.invalid('INVALID_PAYLOAD', checked.problem);
      row.payload = checked.payload;
    }
    const def = actionKinds[row.kind as keyof typeof actionKinds];
    // claim the row first so a double click or a second surface cannot apply it twice
    const claimed = await this.repo.update(
      { id: row.id, state: row.state },
      { state: 'applied', resolvedAt: new Date() },
    );
    if (!claimed.affected) throw fail.conflict('PROPOSAL_SETTLED', `proposal ${id} was already settled`);
    const result = await this.tools.call(def.tool, row.payload, {
      userId,
      sessionId: `proposal:${row.id}`,
    });
    if (result.ok) {
      await this.repo.update({ id: row.id }, { payload: row.payload as never, error: null });
    } else {
      await this.repo.update(
        { id: row.id },
        { state: 'failed', error: result.message, resolvedAt: null, payload: row.payload as never },
      );
    }
    return this.view(await this.repo.findOneByOrFail({ id: row.id }));
  }

  async reject(userId: string, id: number): Promise<ProposalView> {
    return this.settle(userId, id, 'rejected');
  }

  /** Defers to tomorrow: it stays open and comes up in the next morning's summary. */
  async defer(userId: string, id: number): Promise<ProposalView> {
    return this.settle(userId, id, 'deferred');
  }

  private async settle(userId: string, id: number, state: 'rejected' | 'deferred') {
    const row = await this.openRow(userId, id);
    await this.repo.update({ id: row.id }, { state, resolvedAt: state === 'rejected' ? new Date() : null });
    return this.view(await this.repo.findOneByOrFail({ id: row.id }));
  }

  private async openRow(userId: string, id: number): Promise<ProposedAction> {
    const row = await this.repo.findOneBy({ userId, id });
    if (!row) throw fail.notFound(`proposal ${id}`);
    if (!(open as readonly string[]).includes(row.state))
      throw fail.conflict('PROPOSAL_SETTLED', `proposal ${id} is already ${row.state}`);
    return row;
  }
}
