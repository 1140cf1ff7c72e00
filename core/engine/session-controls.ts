// Session state a user can change between turns: purpose and mode (shared by HTTP and Matrix commands).

import type { ModeDefinition } from '../contracts/contributions.ts';
import { fail } from '../contracts/errors.ts';
import type { Principal } from '../contracts/principal.ts';
import type { Registry } from '../contracts/registry.ts';
import type { Session } from '../sessions/session.entity.ts';
import type { SessionStore } from '../sessions/session-store.ts';

const MAX_PURPOSE = 2000;

/** Reads and changes a session's purpose and mode, ownership-checked. */
export class SessionControls {
  constructor(
    private readonly sessions: SessionStore,
    private readonly modes: Registry<ModeDefinition>,
  ) {}

  /** The session, if it is the principal's (else 404). */
  get(p: Principal, id: string): Promise<Session> {
    return this.sessions.owned(id, p);
  }

  /** Sets (or clears with null) the purpose directive. */
  async setPurpose(p: Principal, id: string, purpose: string | null): Promise<Session> {
    const s = await this.sessions.owned(id, p);
    const text = purpose?.trim() || null;
    if (text && text.length > MAX_PURPOSE)
      throw fail.badRequest(`purpose is longer than ${MAX_PURPOSE} characters`);
    return this.sessions.update(s, { purpose: text });
  }

  /** Modes the session's scope offers. */
  available(s: Session): ModeDefinition[] {
    return this.modes.list().filter((m) => s.scope?.includes(m.scope));
  }

  /** Activates a mode (its entry context is injected on the next turn) or clears it with null. */
  async setMode(p: Principal, id: string, mode: string | null): Promise<Session> {
    const s = await this.sessions.owned(id, p);
    if (mode === null) return this.sessions.update(s, { activeMode: null, modeEntryPending: false });
    if (!s.scope)
      throw fail.conflict(
        'SESSION_NOT_COMMITTED',
        'this session has no scope yet; send a message with a scope first',
      );
    if (!this.available(s).some((m) => m.name === mode)) {
      throw fail.invalid('UNKNOWN_MODE', `no mode "${mode}" in scope [${s.scope.join(', ')}]`, {
        available: this.available(s).map((m) => m.name),
      });
    }
    return this.sessions.update(s, { activeMode: mode, modeEntryPending: true });
  }
}
