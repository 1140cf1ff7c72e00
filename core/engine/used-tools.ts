// Which tools each recent session has called: a tool in use stays offered on the session's next turns.
import { RecentSessions } from './recent-sessions.ts';

/** Tool names kept per session, the most recent ones. */
const MAX_NAMES = 4;

/** The most recently called tools per recent session (newest last). */
export class UsedTools {
  private readonly bySession = new RecentSessions<string[]>();

  /** The tools a session called, newest last; none for a session not seen. */
  of(sessionId: string): readonly string[] {
    return this.bySession.get(sessionId) ?? [];
  }

  /** Records a turn's calls (in order) for its session. */
  note(sessionId: string, names: readonly string[]): void {
    if (!names.length) return;
    const list = (this.bySession.get(sessionId) ?? []).filter((n) => !names.includes(n));
    list.push(...new Set(names));
    this.bySession.set(sessionId, list.slice(-MAX_NAMES));
  }
}
