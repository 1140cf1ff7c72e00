// The vault indexer over a real SQLite file: guest gate, hash-incremental passes, edits, moves, deletes, bad input.
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { EmbeddedVectorStore } from '../../../plugins/knowledge/embedded-vector-store.ts';
import type { Embedder } from '../../../plugins/knowledge/embedder.ts';
import { IndexedFile } from '../../../plugins/knowledge/indexed-file.entity.ts';
import { LexicalEmbedder } from '../../../plugins/knowledge/lexical-embedder.ts';
import { VaultIndexer } from '../../../plugins/knowledge/vault-indexer.ts';
import { makeTempDir, openKnowledgeDb, writeVault } from './knowledge-test-kit.ts';

/** The lexical embedder with a call counter and a switch to make it fail. */
class CountingEmbedder implements Embedder {
  readonly kind = 'lexical' as const;
  readonly inner = new LexicalEmbedder();
  texts = 0;
  failing = false;
  constructor(readonly id = 'lexical-hash-v1') {}
  get dimensions() {
    return this.inner.dimensions;
  }
  async embed(texts: string[]) {
    if (this.failing) throw new Error('embedding endpoint down');
    this.texts += texts.length;
    return this.inner.embed(texts);
  }
}

const note = (title: string, body: string, extra = '') =>
  `---\ntitle: ${title}\n${extra}---\n# ${title}\n\n${body}\n`;

describe('knowledge vault indexer', () => {
  let tmp: ReturnType<typeof makeTempDir>;
  let root: string;
  let db: DataSource;
  let store: EmbeddedVectorStore;
  let embedder: CountingEmbedder;
  let indexer: VaultIndexer;
  let hosting: Set<string>;

  const makeIndexer = (e: Embedder = embedder) =>
    new VaultIndexer({
      root,
      db,
      store,
      embedder: e,
      chunk: { chunkTokens: 200, overlapTokens: 20 },
      maxFileBytes: 4096,
      hasGuestWindow: (slug) => hosting.has(slug),
      groupSize: 3,
    });
  const paths = async (collection: string, query = 'anything', k = 50) =>
    [
      ...new Set(
        (await store.search([collection], await embedder.inner.embedOne(query), k)).map((h) => h.path),
      ),
    ].sort();
  const rows = async () =>
    (await db.getRepository(IndexedFile).find({ order: { path: 'ASC' } })).map((r) => r.path);

  beforeEach(async () => {
    tmp = makeTempDir();
    root = path.join(tmp.dir, 'vault');
    mkdirSync(root);
    db = await openKnowledgeDb(tmp.dir);
    store = new EmbeddedVectorStore(db);
    embedder = new CountingEmbedder();
    hosting = new Set(['cabin']);
    indexer = makeIndexer();
  });
  afterEach(async () => {
    await indexer.settle();
    await db.destroy();
    tmp.remove();
  });

  it('opens a guest window only to files with guest_visible: true in a hosting workspace', async () => {
    writeVault(
      root,
      'workspaces/cabin/wifi.md',
      note('Wifi', 'The guest wifi password is on the fridge.', 'guest_visible: true\n'),
    );
    writeVault(root, 'workspaces/cabin/owner.md', note('Owner notes', 'The safe code is private.'));
    writeVault(
      root,
      'workspaces/cabin/quoted.md',
      note('Quoted', 'A string is not a yes.', 'guest_visible: "true"\n'),
    );
    writeVault(root, 'workspaces/office/plan.md', note('Plan', 'Office plans.', 'guest_visible: true\n'));
    writeVault(
      root,
      'household/boiler.md',
      note('Boiler', 'The boiler is in the cellar.', 'guest_visible: true\n'),
    );
    writeVault(root, 'members/ann/diary.md', note('Diary', 'Ann keeps a diary.', 'guest_visible: true\n'));
    const summary = await indexer.reindexAll();
    assert.equal(summary.indexed, 6);
    assert.deepEqual(await paths('guest:cabin'), ['workspaces/cabin/wifi.md']);
    assert.deepEqual(await paths('workspace:cabin'), [
      'workspaces/cabin/owner.md',
      'workspaces/cabin/quoted.md',
      'workspaces/cabin/wifi.md',
    ]);
    assert.deepEqual(await paths('guest:office'), []);
    assert.deepEqual(await paths('household'), ['household/boiler.md']);
    assert.deepEqual(await paths('member:ann'), ['members/ann/diary.md']);
    assert.deepEqual(
      (await store.collections()).map((c) => c.name),
      ['guest:cabin', 'household', 'member:ann', 'workspace:cabin', 'workspace:office'],
    );

    // Taking the flag away closes the window on the next index of that file.
    writeVault(root, 'workspaces/cabin/wifi.md', note('Wifi', 'The guest wifi password is on the fridge.'));
    assert.equal((await indexer.indexFile('workspaces/cabin/wifi.md')).status, 'indexed');
    assert.deepEqual(await paths('guest:cabin'), []);
    assert.deepEqual(await paths('workspace:cabin'), [
      'workspaces/cabin/owner.md',
      'workspaces/cabin/quoted.md',
      'workspaces/cabin/wifi.md',
    ]);
  });

  it('files documents into a guest window when their workspace starts hosting, and out when it stops', async () => {
    writeVault(
      root,
      'workspaces/office/plan.md',
      note('Plan', 'Office plans for guests.', 'guest_visible: true\n'),
    );
    await indexer.reindexAll();
    assert.deepEqual(await paths('guest:office'), []);
    indexer.setGuestWindows((slug) => slug === 'office');
    assert.equal((await indexer.reindexAll()).indexed, 1);
    assert.deepEqual(await paths('guest:office'), ['workspaces/office/plan.md']);
    indexer.setGuestWindows(() => false);
    await indexer.reindexAll();
    assert.deepEqual(await paths('guest:office'), []);
  });

  it('skips unchanged files by content hash and re-embeds only what changed', async () => {
    writeVault(root, 'household/a.md', note('A', 'Alpha text about the attic.'));
    writeVault(root, 'household/b.md', note('B', 'Beta text about the basement.'));
    writeVault(root, 'household/c.md', note('C', 'Gamma text about the garage.'));
    const first = await indexer.reindexAll();
    assert.deepEqual([first.indexed, first.unchanged, first.files], [3, 0, 3]);
    const textsAfterFirst = embedder.texts;
    assert.ok(textsAfterFirst >= 3);

    const second = await indexer.reindexAll();
    assert.deepEqual([second.indexed, second.unchanged], [0, 3]);
    assert.equal(embedder.texts, textsAfterFirst);

    writeVault(root, 'household/b.md', note('B', 'Beta text now about the boiler room.'));
    const third = await indexer.reindexAll();
    assert.deepEqual([third.indexed, third.unchanged], [1, 2]);
    assert.equal(embedder.texts, textsAfterFirst + 1);
    assert.equal(indexer.status().lastRun?.indexed, 1);
  });

  it('replaces a file’s chunks when it is edited, leaving no stale text behind', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} talks about the old shed roof.`).join(
      '\n\n',
    );
    writeVault(root, 'household/shed.md', note('Shed', long));
    await indexer.indexFile(path.join(root, 'household/shed.md'));
    const before = await store.count('household');
    assert.ok(before > 1, `expected several chunks, got ${before}`);
    writeVault(root, 'household/shed.md', note('Shed', 'The shed was rebuilt in spring.'));
    const outcome = await indexer.indexFile(path.join(root, 'household/shed.md'));
    assert.deepEqual([outcome.status, outcome.chunks], ['indexed', 1]);
    assert.equal(await store.count('household'), 1);
    const [hit] = await store.search(['household'], embedder.inner.embedOne('shed rebuilt'), 5);
    assert.equal(hit.text, 'The shed was rebuilt in spring.');
    assert.deepEqual([hit.lineStart, hit.lineEnd, hit.title], [6, 6, 'Shed']);
  });

  it('follows a move to another area and removes the old path', async () => {
    writeVault(root, 'household/recipe.md', note('Recipe', 'Grandma’s plum cake recipe.'));
    await indexer.reindexAll();
    mkdirSync(path.join(root, 'members/ann'), { recursive: true });
    renameSync(path.join(root, 'household/recipe.md'), path.join(root, 'members/ann/recipe.md'));
    const summary = await indexer.reindexAll();
    assert.deepEqual([summary.indexed, summary.removed], [1, 1]);
    assert.deepEqual(await paths('household'), []);
    assert.deepEqual(await paths('member:ann'), ['members/ann/recipe.md']);
    assert.deepEqual(await rows(), ['members/ann/recipe.md']);
  });

  it('keeps the vectors of moved content instead of embedding it again, whichever event comes first', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `Step ${i} of the sourdough starter.`).join('\n\n');
    writeVault(root, 'household/bread.md', note('Bread', long));
    await indexer.reindexAll();
    const embedded = embedder.texts;
    const chunks = await store.count('household');
    assert.ok(chunks > 1, `expected several chunks, got ${chunks}`);
    const [before] = await store.search(['household'], embedder.inner.embedOne('sourdough step 3'), 1);

    // A full pass sees the new path first (the old row still exists), then removes the old one.
    mkdirSync(path.join(root, 'members/ann'), { recursive: true });
    renameSync(path.join(root, 'household/bread.md'), path.join(root, 'members/ann/bread.md'));
    const pass = await indexer.reindexAll();
    assert.deepEqual([pass.indexed, pass.removed], [1, 1]);
    assert.equal(embedder.texts, embedded, 'nothing embedded again');
    assert.equal(await store.count('member:ann'), chunks);
    const [after] = await store.search(['member:ann'], embedder.inner.embedOne('sourdough step 3'), 1);
    assert.deepEqual([after.text, after.score.toFixed(5)], [before.text, before.score.toFixed(5)]);

    // The watcher may hand over the removal first: the vectors are remembered for a moment.
    renameSync(path.join(root, 'members/ann/bread.md'), path.join(root, 'household/bread.md'));
    assert.equal((await indexer.indexFile('members/ann/bread.md')).status, 'removed');
    assert.equal((await indexer.indexFile('household/bread.md')).status, 'indexed');
    assert.equal(embedder.texts, embedded, 'nothing embedded again');
    assert.deepEqual(await paths('household'), ['household/bread.md']);

    // Changed content (or a changed title, which is part of every chunk's text) is embedded anew.
    writeVault(root, 'household/bread.md', note('Sourdough', long));
    await indexer.indexFile('household/bread.md');
    assert.equal(embedder.texts, embedded + chunks);
  });

  it('removes deleted files, single or by folder, and files moved out of the indexed areas', async () => {
    writeVault(root, 'household/a.md', note('A', 'Alpha.'));
    writeVault(root, 'workspaces/cabin/x.md', note('X', 'Cabin x.', 'guest_visible: true\n'));
    writeVault(root, 'workspaces/cabin/y.md', note('Y', 'Cabin y.'));
    writeVault(root, 'household/t.md', note('T', 'Will become a template.'));
    await indexer.reindexAll();
    rmSync(path.join(root, 'household/a.md'));
    assert.equal((await indexer.indexFile('household/a.md')).status, 'removed');
    rmSync(path.join(root, 'workspaces/cabin'), { recursive: true });
    const removed = await indexer.removeUnder('workspaces/cabin');
    assert.deepEqual(
      removed.map((o) => [o.path, o.status]),
      [
        ['workspaces/cabin/x.md', 'removed'],
        ['workspaces/cabin/y.md', 'removed'],
      ],
    );
    assert.equal(await store.count('guest:cabin'), 0);
    assert.equal(await store.count('workspace:cabin'), 0);
    mkdirSync(path.join(root, 'templates'));
    renameSync(path.join(root, 'household/t.md'), path.join(root, 'templates/t.md'));
    assert.equal((await indexer.reindexAll()).removed, 1);
    assert.deepEqual(await rows(), []);
    assert.equal(await store.count(), 0);
  });

  it('skips and counts bad input without stopping, and the rest stays searchable', async () => {
    const outside = path.join(tmp.dir, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret.md'), note('Secret', 'Bank PIN outside the vault.'));
    writeVault(root, 'household/good.md', note('Good', 'The boiler is in the cellar.'));
    writeVault(root, 'household/broken.md', '---\ntitle: [unclosed\n---\nbody');
    writeVault(root, 'household/binary.md', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff, 0xfe]));
    writeVault(root, 'household/latin1.md', Buffer.from('caf\xe9 au lait', 'latin1'));
    writeVault(root, 'household/huge.md', `# Huge\n\n${'lorem ipsum '.repeat(1000)}`);
    symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'household/leak.md'));
    symlinkSync(outside, path.join(root, 'household/linked-folder'));
    symlinkSync(path.join(root, 'household/missing-target.md'), path.join(root, 'household/dangling.md'));
    const summary = await indexer.reindexAll();
    assert.deepEqual(summary.skippedByReason, {
      'malformed-front-matter': 1,
      binary: 2,
      'too-large': 1,
      'symlink-outside-vault': 1,
      'symlinked-directory': 1,
      unreadable: 1,
    });
    assert.deepEqual([summary.indexed, summary.skipped, summary.failed], [1, 7, 0]);
    assert.deepEqual(await paths('household', 'boiler'), ['household/good.md']);
    assert.deepEqual(await rows(), ['household/good.md']);
    const status = indexer.status();
    assert.equal(status.skippedByReason['symlink-outside-vault'], 1);
    const leak = status.recentSkipped.find((s) => s.path === 'household/leak.md')!;
    assert.equal(leak.reason, 'symlink-outside-vault');
    assert.match(leak.message!, /outside the vault/);
    for (const hit of await store.search(['household'], embedder.inner.embedOne('bank pin secret'), 10)) {
      assert.ok(!hit.text.includes('PIN'));
    }
  });

  it('refuses paths that escape the vault and drops a file that turns bad', async () => {
    assert.deepEqual(await indexer.indexFile('../outside/secret.md'), {
      path: '../outside/secret.md',
      status: 'skipped',
      reason: 'outside-vault',
      message: '../outside/secret.md is not inside the vault',
    });
    writeVault(root, 'household/turns-bad.md', note('Fine', 'Fine for now.'));
    await indexer.reindexAll();
    assert.equal(await store.count('household'), 1);
    writeVault(root, 'household/turns-bad.md', '---\nguest_visible: [\n---\nbroken');
    const outcome = await indexer.indexFile('household/turns-bad.md');
    assert.deepEqual([outcome.status, outcome.reason], ['skipped', 'malformed-front-matter']);
    assert.equal(await store.count('household'), 0);
    assert.deepEqual(await rows(), []);
  });

  it('keeps the old chunks when the embedder fails and retries on the next pass', async () => {
    writeVault(root, 'household/a.md', note('A', 'First version.'));
    await indexer.reindexAll();
    writeVault(root, 'household/a.md', note('A', 'Second version.'));
    embedder.failing = true;
    const failed = await indexer.reindexAll();
    assert.deepEqual([failed.failed, failed.skippedByReason['embedding-failed']], [1, 1]);
    assert.equal(
      (await store.search(['household'], embedder.inner.embedOne('version'), 1))[0].text,
      'First version.',
    );
    embedder.failing = false;
    assert.equal((await indexer.reindexAll()).indexed, 1);
    assert.equal(
      (await store.search(['household'], embedder.inner.embedOne('version'), 1))[0].text,
      'Second version.',
    );
  });

  it('starts the index afresh when the embedder changes', async () => {
    writeVault(root, 'household/a.md', note('A', 'Alpha.'));
    await indexer.reindexAll();
    const other = new CountingEmbedder('openai:other-model');
    const summary = await makeIndexer(other).reindexAll();
    assert.equal(summary.indexed, 1);
    assert.equal(other.texts, 1);
    const [row] = await db.getRepository(IndexedFile).find();
    assert.equal(row.embedder, 'openai:other-model');
  });

  it('reports progress while a pass runs and shares one run between concurrent callers', async () => {
    for (let i = 0; i < 7; i++) writeVault(root, `household/n${i}.md`, note(`N${i}`, `Note ${i}.`));
    const a = indexer.reindexAll({ trigger: 'test' });
    const b = indexer.reindexAll();
    assert.equal(a, b);
    await new Promise((r) => setImmediate(r));
    const running = indexer.status().running;
    assert.equal(running?.trigger, 'test');
    const summary = await a;
    assert.deepEqual([summary.files, summary.indexed, summary.trigger], [7, 7, 'test']);
    assert.equal(indexer.status().running, undefined);
  });
});
