// Runs an async pass one at a time: a request during a run asks for one more pass after it, never two at once.

/** A pass that coalesces concurrent requests. */
export class CoalescedRun {
  private running?: Promise<void>;
  private again = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly stopped: () => boolean = () => false,
  ) {}

  /** Runs a pass now, or once more right after the one in progress; resolves when the passes are done. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.stopped());
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** The pass in progress, if any (to await on shutdown). */
  get current(): Promise<void> | undefined {
    return this.running;
  }
}
