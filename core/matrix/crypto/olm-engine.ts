// End-to-end encryption for the bot over the WASM OlmMachine: keys in and out with each sync, decrypt, encrypt with room keys shared to every member's devices.

import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import * as wasm from '@matrix-org/matrix-sdk-crypto-wasm';
import type { Logger } from '../../logger.ts';
import type { RawEvent } from '../inbound-message.ts';
import type { QuorraMatrixClient } from '../matrix-client.ts';
import type { SyncResponse } from '../sync-response.ts';
import { DiskIndexedDb } from './disk-indexeddb.ts';

const STORE = 'quorra-crypto';
const v3 = '/_matrix/client/v3';
let ready: Promise<void> | undefined;

/** The bot's device as a Matrix E2EE participant; one per connected client. */
/** What Quorra reads of a request the Olm machine wants sent (the wasm request classes all have these). */
interface OutgoingRequest {
  readonly id?: string;
  readonly type: wasm.RequestType;
  readonly body: string;
  readonly event_type?: string;
  readonly txn_id?: string;
  readonly room_id?: string;
}

export class OlmEngine {
  private queue: Promise<unknown> = Promise.resolve();
  /** The one-time key counts and unused fallback key types last fed to the machine (a sync that went through). */
  private fedKeyState?: string;

  private constructor(
    private readonly machine: wasm.OlmMachine,
    private readonly disk: DiskIndexedDb,
    private readonly client: QuorraMatrixClient,
    private readonly logger: Logger,
  ) {}

  /** Opens (or creates) the device's crypto store under `dir` and uploads its keys when needed. */
  static async open(opts: {
    userId: string;
    deviceId: string;
    dir: string;
    client: QuorraMatrixClient;
    logger: Logger;
  }): Promise<OlmEngine> {
    // Liftoff's baseline code is plenty for a household's messages; TurboFan's tier-up of the 7.8 MB crypto module
    // keeps ~13 MB more resident for as long as the server runs (bench/footprint-bench.ts). V8 reads the flag as it
    // compiles WebAssembly, so it is set before this module is; JavaScript is not affected. `node --no-liftoff-only`
    // keeps TurboFan (bench/e2ee-bench.ts measures both).
    if (!ready && !process.execArgv.includes('--no-liftoff-only')) setFlagsFromString('--liftoff-only');
    ready ??= wasm.initAsync();
    await ready;
    // one store per device: a new device (new login) starts clean instead of clashing with the old one's keys
    const name = `${STORE}-${opts.deviceId}`;
    const disk = new DiskIndexedDb(path.join(opts.dir, `${opts.deviceId}.idb`), name);
    await disk.restore();
    const machine = await wasm.OlmMachine.initialize(
      new wasm.UserId(opts.userId),
      new wasm.DeviceId(opts.deviceId),
      name,
    );
    const engine = new OlmEngine(machine, disk, opts.client, opts.logger);
    await engine.serial(() => engine.flush());
    await engine.serial(() => engine.bootstrapCrossSigning());
    return engine;
  }

  /**
   * Gives the bot's account cross-signing keys once and signs its device with them, so an owner who verifies the bot
   * in Element verifies this device. Servers that demand a password for it get none: the bot then stays verifiable by
   * its device key alone (logged).
   */
  private async bootstrapCrossSigning(): Promise<void> {
    if ((await this.machine.crossSigningStatus()).hasMaster) return;
    const reqs = await this.machine.bootstrapCrossSigning(true);
    if (reqs.uploadKeysRequest) await this.send(reqs.uploadKeysRequest);
    try {
      const body = JSON.parse(reqs.uploadSigningKeysRequest.body);
      await this.client.doRequest('POST', `${v3}/keys/device_signing/upload`, null, body);
    } catch (err) {
      this.logger.warn(
        { err: String((err as Error)?.message ?? err) },
        'the homeserver did not take the cross-signing keys; verify the bot by its device key instead',
      );
      return;
    }
    await this.send(reqs.uploadSignaturesRequest);
    await this.disk.save();
  }

  /** The device's curve25519 and ed25519 keys (what a person compares when verifying). */
  get identityKeys(): { curve25519: string; ed25519: string } {
    const k = this.machine.identityKeys;
    return { curve25519: k.curve25519.toBase64(), ed25519: k.ed25519.toBase64() };
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Feeds a sync response's to-device events, device list changes and key counts; true when room keys may have arrived.
   * A sync that brings nothing new (no to-device events, no device list change, the key counts last fed) is skipped:
   * the machine would only re-commit its account (≈ 50 curve25519 multiplications) and the store be saved again,
   * all on every message's path, for no change.
   */
  sync(raw: SyncResponse): Promise<boolean> {
    return this.serial(async () => {
      const toDevice = raw.to_device?.events ?? [];
      const lists = raw.device_lists ?? {};
      const ids = (xs: unknown) => (Array.isArray(xs) ? xs.map((u) => new wasm.UserId(String(u))) : []);
      const counts = new Map<string, number>(Object.entries(raw.device_one_time_keys_count ?? {}));
      const fallback =
        raw.device_unused_fallback_key_types ?? raw['org.matrix.msc2732.device_unused_fallback_key_types'];
      const keyState = JSON.stringify([
        [...counts].sort(),
        Array.isArray(fallback) ? [...fallback].sort() : null,
      ]);
      const changes = [lists.changed, lists.left].some((xs) => Array.isArray(xs) && xs.length > 0);
      if (!toDevice.length && !changes && keyState === this.fedKeyState) return false;
      // forgotten until the whole sync went through: a failed one is fed again in full when it is retried
      this.fedKeyState = undefined;
      await this.machine.receiveSyncChanges(
        JSON.stringify(toDevice),
        new wasm.DeviceLists(ids(lists.changed), ids(lists.left)),
        counts,
        Array.isArray(fallback) ? new Set(fallback) : undefined,
      );
      await this.flush();
      this.fedKeyState = keyState;
      return toDevice.length > 0;
    });
  }

  /** The decrypted event (same id, sender and time) or null when the key is not here (yet). */
  async decrypt(roomId: string, ev: RawEvent): Promise<RawEvent | null> {
    try {
      const settings = new wasm.DecryptionSettings(wasm.TrustRequirement.Untrusted);
      const res = await this.machine.decryptRoomEvent(JSON.stringify(ev), new wasm.RoomId(roomId), settings);
      const clear = JSON.parse(res.event);
      return { ...ev, type: clear.type, content: clear.content, decrypted: true };
    } catch (err) {
      this.logger.debug({ roomId, eventId: ev.event_id, err: String(err) }, 'could not decrypt (yet)');
      return null;
    }
  }

  /** Encrypts for a room: tracks the members, opens Olm sessions to their devices, shares the room key, then encrypts. */
  encrypt(roomId: string, type: string, content: Record<string, unknown>, members: string[]) {
    return this.serial(async () => {
      // wasm-bindgen takes ownership of the ids in an array: every call gets fresh ones
      const users = () => members.map((m) => new wasm.UserId(m));
      await this.machine.updateTrackedUsers(users());
      await this.flush();
      const claim = await this.machine.getMissingSessions(users());
      if (claim) await this.send(claim);
      const shares = await this.machine.shareRoomKey(
        new wasm.RoomId(roomId),
        users(),
        new wasm.EncryptionSettings(),
      );
      for (const req of shares) await this.send(req);
      const clear = JSON.stringify(content);
      const encrypted = JSON.parse(await this.machine.encryptRoomEvent(new wasm.RoomId(roomId), type, clear));
      await this.disk.save();
      return encrypted as Record<string, unknown>;
    });
  }

  /** Sends everything the machine wants sent (key uploads, queries, claims, to-device), then saves the store. */
  private async flush(): Promise<void> {
    for (let round = 0; round < 5; round++) {
      const requests = await this.machine.outgoingRequests();
      if (!requests.length) break;
      for (const req of requests) await this.send(req);
    }
    await this.disk.save();
  }

  private async send(req: OutgoingRequest): Promise<void> {
    const body = JSON.parse(req.body);
    let res: unknown;
    switch (req.type) {
      case wasm.RequestType.KeysUpload:
        res = await this.client.doRequest('POST', `${v3}/keys/upload`, null, body);
        break;
      case wasm.RequestType.KeysQuery:
        res = await this.client.doRequest('POST', `${v3}/keys/query`, null, body);
        break;
      case wasm.RequestType.KeysClaim:
        res = await this.client.doRequest('POST', `${v3}/keys/claim`, null, body);
        break;
      case wasm.RequestType.ToDevice:
        res = await this.client.doRequest(
          'PUT',
          `${v3}/sendToDevice/${encodeURIComponent(String(req.event_type))}/${encodeURIComponent(String(req.txn_id))}`,
          null,
          body,
        );
        break;
      case wasm.RequestType.SignatureUpload:
        res = await this.client.doRequest('POST', `${v3}/keys/signatures/upload`, null, body);
        break;
      case wasm.RequestType.RoomMessage:
        res = await this.client.doRequest(
          'PUT',
          `${v3}/rooms/${encodeURIComponent(String(req.room_id))}/send/${encodeURIComponent(String(req.event_type))}/${encodeURIComponent(String(req.txn_id))}`,
          null,
          body,
        );
        break;
      default:
        return; // key backup: not used
    }
    if (req.id) await this.machine.markRequestAsSent(req.id, req.type, JSON.stringify(res ?? {}));
  }

  /** Saves the store and releases the machine. */
  async close(): Promise<void> {
    await this.serial(() => this.disk.save()).catch(() => undefined);
    try {
      this.machine.close();
    } catch {
      // a call still holds the machine (e.g. a decrypt in flight): it is released with the process
    }
  }
}
