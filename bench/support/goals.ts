// The performance goals (issues 17 and 33), and how a bench reports one figure against its goal to bench/run-all.ts.

/**
 * Every goal `npm run bench` must print, in order; a goal no bench reported is shown as "not measured". A
 * `diagnostic` is printed with its figure and floor but is no goal any more: it sits at a floor the bench measures
 * (milliseconds, against seconds of model time), so it is not counted as met or missed.
 */
export const GOALS: ReadonlyArray<{ id: string; goal: string; diagnostic?: true }> = [
  { id: 'vectors.p50', goal: 'embedded vector query p50 <= 10 ms at 100k chunks x 768 dims' },
  { id: 'vectors.recall', goal: 'embedded vector recall@10 >= 0.95 against the exact answer' },
  { id: 'vectors.1m', goal: 'embedded vectors at 1M x 768 still answer (p50 and memory)' },
  {
    id: 'matrix.p50',
    goal: 'diagnostic: Matrix message -> reply p50 vs a bare echo bot, against the engine floor',
    diagnostic: true,
  },
  {
    id: 'matrix.p95',
    goal: 'diagnostic: Matrix message -> reply p95 vs a bare echo bot, against the engine floor',
    diagnostic: true,
  },
  { id: 'recall.p50', goal: 'memory recall p50 <= 2 ms at 100k memories' },
  { id: 'recall.ratio', goal: 'memory recall p50 100k/1k <= 3x' },
  { id: 'recall.quality', goal: 'memory recall@8 >= 0.95 against exhaustive BM25, whatever the age' },
  { id: 'dream.calls', goal: 'Dream <= 0.5 model calls per note on a realistic mix' },
  { id: 'dream.rate', goal: 'Dream >= 500 notes/s with an instant model' },
  { id: 'footprint.rss', goal: 'idle RSS <= 150 MB, every plugin enabled, Matrix connected' },
  { id: 'footprint.cold', goal: 'cold start to /health <= 1.5 s' },
  { id: 'http.health', goal: 'GET /health throughput >= 0.8x a bare Koa handler' },
  {
    id: 'http.chat',
    goal: 'diagnostic: /chat overhead over the engine, against a minimal Koa route around it',
    diagnostic: true,
  },
  { id: 'engine.overhead', goal: 'engine overhead per turn stays ~1.5 ms (keep)' },
  { id: 'growth.turn', goal: 'chat turn cost at 5 years of use <= 2x an empty database' },
  { id: 'statements.rate', goal: 'statement import >= 0.5x the rows/s of csv-parse alone (10,000-row CSV)' },
  { id: 'mcp.call', goal: 'an MCP tool call through Quorra <= 1.2x the same call with the SDK client' },
  { id: 'calendar.week', goal: 'a week of 5 years of events + 10 subscriptions: embedded <= 0.5x Radicale' },
  {
    id: 'tools.recall',
    goal: 'the needed tool is offered for >= 0.97 of the labelled requests (vs offering all)',
  },
  { id: 'tools.offered', goal: 'mean tools offered per turn <= 8' },
  {
    id: 'prefill.followup',
    goal: 'a follow-up evaluates <= 1.1 x its new tokens + 16 (embedded, tiny GGUF)',
  },
  { id: 'prefill.alternating', goal: 'alternating people evaluate <= their own part + new tokens' },
  {
    id: 'prefill.new_session',
    goal: 'a new session evaluates <= its own part + new tokens (shared prefix cached)',
  },
  {
    id: 'prompt.tokens',
    goal: 'general-scope system prompt + offered tool schemas <= 1,000 tokens (Qwen2.5)',
  },
] as const;

export type GoalId =
  | 'vectors.p50'
  | 'vectors.recall'
  | 'vectors.1m'
  | 'matrix.p50'
  | 'matrix.p95'
  | 'recall.p50'
  | 'recall.ratio'
  | 'recall.quality'
  | 'dream.calls'
  | 'dream.rate'
  | 'footprint.rss'
  | 'footprint.cold'
  | 'http.health'
  | 'http.chat'
  | 'engine.overhead'
  | 'growth.turn'
  | 'tools.recall'
  | 'tools.offered'
  | 'prefill.followup'
  | 'prefill.alternating'
  | 'prefill.new_session'
  | 'prompt.tokens'
  | 'statements.rate'
  | 'mcp.call'
  | 'calendar.week';

/** One measured figure: `value` in `unit`, compared with `target` (met when value <= target, or >= for 'min'). */
export interface GoalResult {
  id: GoalId;
  value: number;
  unit: string;
  target: number;
  direction: 'max' | 'min';
  /** What the figure was measured against, e.g. "bare Koa handler, same run". */
  baseline: string;
  /** Anything that makes the figure not exactly the goal's (other dimensions, smaller sizes). */
  note?: string;
}

export const GOAL_PREFIX = '##goal ';

export const isMet = (r: GoalResult) => (r.direction === 'max' ? r.value <= r.target : r.value >= r.target);

export function formatGoal(r: GoalResult): string {
  const cmp = r.direction === 'max' ? '<=' : '>=';
  const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
  return (
    `${isMet(r) ? 'met    ' : 'NOT met'}  ${fmt(r.value)}${r.unit} (goal ${cmp} ${fmt(r.target)}${r.unit};` +
    ` vs ${r.baseline})${r.note ? ` [${r.note}]` : ''}`
  );
}

/** Prints the figure for a reader and a machine-readable line that run-all collects into its summary. */
export function reportGoal(r: GoalResult): void {
  console.log(`  goal ${r.id}: ${formatGoal(r)}`);
  console.log(`${GOAL_PREFIX}${JSON.stringify(r)}`);
}
