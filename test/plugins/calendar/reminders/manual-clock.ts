// A clock for reminder tests: time moves only when the test says so, and due timers fire then (no real waiting).
import type { Clock } from '../../../../plugins/calendar/reminders/clock.ts';

/** Starts at `start` (ISO); `advanceTo` fires every timer that has come due. */
export class ManualClock implements Clock {
  private at: number;
  private timers: { due: number; fn: () => void }[] = [];

  constructor(start: string) {
    this.at = Date.parse(start);
  }

  now(): number {
    return this.at;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer = { due: this.at + Math.max(0, ms), fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves to `iso` and fires the timers due by then, in order. */
  advanceTo(iso: string): void {
    this.at = Date.parse(iso);
    const due = this.timers.filter((t) => t.due <= this.at).sort((a, b) => a.due - b.due);
    this.timers = this.timers.filter((t) => t.due > this.at);
    for (const t of due) t.fn();
  }

  /** How many timers are armed. */
  get armed(): number {
    return this.timers.length;
  }
}
