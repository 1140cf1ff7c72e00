// A /sync response as Quorra reads it: every field optional and unchecked (homeservers differ), narrowed where read.
import type { RawEvent } from './inbound-message.ts';

/** One room's part of a sync: its state and timeline events. */
export interface SyncRoom {
  state?: { events?: unknown };
  timeline?: { events?: unknown; limited?: unknown; prev_batch?: unknown };
  [key: string]: unknown;
}

/** The client-server /sync answer: rooms by section, and the crypto fields the Olm machine is fed. */
export interface SyncResponse {
  rooms?: {
    join?: Record<string, SyncRoom>;
    leave?: Record<string, SyncRoom>;
    invite?: Record<string, SyncRoom>;
  };
  to_device?: { events?: RawEvent[] };
  device_lists?: { changed?: unknown; left?: unknown };
  device_one_time_keys_count?: Record<string, number>;
  device_unused_fallback_key_types?: unknown;
  [key: string]: unknown;
}
