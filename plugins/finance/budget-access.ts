// Which budget a turn, a command or a request may see: a workspace's finance binding pins one; guests see none.

import { type ErrorCode, type Principal, QuorraError, type WorkspacesCapability } from 'quorra/plugin';
import type { BudgetRegistry } from './budget-registry.ts';

/** Not allowed to see a budget: the same forbidden answer everywhere (403 over HTTP). */
const forbidden = (code: ErrorCode, message: string) =>
  new QuorraError(code, message, undefined, 'forbidden');

/** Who is asking, as far as budget access goes. */
export interface Asker {
  userId: string;
  role: 'owner' | 'member';
}

export class BudgetAccess {
  constructor(
    private readonly budgets: BudgetRegistry,
    private readonly workspaces: WorkspacesCapability,
  ) {}

  /** The budget a workspace's finance binding pins (the default when it names none), or null without a binding. */
  async pinnedBy(workspace: string): Promise<string | null> {
    const binding = await this.workspaces.binding(workspace, 'finance');
    if (!binding) return null;
    const id = binding.dataWindow.budget;
    return typeof id === 'string' ? id : this.budgets.defaultId;
  }

  /**
   * Budgets a person may see outside a workspace: the owner all of them; a member those the finance binding of a
   * workspace they may use shares (a workspace nobody gave them shares nothing with them).
   */
  async allowed(asker: Asker): Promise<string[]> {
    const all = this.budgets.list().map((b) => b.id);
    if (asker.role === 'owner') return all;
    const shared = new Set<string>();
    for (const w of await this.workspaces.listFor(asker.userId)) {
      const pinned = await this.pinnedBy(w.slug);
      if (pinned) shared.add(pinned);
    }
    return all.filter((id) => shared.has(id));
  }

  /**
   * The one budget a turn works on: in a workspace the pinned budget and nothing else; in personal chat the
   * default budget when the person may see it. Throws a coded error otherwise (guests never get one).
   */
  async forTurn(principal: Principal | undefined, workspace: string | null | undefined): Promise<string> {
    if (principal?.kind !== 'user')
      throw forbidden('FINANCE_NOT_ALLOWED', 'finance is for household members');
    if (workspace) {
      const pinned = await this.pinnedBy(workspace);
      if (!pinned || !this.budgets.has(pinned))
        throw forbidden('FINANCE_NOT_BOUND', 'this workspace has no finance budget');
      return pinned;
    }
    const id = this.budgets.defaultId;
    if (!(await this.allowed(principal)).includes(id))
      throw forbidden('FINANCE_NOT_ALLOWED', 'no budget is shared with you');
    return id;
  }

  /** A budget asked for by id (HTTP, the admin view), checked against what the person may see. */
  async check(asker: Asker, id: string | undefined): Promise<string> {
    const allowed = await this.allowed(asker);
    const wanted = id ?? (allowed.includes(this.budgets.defaultId) ? this.budgets.defaultId : allowed[0]);
    if (!wanted || !allowed.includes(wanted))
      throw forbidden(
        'FINANCE_NOT_ALLOWED',
        id ? `budget "${id}" is not shared with you` : 'no budget is shared with you',
      );
    return wanted;
  }
}
