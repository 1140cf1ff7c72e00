// What runs in a room's queue, in order: a taken-in message, an invite to act on, a gap to fill; nothing once stopping.
import type { Logger } from '../logger.ts';
import { fillGap } from './backfill.ts';
import type { EncryptedEvents } from './crypto/encrypted-events.ts';
import type { EventLog } from './event-log.ts';
import type { Intake } from './intake.ts';
import type { InvitePolicy } from './invite-policy.ts';
import { ClientHaltedError, type QuorraMatrixClient } from './matrix-client.ts';
import type { MatrixEvent } from './matrix-event.entity.ts';
import { describeError } from './matrix-sender.ts';
import type { MatrixKvStore } from './matrix-storage.ts';
import type { MessagePipeline } from './message-pipeline.ts';
import type { RoomQueues } from './room-queue.ts';

/** The runtime as a task finds it when it runs (the runtime connects, reconnects and stops meanwhile). */
export interface RoomWorkState {
  stopping: boolean;
  client?: QuorraMatrixClient;
  /** The connection's parts; absent before the first connect. */
  pipeline?: MessagePipeline;
  invites?: InvitePolicy;
  encrypted: EncryptedEvents;
  cutoffTs: number;
}

/** Puts work in a room's queue; each task reads the runtime's state when it runs, not when it was queued. */
export class RoomWork {
  constructor(
    private readonly queues: RoomQueues,
    private readonly d: { events: EventLog; intake: Intake; kv: MatrixKvStore; logger: Logger },
    private readonly state: () => RoomWorkState,
  ) {}

  /** A taken-in event; once stopping, queued events wait in the log for the next start. */
  message(row: MatrixEvent): void {
    this.queues.push(row.roomId, async () => {
      if (this.state().stopping) return;
      // an encrypted message whose key has not come yet waits outside the queue (requeued when it comes)
      const ready = await this.state().encrypted.ready(row);
      const now = this.state();
      if (ready && !now.stopping) await now.pipeline?.process(ready);
    });
  }

  /** An invite noted earlier: joined or declined here, so a 429 on it never holds the sync loop. */
  invite(roomId: string): void {
    this.queues.push(roomId, async () => {
      const now = this.state();
      if (!now.stopping) await now.invites?.handle(roomId).catch((err: unknown) => this.unlessHalted(err));
    });
  }

  /** What a limited timeline skipped, oldest first, ahead of the batch's own events (same room queue). */
  backfill(roomId: string, prevBatch: string): void {
    this.queues.push(roomId, async () => {
      const { stopping, client, cutoffTs } = this.state();
      if (stopping || !client) return;
      try {
        await fillGap(
          { client, events: this.d.events, intake: this.d.intake, kv: this.d.kv },
          roomId,
          prevBatch,
          {
            cutoffTs,
            process: (row) => {
              const now = this.state();
              return now.stopping ? undefined : now.pipeline?.process(row);
            },
          },
        );
      } catch (err) {
        this.unlessHalted(err);
      }
    });
  }

  private unlessHalted(err: unknown): void {
    if (err instanceof ClientHaltedError) return;
    this.d.logger.warn({ err: describeError(err) }, 'Matrix room task failed');
  }
}
