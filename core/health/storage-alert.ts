// Tells the owners once when the disk fills up: writes fail then, so the notice goes straight to Matrix, unstored.

import type { StorageWatch } from './storage-watch.ts';

/** What the owners read; fixed words, nothing from the failing write or the file system in it. */
export const STORAGE_FULL_NOTICE =
  'Quorra’s disk is full, so nothing new can be saved right now: messages are not answered and changes are not ' +
  'kept. Nothing already saved is lost. Free some space on the machine (old backups, downloads), and Quorra ' +
  'carries on by itself — no restart needed. The admin UI’s Overview shows how full the disk is.';

/** After this long with writes working again, a new full disk is a new episode worth a new notice. */
const REARM_MS = 10 * 60_000;

/**
 * One notice per full-disk episode: a disk that fills, frees a page and fills again (writes flapping) is still the
 * same episode until writes have worked for `rearmMs`.
 */
export class StorageAlert {
  private armed = true;
  private rearm: NodeJS.Timeout | undefined;
  private episode = 0;
  private readonly off: () => void;

  constructor(
    watch: StorageWatch,
    private readonly send: (episode: number) => Promise<void>,
    private readonly rearmMs = REARM_MS,
  ) {
    this.off = watch.onChange((full) => (full ? this.filled() : this.freed()));
  }

  private filled(): void {
    clearTimeout(this.rearm);
    this.rearm = undefined;
    if (!this.armed) return;
    this.armed = false;
    void this.send(++this.episode);
  }

  private freed(): void {
    if (this.armed || this.rearm) return;
    this.rearm = setTimeout(() => {
      this.rearm = undefined;
      this.armed = true;
    }, this.rearmMs);
    this.rearm.unref();
  }

  /** Stops listening (the app stops). */
  dispose(): void {
    clearTimeout(this.rearm);
    this.off();
  }
}
