// The vault watcher: direct edits, deletes and folder moves reach the index in batches.
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { EmbeddedVectorStore } from '../../../plugins/knowledge/embedded-vector-store.ts';
import { LexicalEmbedder } from '../../../plugins/knowledge/lexical-embedder.ts';
import { type FileOutcome, VaultIndexer } from '../../../plugins/knowledge/vault-indexer.ts';
import { VaultWatcher } from '../../../plugins/knowledge/vault-watcher.ts';
import { makeTempDir, openKnowledgeDb, writeVault } from './knowledge-test-kit.ts';

describe('knowledge vault watcher', () => {
  let tmp: ReturnType<typeof makeTempDir>;
  let root: string;
  let db: DataSource;
  let store: EmbeddedVectorStore;
  let watcher: VaultWatcher;
  const embedder = new LexicalEmbedder();
  let batches: FileOutcome[][];

  /** Resolves once a batch has delivered every expected [path, status] (the mocha timeout bounds the wait). */
  async function batchesUntil(expected: [string, string][]): Promise<void> {
    const seen = () => new Set(batches.flat().map((o) => `${o.path} ${o.status}`));
    while (!expected.every(([p, s]) => seen().has(`${p} ${s}`))) await new Promise((r) => setTimeout(r, 20));
  }
  const paths = async (collection: string) =>
    [
      ...new Set((await store.search([collection], embedder.embedOne('notes'), 20)).map((h) => h.path)),
    ].sort();

  beforeEach(async () => {
    tmp = makeTempDir();
    root = path.join(tmp.dir, 'vault');
    mkdirSync(path.join(root, 'household'), { recursive: true });
    db = await openKnowledgeDb(tmp.dir);
    store = new EmbeddedVectorStore(db);
    const indexer = new VaultIndexer({
      root,
      db,
      store,
      embedder,
      chunk: { chunkTokens: 200, overlapTokens: 0 },
      maxFileBytes: 100_000,
      hasGuestWindow: () => false,
    });
    batches = [];
    watcher = new VaultWatcher({ root, target: indexer, batchMs: 50, onBatch: (o) => batches.push(o) });
    await watcher.start();
  });
  afterEach(async () => {
    await watcher.close();
    await db.destroy();
    tmp.remove();
  });

  it('indexes a file written directly into the vault', async () => {
    writeVault(root, 'household/new.md', '# New\n\nNotes written by hand.');
    await batchesUntil([['household/new.md', 'indexed']]);
    assert.deepEqual(await paths('household'), ['household/new.md']);
  });

  it('picks up an edit and a delete, ignoring files that are not Markdown', async () => {
    writeVault(root, 'household/a.md', '# A\n\nFirst notes.');
    writeVault(root, 'household/b.md', '# B\n\nOther notes.');
    writeVault(root, 'household/photo.jpg', 'not markdown');
    await batchesUntil([
      ['household/a.md', 'indexed'],
      ['household/b.md', 'indexed'],
    ]);
    batches = [];
    writeVault(root, 'household/a.md', '# A\n\nEdited notes about the attic.');
    rmSync(path.join(root, 'household/b.md'));
    await batchesUntil([
      ['household/a.md', 'indexed'],
      ['household/b.md', 'removed'],
    ]);
    assert.deepEqual(await paths('household'), ['household/a.md']);
    const [hit] = await store.search(['household'], embedder.embedOne('attic'), 1);
    assert.equal(hit.text, 'Edited notes about the attic.');
    assert.ok(!batches.flat().some((o) => o.path.endsWith('.jpg')));
  });

  it('follows a folder moved to another member', async () => {
    writeVault(root, 'members/ann/recipes/cake.md', '# Cake\n\nPlum cake notes.');
    await batchesUntil([['members/ann/recipes/cake.md', 'indexed']]);
    mkdirSync(path.join(root, 'members/bob'), { recursive: true });
    renameSync(path.join(root, 'members/ann/recipes'), path.join(root, 'members/bob/recipes'));
    await batchesUntil([
      ['members/ann/recipes/cake.md', 'removed'],
      ['members/bob/recipes/cake.md', 'indexed'],
    ]);
    assert.deepEqual(await paths('member:ann'), []);
    assert.deepEqual(await paths('member:bob'), ['members/bob/recipes/cake.md']);
  });
});
