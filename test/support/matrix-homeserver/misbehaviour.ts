// How real homeservers misbehave, switched on per test: late invites, repeated batches, short timelines, stuck invites.

/** The switches the sync and membership routes consult. */
export class Misbehaviour {
  /** Users whose invites are withheld from the long-poll in progress and delivered by a later sync. */
  readonly lateInvites = new Set<string>();
  /** Per user, the rooms whose invite a sync withheld (a later sync delivers them whatever its `since`). */
  readonly withheldInvites = new Map<string, Set<string>>();
  /** Users whose next sync repeats earlier batches: answered from the given position, or the `since` before last. */
  readonly repeatNext = new Map<string, number | undefined>();
  /** Per user, the timeline limit of the next sync (forces a limited timeline). */
  readonly nextTimelineLimit = new Map<string, number>();
  /** Per user, the `since` of their last sync (what a repeat answers from). */
  readonly lastSince = new Map<string, number | undefined>();
  /** Whether `leave` and `forget` are refused while a user is only invited (some servers do). */
  refuseLeaveFromInvite = false;

  /** The rooms withheld for a user (created on first use). */
  withheldFor(userId: string): Set<string> {
    const set = this.withheldInvites.get(userId) ?? new Set<string>();
    this.withheldInvites.set(userId, set);
    return set;
  }

  /** Picks the `since` a sync is answered from (the one before last when a repeat is due) and records it. */
  sinceFor(userId: string, since: number | undefined): number | undefined {
    const previous = this.lastSince.get(userId);
    this.lastSince.set(userId, since);
    if (!this.repeatNext.has(userId) || since === undefined) return since;
    const from = this.repeatNext.get(userId);
    this.repeatNext.delete(userId);
    return from ?? previous;
  }

  /** The timeline limit for a user's sync (a one-off override, else the filter's). */
  timelineLimitFor(userId: string, fromFilter: number): number {
    const forced = this.nextTimelineLimit.get(userId);
    if (forced === undefined) return fromFilter;
    this.nextTimelineLimit.delete(userId);
    return forced;
  }
}
