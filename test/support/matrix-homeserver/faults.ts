// Failures the test asks for: the next n matching requests answer 429 M_LIMIT_EXCEEDED, or fail with a chosen error.
import { MatrixApiError } from './errors.ts';

/** The parts of a request a fault can match on. */
export interface RequestInfo {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
  userId?: string;
}

/** A path regex, or a predicate over the request. */
export type RequestMatcher = RegExp | ((req: RequestInfo) => boolean);

/** Options for rateLimitNext. */
export interface RateLimitOptions {
  retryAfterMs: number;
  match?: RequestMatcher;
}

/** Options for failNext. */
export interface FailOptions {
  match?: RequestMatcher;
  status?: number;
  errcode?: string;
  error?: string;
}

interface Fault {
  remaining: number;
  match?: RequestMatcher;
  make: () => MatrixApiError;
}

/** A queue of injected failures, consumed in the order they were added. */
export class Faults {
  private faults: Fault[] = [];

  /** Makes the next n matching requests answer 429 `{errcode:'M_LIMIT_EXCEEDED', retry_after_ms}`. */
  rateLimitNext(n: number, opts: RateLimitOptions): void {
    const make = () =>
      new MatrixApiError(429, 'M_LIMIT_EXCEEDED', 'Too Many Requests', { retry_after_ms: opts.retryAfterMs });
    this.faults.push({ remaining: n, match: opts.match, make });
  }

  /** Makes the next n matching requests fail (500 M_UNKNOWN unless told otherwise). */
  failNext(n: number, opts: FailOptions = {}): void {
    const make = () =>
      new MatrixApiError(
        opts.status ?? 500,
        opts.errcode ?? 'M_UNKNOWN',
        opts.error ?? 'Internal server error',
      );
    this.faults.push({ remaining: n, match: opts.match, make });
  }

  /** The error a request must answer with, consuming one use of the first matching fault; undefined if none. */
  take(req: RequestInfo): MatrixApiError | undefined {
    const i = this.faults.findIndex((f) => matches(f.match, req));
    if (i < 0) return undefined;
    const fault = this.faults[i];
    if (--fault.remaining <= 0) this.faults.splice(i, 1);
    return fault.make();
  }

  /** Faults not yet used up. */
  get pending(): number {
    return this.faults.reduce((n, f) => n + f.remaining, 0);
  }

  /** Drops every pending fault. */
  clear(): void {
    this.faults = [];
  }
}

function matches(match: RequestMatcher | undefined, req: RequestInfo): boolean {
  if (!match) return true;
  if (match instanceof RegExp) return match.test(req.path);
  return match(req);
}
