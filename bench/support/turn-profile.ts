// Where a chat turn's time goes: exclusive time per named step and per SQL statement, for bench/growth-bench.ts.
import Database from 'better-sqlite3';

/** Time and calls of one statement (its `IN (?,?,…)` lists folded, so one query shape is one line). */
export interface StatementCost {
  sql: string;
  /** The statement as prepared last (runnable, unlike the folded `sql`). */
  source: string;
  step: string;
  calls: number;
  ms: number;
  /** The last call's arguments, to EXPLAIN the statement with. */
  args: unknown[];
}

/** A snapshot of what the measured turns cost, per turn. */
export interface TurnBreakdown {
  turns: number;
  steps: Map<string, number>;
  statements: StatementCost[];
}

interface Tally {
  steps: Map<string, number>;
  statements: Map<string, StatementCost>;
  turns: number;
}

interface Frame {
  label: string;
  start: number;
  children: number;
}

const ROOT = 'engine (rest of the turn)';
// One query shape whatever the length of its lists: `IN (?,?,?)` and `VALUES (?), (?)` become one `(?…)`.
const fold = (sql: string) =>
  sql
    .replace(/\s+/g, ' ')
    .replace(/CAST\(\? AS \w+\)/g, '?')
    .replace(/\((\s*\?\s*,)+\s*\?\s*\)/g, '(?…)')
    .replace(/\(\?\)(\s*,\s*\(\?\))+/g, '(?…)')
    .replace(/\(\?…\)(\s*,\s*\(\?…\))+/g, '(?…)')
    .trim();

/**
 * Steps nest (the knowledge search inside the tool call inside the tool loop); each records only its own time,
 * so the steps add up to the turn. Turns must run one after another (the bench alternates them): the stack is
 * global.
 */
export class TurnProfile {
  private readonly stack: Frame[] = [];
  private readonly tallies = new Map<string, Tally>();
  private current?: Tally;
  private get active(): boolean {
    return this.current !== undefined;
  }

  constructor() {
    this.watchSqlite();
  }

  /** Runs one turn under the profile, counted in `bucket` (e.g. the household it ran on). */
  async turn<T>(bucket: string, fn: () => Promise<T>): Promise<T> {
    const tally = this.tallies.get(bucket) ?? { steps: new Map(), statements: new Map(), turns: 0 };
    this.tallies.set(bucket, tally);
    this.current = tally;
    try {
      return await this.step(ROOT, fn);
    } finally {
      this.current = undefined;
      tally.turns++;
    }
  }

  /** Times fn as `label` (exclusive of any step started inside it). */
  async step<T>(label: string, fn: () => Promise<T> | T): Promise<T> {
    if (!this.active) return fn();
    const frame: Frame = { label, start: performance.now(), children: 0 };
    this.stack.push(frame);
    try {
      return await fn();
    } finally {
      this.close(frame);
    }
  }

  /** Replaces obj[method] with a timed version of itself; a label function names the step from the arguments. */
  wrap<O extends object>(
    obj: O,
    method: keyof O & string,
    label: string | ((...args: any[]) => string),
  ): void {
    const original = obj[method] as unknown as (...a: unknown[]) => unknown;
    const profile = this;
    (obj as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      const run = () => original.apply(this, args);
      if (!profile.active) return run();
      const name = typeof label === 'string' ? label : label(...args);
      const frame: Frame = { label: name, start: performance.now(), children: 0 };
      profile.stack.push(frame);
      let out: unknown;
      try {
        out = run();
      } catch (err) {
        profile.close(frame);
        throw err;
      }
      if (out instanceof Promise) return out.finally(() => profile.close(frame));
      profile.close(frame);
      return out;
    };
  }

  /** Per-turn figures of a bucket's turns so far. */
  take(bucket: string): TurnBreakdown {
    const t = this.tallies.get(bucket) ?? { steps: new Map(), statements: new Map(), turns: 0 };
    const n = Math.max(1, t.turns);
    return {
      turns: t.turns,
      steps: new Map([...t.steps].map(([k, ms]) => [k, ms / n])),
      statements: [...t.statements.values()].map((s) => ({ ...s, calls: s.calls / n, ms: s.ms / n })),
    };
  }

  private close(frame: Frame): void {
    const i = this.stack.lastIndexOf(frame);
    if (i < 0) return;
    this.stack.splice(i, 1);
    const elapsed = performance.now() - frame.start;
    const steps = this.current?.steps;
    steps?.set(frame.label, (steps.get(frame.label) ?? 0) + elapsed - frame.children);
    const parent = this.stack[i - 1];
    if (parent) parent.children += elapsed;
  }

  // Every statement of every connection in this process: its time goes to the statement, not to a step.
  private watchSqlite(): void {
    const probe = new Database(':memory:');
    const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
    probe.close();
    const profile = this;
    for (const method of ['run', 'get', 'all'] as const) {
      const original = proto[method] as (...a: unknown[]) => unknown;
      proto[method] = function (this: { source: string }, ...args: unknown[]) {
        if (!profile.active) return original.apply(this, args);
        const t = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          profile.sqlDone(this.source, args, performance.now() - t);
        }
      };
    }
  }

  private sqlDone(source: string, args: unknown[], ms: number): void {
    const step = this.stack.at(-1)?.label ?? ROOT;
    const sql = fold(source);
    const key = `${step}\u0000${sql}`;
    const statements = this.current?.statements;
    if (!statements) return;
    const s = statements.get(key) ?? { sql, source, step, calls: 0, ms: 0, args };
    s.calls++;
    s.ms += ms;
    s.source = source;
    s.args = args;
    statements.set(key, s);
  }
}
