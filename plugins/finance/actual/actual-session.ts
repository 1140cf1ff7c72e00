// One @actual-app/api engine per process (the library is a singleton): calls queue, each runs on the budget it names.
import { mkdirSync } from 'node:fs';
import { fail } from 'quorra/plugin';

export type ActualApi = typeof import('@actual-app/api');

// loaded on first use: the library is large, and most households never configure an Actual budget
let actual: ActualApi;
let opened: { dataDir: string; loaded: string | null } | null = null;
let tail: Promise<unknown> = Promise.resolve();
let users = 0;

/** A handle on the shared engine for one local budget directory. */
export class ActualSession {
  private closed = false;

  constructor(private readonly dataDir: string) {
    users++;
  }

  /** Runs fn with the budget (local id or name) loaded; calls never interleave. */
  run<T>(budget: string, fn: (api: ActualApi) => Promise<T>): Promise<T> {
    if (this.closed)
      return Promise.reject(fail.unavailable('FINANCE_BACKEND_CLOSED', 'the Actual budget is closed'));
    const next = tail.then(async () => {
      await this.open();
      await this.load(budget);
      return fn(actual);
    });
    tail = next.catch(() => undefined);
    return next;
  }

  private async open(): Promise<void> {
    if (opened?.dataDir === this.dataDir) return;
    actual ??= await import('@actual-app/api');
    if (opened) await actual.shutdown();
    mkdirSync(this.dataDir, { recursive: true });
    await actual.init({ dataDir: this.dataDir, verbose: false });
    opened = { dataDir: this.dataDir, loaded: null };
  }

  private async load(budget: string): Promise<void> {
    if (!opened || opened.loaded === budget) return;
    const found = (await actual.getBudgets()).find((b) => b.id === budget || b.name === budget);
    if (!found?.id)
      throw fail.unavailable(
        'FINANCE_ACTUAL_BUDGET_MISSING',
        `no Actual budget "${budget}" in ${this.dataDir}`,
      );
    await actual.loadBudget(found.id);
    opened.loaded = budget;
  }

  /** Creates a new local budget file named `name` (what a first run or a test does); returns its local id. */
  create(name: string): Promise<string> {
    const next = tail.then(async () => {
      await this.open();
      await actual.runImport(name, async () => {});
      if (opened) opened.loaded = null;
      const found = (await actual.getBudgets()).filter((b) => b.name === name).pop();
      if (!found?.id) throw fail.unavailable('FINANCE_ACTUAL_BUDGET_MISSING', `could not create "${name}"`);
      return found.id;
    });
    tail = next.catch(() => undefined);
    return next;
  }

  /** Releases this handle; the engine shuts down when the last one closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    users--;
    const last = tail.then(async () => {
      if (users === 0 && opened) {
        opened = null;
        await actual.shutdown();
      }
    });
    tail = last.catch(() => undefined);
    await last;
  }
}
