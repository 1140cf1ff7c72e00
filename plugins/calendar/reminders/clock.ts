// The time reminders run on: the system clock, or a test clock that moves only when told (no real waiting).

/** Now, and one-shot timers. */
export interface Clock {
  now(): number;
  /** Calls fn after ms; returns a cancel function. */
  setTimer(fn: () => void, ms: number): () => void;
}

// setTimeout overflows past ~24.8 days; a longer wait re-arms when the timer fires early
const MAX_TIMER_MS = 2_147_000_000;

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, Math.min(Math.max(0, ms), MAX_TIMER_MS));
    t.unref?.();
    return () => clearTimeout(t);
  },
};
