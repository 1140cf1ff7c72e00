// A bounded in-memory map keyed by session: what the engine keeps per recent session (a lost entry costs little).

/** Sessions remembered at most; the oldest-touched is forgotten first. */
const MAX_SESSIONS = 2000;

/** Per-session values, the least recently set forgotten past the bound. */
export class RecentSessions<T> {
  private readonly bySession = new Map<string, T>();

  constructor(private readonly max = MAX_SESSIONS) {}

  get(sessionId: string): T | undefined {
    return this.bySession.get(sessionId);
  }

  set(sessionId: string, value: T): void {
    this.bySession.delete(sessionId);
    this.bySession.set(sessionId, value);
    if (this.bySession.size > this.max) this.bySession.delete(this.bySession.keys().next().value!);
  }
}
