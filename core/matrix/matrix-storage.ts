// The bot-sdk's storage provider over Quorra's database (sync token, filter, values), plus a small kv store.

import type { IFilterInfo, IStorageProvider } from 'matrix-bot-sdk';
import type { DataSource } from 'typeorm';
import { durably } from '../db/sqlite-durability.ts';
import { MatrixKv } from './matrix-kv.entity.ts';

/** Key/value rows in `matrix_kv`; after close() reads answer null and writes are dropped. */
export class MatrixKvStore {
  private closed = false;

  constructor(private readonly db: DataSource) {}

  /** Stops touching the database (the runtime is stopping; the connection may close any moment). */
  close(): void {
    this.closed = true;
  }

  /** Re-opens after a close (a runtime started again on the same database). */
  open(): void {
    this.closed = false;
  }

  /** The value under a key, or null. */
  async get(key: string): Promise<string | null> {
    if (this.closed) return null;
    return (await this.db.getRepository(MatrixKv).findOneBy({ key }))?.value ?? null;
  }

  /** Stores a value under a key. */
  async set(key: string, value: string): Promise<void> {
    if (this.closed) return;
    await this.db.getRepository(MatrixKv).upsert({ key, value, updatedAt: new Date() }, ['key']);
  }

  /**
   * Stores a value so that it and every write before it are on disk once this resolves (commits are otherwise not
   * synced one by one): the sync position must never be stored ahead of the events taken in before it.
   */
  async setDurably(key: string, value: string): Promise<void> {
    await durably(this.db, () => this.set(key, value));
  }

  /** Every key starting with a prefix. */
  async keys(prefix: string): Promise<string[]> {
    if (this.closed) return [];
    const rows = await this.db
      .getRepository(MatrixKv)
      .createQueryBuilder('kv')
      .select('kv.key', 'key')
      .where('substr(kv.key, 1, :n) = :prefix', { n: prefix.length, prefix })
      .getRawMany<{ key: string }>();
    return rows.map((r) => r.key);
  }

  /** Removes a key. */
  async delete(key: string): Promise<void> {
    if (this.closed) return;
    await this.db.getRepository(MatrixKv).delete({ key });
  }
}

/**
 * IStorageProvider for matrix-bot-sdk: the sync position survives restarts in Quorra's database.
 * With `tokenWriteMs`, the position is written at most that often (and on flush()) instead of twice per message:
 * a crash then resumes from a slightly older position, and what is delivered again is dropped by the event log's
 * dedup on event id, so nothing is answered twice. The position is written durably (its fsync also makes the event
 * log's earlier rows durable), so even after a power cut it never points past an event the log lost.
 */
export class QuorraStorageProvider implements IStorageProvider {
  private pendingToken?: string;
  private tokenTimer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly kv: MatrixKvStore,
    private readonly opts: { tokenWriteMs?: number } = {},
  ) {}

  /** Saves the sync token (null clears it, at once). */
  async setSyncToken(token: string | null): Promise<void> {
    if (token === null) {
      clearTimeout(this.tokenTimer);
      this.tokenTimer = undefined;
      this.pendingToken = undefined;
      await this.writing.catch(() => undefined);
      await this.kv.delete('sync.token');
      return;
    }
    this.pendingToken = token;
    if (!this.opts.tokenWriteMs) return this.flush();
    this.tokenTimer ??= setTimeout(() => void this.flush().catch(() => undefined), this.opts.tokenWriteMs);
    this.tokenTimer.unref?.();
  }

  /** Writes the newest sync token not written yet (the runtime calls it when it stops). */
  flush(): Promise<void> {
    clearTimeout(this.tokenTimer);
    this.tokenTimer = undefined;
    const token = this.pendingToken;
    this.pendingToken = undefined;
    // writes stay in order: an older token never lands after a newer one
    if (token !== undefined)
      this.writing = this.writing.catch(() => undefined).then(() => this.kv.setDurably('sync.token', token));
    return this.writing;
  }

  /** The saved sync token (or the newer one waiting to be written), or null. */
  async getSyncToken(): Promise<string | null> {
    return this.pendingToken ?? (await this.kv.get('sync.token'));
  }

  /** Saves the sync filter the client created. */
  async setFilter(filter: IFilterInfo): Promise<void> {
    await this.kv.set('sync.filter', JSON.stringify(filter));
  }

  /** The saved sync filter (null when none; the SDK's typing says otherwise but it checks for it). */
  async getFilter(): Promise<IFilterInfo> {
    const raw = await this.kv.get('sync.filter');
    return (raw ? JSON.parse(raw) : null) as IFilterInfo;
  }

  /** Stores an SDK value under a namespaced key. */
  async storeValue(key: string, value: string): Promise<void> {
    await this.kv.set(`sdk.${key}`, value);
  }

  /** Reads an SDK value. */
  readValue(key: string): Promise<string | null> {
    return this.kv.get(`sdk.${key}`);
  }
}
