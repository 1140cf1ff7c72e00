// Work per room, one item at a time (replies keep their order); rooms run side by side; stop waits for what runs.
import type { Logger } from '../logger.ts';

/** Serial queues keyed by room. */
export class RoomQueues {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly active = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Queues a task behind the room's earlier ones. */
  push(roomId: string, task: () => Promise<void>): void {
    const prev = this.tails.get(roomId) ?? Promise.resolve();
    const next = prev
      .then(task)
      .catch((err) => this.logger.error({ err, roomId }, 'matrix room task failed'))
      .finally(() => {
        this.active.delete(next);
        if (this.tails.get(roomId) === next) this.tails.delete(roomId);
      });
    this.tails.set(roomId, next);
    this.active.add(next);
  }

  /** How many tasks are queued or running. */
  get size(): number {
    return this.active.size;
  }

  /** Resolves once every queued task has finished, or after timeoutMs. */
  async idle(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((r) => {
      timer = setTimeout(r, timeoutMs);
    });
    while (this.active.size) {
      const done = Promise.allSettled([...this.active]).then(() => undefined);
      const winner = await Promise.race([done.then(() => 'done'), timeout.then(() => 'timeout')]);
      if (winner === 'timeout') break;
    }
    clearTimeout(timer);
  }
}
