// The model download the setup page starts: one at a time, its progress polled by the page, its verdict in words.
import type { ModelEntry } from '../config/model-manifest.ts';
import { mb, pullModel } from '../model/model-pull.ts';

/** What the page shows: how far, and at the end whether the files passed their size and SHA-256 checks. */
export interface PullState {
  state: 'idle' | 'pulling' | 'done' | 'failed';
  file: string | null;
  received: number;
  total: number;
  says: string;
}

/** Runs pulls of the given manifest entries into dir, one job at a time. */
export class ModelPullJob {
  private current: PullState = { state: 'idle', file: null, received: 0, total: 0, says: 'Not started.' };

  constructor(
    private readonly entries: () => readonly ModelEntry[],
    private readonly dir: string,
    private readonly onDone: () => Promise<void>,
  ) {}

  status(): PullState {
    return { ...this.current };
  }

  /** Starts the download unless one is running; the promise it returns is for tests and logs. */
  start(): Promise<void> | undefined {
    if (this.current.state === 'pulling') return undefined;
    const entries = this.entries();
    const total = entries.reduce((n, e) => n + e.sizeBytes, 0);
    this.current = {
      state: 'pulling',
      file: entries[0]?.file ?? null,
      received: 0,
      total,
      says: 'Downloading…',
    };
    return this.run(entries, total);
  }

  private async run(entries: readonly ModelEntry[], total: number): Promise<void> {
    let before = 0;
    try {
      for (const entry of entries) {
        await pullModel(entry, this.dir, {
          onProgress: (p) => {
            this.current = { ...this.current, file: p.file, received: before + p.received };
          },
        });
        before += entry.sizeBytes;
      }
      this.current = {
        state: 'done',
        file: null,
        received: total,
        total,
        says: `Downloaded ${mb(total)}; every file matches its published size and SHA-256 checksum.`,
      };
      await this.onDone();
    } catch (err) {
      const code = (err as { code?: string }).code;
      const says =
        code === 'MODEL_PULL_CHECKSUM'
          ? 'The download was refused: the file does not match its published checksum, so it was deleted and nothing was installed. Try again; if it keeps failing, the download source has changed.'
          : `The download stopped before it finished; press Download again to resume where it stopped.`;
      this.current = { ...this.current, state: 'failed', says };
    }
  }
}
