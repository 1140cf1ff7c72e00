// Which tools each recent session has called: a tool in use stays offered on the session's next turns.

/** Sessions remembered at most; the oldest-touched is forgotten first (a lost entry only costs one selection). */
const MAX_SESSIONS = 2000;
/** Tool names kept per session, the most recent ones. */
const MAX_NAMES = 4;

/** A bounded in-memory map from session to its most recently called tools (newest last). */
export class UsedTools {
  private readonly bySession = new Map<string, string[]>();

  /** The tools a session called, newest last; none for a session not seen. */
  of(sessionId: string): readonly string[] {
    return this.bySession.get(sessionId) ?? [];
  }

  /** Records a turn's calls (in order) for its session. */
  note(sessionId: string, names: readonly string[]): void {
    if (!names.length) return;
    const list = (this.bySession.get(sessionId) ?? []).filter((n) => !names.includes(n));
    list.push(...new Set(names));
    this.bySession.delete(sessionId);
    this.bySession.set(sessionId, list.slice(-MAX_NAMES));
    if (this.bySession.size > MAX_SESSIONS) this.bySession.delete(this.bySession.keys().next().value!);
  }
}
