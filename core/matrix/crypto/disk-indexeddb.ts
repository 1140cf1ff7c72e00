// IndexedDB for the WASM crypto machine in Node: fake-indexeddb in memory, saved to and restored from one file in the data dir.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import 'fake-indexeddb/auto';

interface StoreDump {
  name: string;
  keyPath: string | string[] | null;
  autoIncrement: boolean;
  indexes: { name: string; keyPath: string | string[]; unique: boolean; multiEntry: boolean }[];
  keys: IDBValidKey[];
  values: unknown[];
}

interface DbDump {
  name: string;
  version: number;
  stores: StoreDump[];
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

function open(name: string, version?: number, upgrade?: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, version);
    req.onupgradeneeded = () => upgrade?.(req.result);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function dumpDb(name: string): Promise<DbDump> {
  const db = await open(name);
  const stores: StoreDump[] = [];
  const names = [...db.objectStoreNames];
  if (names.length) {
    const tx = db.transaction(names, 'readonly');
    for (const storeName of names) {
      const store = tx.objectStore(storeName);
      const indexes = [...store.indexNames].map((n) => {
        const ix = store.index(n);
        return { name: n, keyPath: ix.keyPath, unique: ix.unique, multiEntry: ix.multiEntry };
      });
      const keys = await request(store.getAllKeys());
      const values = await request(store.getAll());
      stores.push({
        name: storeName,
        keyPath: store.keyPath,
        autoIncrement: store.autoIncrement,
        indexes,
        keys,
        values,
      });
    }
  }
  const dump = { name, version: db.version, stores };
  db.close();
  return dump;
}

async function restoreDb(dump: DbDump): Promise<void> {
  const db = await open(dump.name, dump.version, (d) => {
    for (const s of dump.stores) {
      const store = d.createObjectStore(s.name, {
        keyPath: s.keyPath ?? undefined,
        autoIncrement: s.autoIncrement,
      });
      for (const ix of s.indexes)
        store.createIndex(ix.name, ix.keyPath, { unique: ix.unique, multiEntry: ix.multiEntry });
    }
  });
  if (dump.stores.length) {
    const tx = db.transaction(
      dump.stores.map((s) => s.name),
      'readwrite',
    );
    for (const s of dump.stores) {
      const store = tx.objectStore(s.name);
      s.values.forEach((value, i) => {
        if (s.keyPath === null) store.put(value, s.keys[i]);
        else store.put(value);
      });
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  }
  db.close();
}

/** The named IndexedDB databases, kept in one file: restore() once before use, save() after every change worth keeping. */
export class DiskIndexedDb {
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly prefix: string,
  ) {}

  /** Loads the saved databases into memory (nothing on the first run). */
  async restore(): Promise<void> {
    if (!existsSync(this.file)) return;
    const dumps = v8.deserialize(readFileSync(this.file)) as DbDump[];
    for (const dump of dumps) await restoreDb(dump);
  }

  /** Writes every database to disk atomically (saves are serialised). */
  save(): Promise<void> {
    this.saving = this.saving.then(async () => {
      const dumps: DbDump[] = [];
      for (const { name } of await indexedDB.databases())
        if (name?.startsWith(this.prefix)) dumps.push(await dumpDb(name));
      mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.tmp`;
      writeFileSync(tmp, v8.serialize(dumps), { mode: 0o600 });
      renameSync(tmp, this.file);
    });
    return this.saving;
  }
}
