// Events the tools have recently shown or added, so a deletion can be confirmed by title and day, not a bare UID.

/** How a seen event is described in a confirmation. */
export interface SeenEvent {
  title: string;
  day: string;
  /** The local `when` line, for a before → after confirmation. */
  when?: string;
  /** "household" or the member whose calendar holds it. */
  whose?: string;
}

/** A bounded, most-recent-last map from UID to title and day. */
export class SeenEvents {
  private readonly items = new Map<string, SeenEvent>();

  constructor(private readonly max = 500) {}

  /** Remembers (or refreshes) an event. */
  note(uid: string, seen: SeenEvent): void {
    this.items.delete(uid);
    this.items.set(uid, seen);
    if (this.items.size > this.max) this.items.delete(this.items.keys().next().value as string);
  }

  /** What is known about a UID, if it was seen. */
  get(uid: string): SeenEvent | undefined {
    return this.items.get(uid);
  }

  /** Forgets a UID (after it was deleted). */
  forget(uid: string): void {
    this.items.delete(uid);
  }
}
