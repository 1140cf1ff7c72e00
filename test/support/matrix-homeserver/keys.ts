// End-to-end encryption state of the homeserver double: device and cross-signing keys, one-time keys, to-device inboxes.
import { between } from './positions.ts';
import type { Stream } from './stream.ts';

type Json = Record<string, any>;

interface DeviceKeys {
  keys?: Json;
  oneTimeKeys: Map<string, Json | string>;
  fallbackKeys: Map<string, Json | string>;
  fallbackUsed: boolean;
}

interface ToDevice {
  pos: number;
  event: Json;
}

/** Keys per user and device, and the to-device messages waiting for each device. */
export class KeyStore {
  private readonly devices = new Map<string, Map<string, DeviceKeys>>();
  private readonly crossSigning = new Map<string, Json>();
  private readonly inbox = new Map<string, ToDevice[]>();
  /** Users whose to-device messages are held back (a slow federation link), with what was held. */
  private readonly held = new Map<string, { userId: string; deviceId: string; event: Json }[]>();
  /** When each user's keys last changed (device keys, devices, cross-signing). */
  private readonly changedAt = new Map<string, number>();

  constructor(private readonly stream: Stream) {}

  private device(userId: string, deviceId: string): DeviceKeys {
    const devices = this.devices.get(userId) ?? new Map<string, DeviceKeys>();
    this.devices.set(userId, devices);
    const d = devices.get(deviceId) ?? {
      oneTimeKeys: new Map(),
      fallbackKeys: new Map(),
      fallbackUsed: false,
    };
    devices.set(deviceId, d);
    return d;
  }

  private changed(userId: string): void {
    this.changedAt.set(userId, this.stream.advance());
  }

  /** POST /keys/upload: device keys, one-time keys and fallback keys of the caller's device. */
  upload(userId: string, deviceId: string, body: Json): Record<string, number> {
    const d = this.device(userId, deviceId);
    if (body.device_keys && JSON.stringify(body.device_keys) !== JSON.stringify(d.keys)) {
      d.keys = body.device_keys;
      this.changed(userId);
    }
    for (const [id, key] of Object.entries((body.one_time_keys ?? {}) as Json)) d.oneTimeKeys.set(id, key);
    const fallback = Object.entries(
      (body.fallback_keys ?? body['org.matrix.msc2732.fallback_keys'] ?? {}) as Json,
    );
    if (fallback.length) {
      d.fallbackKeys = new Map(fallback);
      d.fallbackUsed = false;
    }
    return this.oneTimeKeyCounts(userId, deviceId);
  }

  /** How many unclaimed one-time keys a device has, by algorithm. */
  oneTimeKeyCounts(userId: string, deviceId: string): Record<string, number> {
    const counts: Record<string, number> = { signed_curve25519: 0 };
    for (const id of this.devices.get(userId)?.get(deviceId)?.oneTimeKeys.keys() ?? []) {
      const algorithm = id.split(':')[0];
      counts[algorithm] = (counts[algorithm] ?? 0) + 1;
    }
    return counts;
  }

  /** The fallback key types a device has not had claimed yet. */
  unusedFallbackTypes(userId: string, deviceId: string): string[] {
    const d = this.devices.get(userId)?.get(deviceId);
    if (!d || d.fallbackUsed) return [];
    return [...new Set([...d.fallbackKeys.keys()].map((id) => id.split(':')[0]))];
  }

  /** POST /keys/query: device keys (all devices when the list is empty) and cross-signing keys. */
  query(requester: string, wanted: Record<string, string[]>): Json {
    const out: Json = {
      device_keys: {},
      master_keys: {},
      self_signing_keys: {},
      user_signing_keys: {},
      failures: {},
    };
    for (const [userId, ids] of Object.entries(wanted)) {
      const devices: Json = {};
      for (const [deviceId, d] of this.devices.get(userId) ?? []) {
        if (d.keys && (!ids?.length || ids.includes(deviceId))) devices[deviceId] = d.keys;
      }
      out.device_keys[userId] = devices;
      const cs = this.crossSigning.get(userId);
      if (cs?.master_key) out.master_keys[userId] = cs.master_key;
      if (cs?.self_signing_key) out.self_signing_keys[userId] = cs.self_signing_key;
      if (cs?.user_signing_key && userId === requester) out.user_signing_keys[userId] = cs.user_signing_key;
    }
    return out;
  }

  /** POST /keys/claim: one one-time key per device (the fallback key when they have run out). */
  claim(wanted: Record<string, Record<string, string>>): Json {
    const out: Json = {};
    for (const [userId, devices] of Object.entries(wanted)) {
      for (const [deviceId, algorithm] of Object.entries(devices)) {
        const d = this.devices.get(userId)?.get(deviceId);
        if (!d) continue;
        const pick = (keys: Map<string, Json | string>) =>
          [...keys.entries()].find(([id]) => id.startsWith(`${algorithm}:`));
        const oneTime = pick(d.oneTimeKeys);
        if (oneTime) d.oneTimeKeys.delete(oneTime[0]);
        const found = oneTime ?? pick(d.fallbackKeys);
        if (!found) continue;
        if (!oneTime) d.fallbackUsed = true;
        out[userId] ??= {};
        out[userId][deviceId] = { [found[0]]: found[1] };
      }
    }
    return { one_time_keys: out, failures: {} };
  }

  /** POST /keys/device_signing/upload: the user's cross-signing keys. */
  uploadCrossSigning(userId: string, body: Json): void {
    const current = this.crossSigning.get(userId) ?? {};
    for (const k of ['master_key', 'self_signing_key', 'user_signing_key']) if (body[k]) current[k] = body[k];
    this.crossSigning.set(userId, current);
    this.changed(userId);
  }

  /** POST /keys/signatures/upload: signatures merged into the signed device or cross-signing keys. */
  uploadSignatures(body: Record<string, Json>): void {
    for (const [userId, byKey] of Object.entries(body)) {
      for (const [keyId, signed] of Object.entries(byKey)) {
        const target =
          this.devices.get(userId)?.get(keyId)?.keys ??
          Object.values(this.crossSigning.get(userId) ?? {}).find((k: Json) =>
            Object.keys(k.keys ?? {}).some((id) => id.endsWith(`:${keyId}`)),
          );
        if (!target) continue;
        for (const [signer, sigs] of Object.entries((signed.signatures ?? {}) as Json))
          target.signatures = { ...target.signatures, [signer]: { ...target.signatures?.[signer], ...sigs } };
        this.changed(userId);
      }
    }
  }

  /** PUT /sendToDevice: queues the content for each target device (`*` = all of the user's devices). */
  sendToDevice(sender: string, type: string, messages: Record<string, Json>): void {
    const pos = this.stream.advance();
    for (const [userId, byDevice] of Object.entries(messages)) {
      for (const [deviceId, content] of Object.entries(byDevice)) {
        const targets = deviceId === '*' ? [...(this.devices.get(userId)?.keys() ?? [])] : [deviceId];
        for (const target of targets) {
          const held = this.held.get(userId);
          if (held) {
            held.push({ userId, deviceId: target, event: { type, sender, content } });
            continue;
          }
          const key = `${userId}\u0000${target}`;
          const list = this.inbox.get(key) ?? [];
          list.push({ pos, event: { type, sender, content } });
          this.inbox.set(key, list);
        }
      }
    }
  }

  /** Holds to-device messages for a user until released (they arrive after the room events they unlock). */
  holdToDevice(userId: string): void {
    this.held.set(userId, this.held.get(userId) ?? []);
  }

  /** Delivers what was held for a user, in order. */
  releaseToDevice(userId: string): void {
    const held = this.held.get(userId) ?? [];
    this.held.delete(userId);
    const pos = this.stream.advance();
    for (const m of held) {
      const key = `${m.userId}\u0000${m.deviceId}`;
      const list = this.inbox.get(key) ?? [];
      list.push({ pos, event: m.event });
      this.inbox.set(key, list);
    }
  }

  /** To-device events for a device after `since` (all pending on an initial sync). */
  toDeviceSince(userId: string, deviceId: string, since: number | undefined, upto: number): Json[] {
    return between(this.inbox.get(`${userId}\u0000${deviceId}`) ?? [], since, upto).map((m) => m.event);
  }

  /** Users among `candidates` whose keys changed in (since, upto]. */
  changedSince(candidates: Iterable<string>, since: number | undefined, upto: number): string[] {
    if (since === undefined) return [];
    return [...new Set(candidates)].filter((u) => {
      const at = this.changedAt.get(u);
      return at !== undefined && at > since && at <= upto;
    });
  }

  /** Notes that a user's device list changed (a new login, a logout). */
  deviceListChanged(userId: string): void {
    this.changed(userId);
  }
}
