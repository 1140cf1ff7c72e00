// Encrypted events on their way in and out: decrypted before anything else looks at them, parked until their key arrives (then answered once), encrypted for every member's devices on the way out.

import type { Logger } from '../../logger.ts';
import type { RawEvent } from '../inbound-message.ts';
import type { MatrixEvent } from '../matrix-event.entity.ts';
import type { RoomMembers } from '../room-members.ts';
import type { SyncResponse } from '../sync-response.ts';
import type { OlmEngine } from './olm-engine.ts';

/** Encrypts a message for a room when the room is encrypted; null when it is not. */
export type Encryptor = (
  roomId: string,
  type: string,
  content: Record<string, unknown>,
) => Promise<{ type: string; content: Record<string, unknown> } | null>;

/** The bot's side of end-to-end encryption for one connection. */
export class EncryptedEvents {
  private readonly parked = new Map<string, { row: MatrixEvent; timer: NodeJS.Timeout }>();
  private readonly gaveUp = new Set<string>();

  constructor(
    private readonly engine: OlmEngine | undefined,
    private readonly requeue: (row: MatrixEvent) => void,
    private readonly keyWaitMs: number,
    private readonly logger: Logger,
  ) {}

  /** Whether the bot can read and write encrypted rooms. */
  get enabled(): boolean {
    return !!this.engine;
  }

  /** The engine's note for /health and the start-up log. */
  describe(reason?: string): string {
    if (!this.engine) return `E2EE disabled: ${reason ?? 'turned off in the configuration'}`;
    return `E2EE enabled (ed25519 ${this.engine.identityKeys.ed25519})`;
  }

  /** Takes a sync's key material in first; parked events whose keys may have come are tried again. */
  async sync(raw: SyncResponse | undefined): Promise<void> {
    if (!this.engine || !raw) return;
    if (!(await this.engine.sync(raw))) return;
    for (const [id, { row, timer }] of this.parked) {
      clearTimeout(timer);
      this.parked.delete(id);
      this.requeue(row);
    }
  }

  /** The event in clear when it is encrypted and its key is here; else the event as it came. */
  async clear(roomId: string, ev: RawEvent): Promise<RawEvent> {
    if (ev.type !== 'm.room.encrypted' || !this.engine) return ev;
    return (await this.engine.decrypt(roomId, ev)) ?? ev;
  }

  /**
   * A row ready to answer: decrypted if possible; an encrypted one waits (null) until its key arrives or the wait
   * ends, and then goes on undecrypted so the sender hears why.
   */
  async ready(row: MatrixEvent): Promise<MatrixEvent | null> {
    if (row.event.type !== 'm.room.encrypted' || !this.engine || this.gaveUp.has(row.eventId)) return row;
    const clear = await this.engine.decrypt(row.roomId, row.event);
    if (clear) return { ...row, event: clear } as MatrixEvent;
    if (!this.parked.has(row.eventId)) {
      const timer = setTimeout(() => {
        this.parked.delete(row.eventId);
        this.gaveUp.add(row.eventId);
        this.logger.warn(
          { roomId: row.roomId, eventId: row.eventId },
          'the key for an encrypted message never came',
        );
        this.requeue(row);
      }, this.keyWaitMs);
      timer.unref();
      this.parked.set(row.eventId, { row, timer });
    }
    return null;
  }

  /** The encryptor the sender uses: room keys go to every joined member's devices. */
  encryptor(members: RoomMembers): Encryptor | undefined {
    const engine = this.engine;
    if (!engine) return undefined;
    return async (roomId, type, content) => {
      if (!(await members.isEncrypted(roomId))) return null;
      const encrypted = await engine.encrypt(roomId, type, content, await members.joined(roomId));
      return { type: 'm.room.encrypted', content: encrypted };
    };
  }

  /** Stops waiting for keys and saves the crypto store. */
  async close(): Promise<void> {
    for (const { timer } of this.parked.values()) clearTimeout(timer);
    this.parked.clear();
    await this.engine?.close();
  }
}
