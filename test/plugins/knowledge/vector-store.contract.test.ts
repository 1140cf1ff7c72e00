// One contract for every vector store: embedded always; Qdrant real (QDRANT_URL) or the REST double.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { QdrantClient } from '@qdrant/js-client-rest';
import type { DataSource } from 'typeorm';
import { EmbeddedVectorStore } from '../../../plugins/knowledge/embedded-vector-store.ts';
import {
  collectionFromQdrantName,
  QdrantVectorStore,
  qdrantName,
} from '../../../plugins/knowledge/qdrant-vector-store.ts';
import type { VectorRecord, VectorStore } from '../../../plugins/knowledge/vector-store.ts';
import { QdrantDouble } from '../../support/qdrant-server.ts';
import { makeTempDir, openKnowledgeDb, randomVector, seeded } from './knowledge-test-kit.ts';

/** Opens a store over a backend that outlives it, so reopening shows what was persisted. */
interface StoreBackend {
  open(): VectorStore;
  teardown(): Promise<void>;
  /** Checked after the suite (the double: no call outside what it serves). */
  verify?(): void;
  /**
   * Its candidates come from an approximate graph (HNSW over int8 vectors, built on several threads, so not the
   * same graph every run): the hits are rescored exactly, but one of the true top k may be missing.
   */
  approximate?: boolean;
}

function record(
  collection: string,
  path: string,
  ordinal: number,
  vector: ArrayLike<number>,
  text = `${path}#${ordinal}`,
): VectorRecord {
  return {
    collection,
    path,
    ordinal,
    kind: 'prose',
    title: `Title of ${path}`,
    headings: ['Top', 'Sub'],
    lineStart: ordinal * 10 + 1,
    lineEnd: ordinal * 10 + 5,
    text,
    vector: Float32Array.from(vector),
  };
}

function vectorStoreContract(name: string, makeBackend: () => Promise<StoreBackend>): void {
  describe(`vector store contract: ${name}`, () => {
    let backend: StoreBackend;
    let store: VectorStore;

    beforeEach(async () => {
      backend = await makeBackend();
      store = backend.open();
    });
    afterEach(async () => {
      await store.close();
      backend.verify?.();
      await backend.teardown();
    });

    it('answers empty for collections that do not exist', async () => {
      assert.deepEqual(
        await store.search(['household', 'member:nobody'], Float32Array.from([1, 0, 0]), 5),
        [],
      );
      assert.equal(await store.count(), 0);
      assert.equal(await store.count('household'), 0);
      assert.deepEqual(await store.collections(), []);
      await store.deleteByPath('household/none.md');
      await store.dropCollection('household');
    });

    it('finds the nearest chunk by cosine and returns its metadata', async () => {
      await store.upsert([
        record('household', 'household/boiler.md', 0, [1, 0, 0, 0], 'The boiler is in the cellar.'),
        record('household', 'household/garden.md', 0, [0, 1, 0, 0]),
        record('household', 'household/car.md', 0, [0, 0, 1, 0]),
      ]);
      const hits = await store.search(['household'], Float32Array.from([0.9, 0.1, 0, 0]), 2);
      assert.equal(hits.length, 2);
      assert.deepEqual(
        { ...hits[0], score: undefined },
        {
          collection: 'household',
          path: 'household/boiler.md',
          ordinal: 0,
          kind: 'prose',
          title: 'Title of household/boiler.md',
          headings: ['Top', 'Sub'],
          lineStart: 1,
          lineEnd: 5,
          text: 'The boiler is in the cellar.',
          score: undefined,
        },
      );
      assert.ok(Math.abs(hits[0].score - 0.9 / Math.hypot(0.9, 0.1)) < 1e-4, `score ${hits[0].score}`);
      assert.equal(hits[1].path, 'household/garden.md');
    });

    it('ranks by cosine, not by vector length', async () => {
      await store.upsert([
        record('household', 'household/long.md', 0, [10, 10, 0]),
        record('household', 'household/aligned.md', 0, [0, 0.5, 0]),
      ]);
      const hits = await store.search(['household'], Float32Array.from([0, 3, 0]), 2);
      assert.deepEqual(
        hits.map((h) => h.path),
        ['household/aligned.md', 'household/long.md'],
      );
      assert.ok(Math.abs(hits[0].score - 1) < 1e-4);
    });

    it('searches only the requested collections and merges several by score', async () => {
      await store.upsert([
        record('member:@ann:example.org', 'members/@ann:example.org/diary.md', 0, [1, 0, 0]),
        record('workspace:cabin', 'workspaces/cabin/wifi.md', 0, [0.8, 0.6, 0]),
        record('guest:cabin', 'workspaces/cabin/wifi.md', 0, [0.8, 0.6, 0]),
        record('household', 'household/far.md', 0, [0, 0, 1]),
      ]);
      const q = Float32Array.from([1, 0, 0]);
      const guest = await store.search(['guest:cabin'], q, 10);
      assert.deepEqual(
        guest.map((h) => [h.collection, h.path]),
        [['guest:cabin', 'workspaces/cabin/wifi.md']],
      );
      const merged = await store.search(['household', 'member:@ann:example.org', 'workspace:cabin'], q, 10);
      assert.deepEqual(
        merged.map((h) => h.collection),
        ['member:@ann:example.org', 'workspace:cabin', 'household'],
      );
      assert.equal(
        (await store.search(['member:@ann:example.org'], q, 1))[0].path,
        'members/@ann:example.org/diary.md',
      );
    });

    it('returns exactly the brute-force top k over many vectors', async () => {
      const rand = seeded(42);
      const records = Array.from({ length: 300 }, (_, i) =>
        record(i % 3 ? 'household' : 'workspace:cabin', `household/n${i}.md`, 0, randomVector(rand, 16)),
      );
      await store.upsert(records);
      const q = randomVector(rand, 16);
      const unit = (v: Float32Array) => {
        const n = Math.hypot(...v);
        return Array.from(v, (x) => x / n);
      };
      const qn = unit(q);
      const expected = records
        .filter((r) => r.collection === 'household')
        .map((r) => ({ path: r.path, score: unit(r.vector).reduce((s, x, i) => s + x * qn[i], 0) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 7);
      const hits = await store.search(['household'], q, 7);
      if (backend.approximate) {
        // exact scores, best first, and at most one of the true seven missing (recall is measured in bench/)
        const exact = new Map(expected.map((e) => [e.path, e.score]));
        const truth = records.filter((r) => r.collection === 'household');
        for (const h of hits) {
          const r = truth.find((x) => x.path === h.path)!;
          assert.ok(Math.abs(h.score - unit(r.vector).reduce((s, x, i) => s + x * qn[i], 0)) < 1e-4, h.path);
        }
        assert.deepEqual(
          hits.map((h) => h.score),
          [...hits.map((h) => h.score)].sort((a, b) => b - a),
        );
        assert.equal(hits.length, 7);
        assert.ok(hits.filter((h) => exact.has(h.path)).length >= 6, JSON.stringify(hits.map((h) => h.path)));
        return;
      }
      assert.deepEqual(
        hits.map((h) => h.path),
        expected.map((e) => e.path),
      );
      hits.forEach((h, i) => {
        assert.ok(Math.abs(h.score - expected[i].score) < 1e-4);
      });
    });

    it('filters inside the search: k hits from the asked collection even when others are all closer', async () => {
      const rand = seeded(7);
      const q = randomVector(rand, 16);
      // 200 chunks almost equal to the query sit in the workspace; the guest window holds 12 farther ones.
      const near = Array.from({ length: 200 }, (_, i) =>
        record(
          'workspace:cabin',
          `workspaces/cabin/near-${i}.md`,
          0,
          q.map((x) => x + (rand() - 0.5) * 0.05),
        ),
      );
      const far = Array.from({ length: 12 }, (_, i) =>
        record('guest:cabin', `workspaces/cabin/far-${i}.md`, 0, randomVector(rand, 16)),
      );
      await store.upsert([...near, ...far]);
      const hits = await store.search(['guest:cabin'], q, 10);
      assert.equal(hits.length, 10);
      assert.ok(hits.every((h) => h.collection === 'guest:cabin' && h.path.includes('/far-')));
      await store.deleteByPath('workspaces/cabin/far-0.md');
      await store.deleteByPath('workspaces/cabin/far-1.md');
      await store.deleteByPath('workspaces/cabin/far-2.md');
      const after = await store.search(['guest:cabin'], q, 10);
      assert.equal(after.length, 9);
      assert.ok(!after.some((h) => /far-[012]\.md$/.test(h.path)));
    });

    it('gives back a file’s stored vectors in chunk order, or nothing unless all are there', async () => {
      await store.upsert([
        record('household', 'household/a.md', 1, [0, 2, 0]),
        record('household', 'household/a.md', 0, [3, 0, 0]),
        record('household', 'household/b.md', 0, [0, 0, 1]),
      ]);
      const got = await store.vectorsOf('household', 'household/a.md', 2);
      assert.deepEqual(
        got?.map((v) => Array.from(v, (x) => Math.round(x * 1000) / 1000)),
        [
          [1, 0, 0],
          [0, 1, 0],
        ],
      );
      assert.equal(await store.vectorsOf('household', 'household/a.md', 3), undefined);
      assert.equal(await store.vectorsOf('member:nobody', 'household/a.md', 2), undefined);
    });

    it('overwrites a chunk upserted again under the same collection, path and ordinal', async () => {
      await store.upsert([record('household', 'household/a.md', 0, [1, 0], 'old text')]);
      assert.equal((await store.search(['household'], Float32Array.from([1, 0]), 1))[0].text, 'old text');
      await store.upsert([record('household', 'household/a.md', 0, [0, 1], 'new text')]);
      assert.equal(await store.count('household'), 1);
      const [hit] = await store.search(['household'], Float32Array.from([0, 1]), 5);
      assert.equal(hit.text, 'new text');
      assert.ok(Math.abs(hit.score - 1) < 1e-4);
      const nearOld = await store.search(['household'], Float32Array.from([1, 0.01]), 1);
      assert.deepEqual(
        nearOld.map((h) => h.text),
        ['new text'],
      );
    });

    it('deletes by path in the named collections, or in all of them', async () => {
      await store.upsert([
        record('workspace:cabin', 'workspaces/cabin/a.md', 0, [1, 0]),
        record('workspace:cabin', 'workspaces/cabin/a.md', 1, [1, 0.1]),
        record('guest:cabin', 'workspaces/cabin/a.md', 0, [1, 0]),
        record('workspace:cabin', 'workspaces/cabin/b.md', 0, [0, 1]),
      ]);
      await store.deleteByPath('workspaces/cabin/a.md', ['guest:cabin']);
      assert.equal(await store.count('guest:cabin'), 0);
      assert.equal(await store.count('workspace:cabin'), 3);
      await store.deleteByPath('workspaces/cabin/a.md');
      assert.equal(await store.count('workspace:cabin'), 1);
      const hits = await store.search(['workspace:cabin', 'guest:cabin'], Float32Array.from([1, 0]), 5);
      assert.deepEqual(
        hits.map((h) => h.path),
        ['workspaces/cabin/b.md'],
      );
    });

    it('refuses to mix vector lengths within a collection, allows them across collections', async () => {
      await store.upsert([record('household', 'household/a.md', 0, [1, 0, 0])]);
      await assert.rejects(store.upsert([record('household', 'household/b.md', 0, [1, 0])]), {
        code: 'QUORRA_KNOWLEDGE_DIMENSION_MISMATCH',
      });
      await assert.rejects(
        store.upsert([
          record('member:ann', 'members/ann/a.md', 0, [1, 0]),
          record('member:ann', 'members/ann/b.md', 0, [1, 0, 0]),
        ]),
        { code: 'QUORRA_KNOWLEDGE_DIMENSION_MISMATCH' },
      );
      await store.upsert([record('member:bob', 'members/bob/a.md', 0, [1, 0])]);
      await assert.rejects(store.search(['household'], Float32Array.from([1, 0]), 3), {
        code: 'QUORRA_KNOWLEDGE_DIMENSION_MISMATCH',
      });
      assert.equal(await store.count('household'), 1);
      assert.equal(await store.count('member:ann'), 0);
    });

    it('counts, lists and drops collections', async () => {
      await store.upsert([
        record('household', 'household/a.md', 0, [1, 0, 0]),
        record('household', 'household/a.md', 1, [0, 1, 0]),
        record('member:ann', 'members/ann/a.md', 0, [1, 0]),
      ]);
      assert.equal(await store.count(), 3);
      assert.deepEqual(await store.collections(), [
        { name: 'household', count: 2, dimensions: 3 },
        { name: 'member:ann', count: 1, dimensions: 2 },
      ]);
      await store.dropCollection('household');
      assert.equal(await store.count(), 1);
      assert.deepEqual(await store.search(['household'], Float32Array.from([1, 0, 0]), 3), []);
      await store.upsert([record('household', 'household/c.md', 0, [0, 0, 0, 1])]);
      assert.equal(
        (await store.search(['household'], Float32Array.from([0, 0, 0, 1]), 3))[0].path,
        'household/c.md',
      );
    });

    it('clears everything, even emptied collections, so a new vector length can start', async () => {
      await store.upsert([
        record('household', 'household/a.md', 0, [1, 0, 0]),
        record('member:ann', 'members/ann/a.md', 0, [0, 1, 0]),
      ]);
      await store.deleteByPath('members/ann/a.md');
      await store.clear();
      assert.equal(await store.count(), 0);
      assert.deepEqual(await store.collections(), []);
      await store.upsert([
        record('household', 'household/a.md', 0, [1, 0, 0, 0, 0]),
        record('member:ann', 'members/ann/a.md', 0, [0, 1, 0, 0, 0]),
      ]);
      assert.equal(
        (await store.search(['member:ann'], Float32Array.from([0, 1, 0, 0, 0]), 1))[0].path,
        'members/ann/a.md',
      );
    });

    it('sees its own writes after a search, and everything again after reopening', async () => {
      await store.upsert([record('household', 'household/a.md', 0, [1, 0])]);
      assert.equal((await store.search(['household'], Float32Array.from([0, 1]), 5)).length, 1);
      await store.upsert([record('household', 'household/b.md', 0, [0, 1])]);
      await store.deleteByPath('household/a.md');
      // k = 1 with a query nearest the deleted chunk: a stale cache would answer nothing at all.
      assert.deepEqual(
        (await store.search(['household'], Float32Array.from([1, 0.1]), 1)).map((h) => h.path),
        ['household/b.md'],
      );
      await store.close();
      store = backend.open();
      assert.deepEqual(
        (await store.search(['household'], Float32Array.from([0, 1]), 5)).map((h) => h.path),
        ['household/b.md'],
      );
    });
  });
}

vectorStoreContract('embedded (SQLite)', async () => {
  const tmp = makeTempDir();
  const db: DataSource = await openKnowledgeDb(tmp.dir);
  return {
    open: () => new EmbeddedVectorStore(db),
    teardown: async () => {
      await db.destroy();
      tmp.remove();
    },
  };
});

// The same contract with every collection searched through its HNSW graph, saved to files and reloaded.
vectorStoreContract('embedded (SQLite + HNSW graphs)', async () => {
  const tmp = makeTempDir();
  const db: DataSource = await openKnowledgeDb(tmp.dir);
  return {
    open: () => new EmbeddedVectorStore(db, { indexDir: path.join(tmp.dir, 'graphs'), graphFrom: 1 }),
    approximate: true,
    teardown: async () => {
      await db.destroy();
      tmp.remove();
    },
  };
});

if (process.env.QDRANT_URL) {
  const url = process.env.QDRANT_URL;
  vectorStoreContract(`Qdrant at QDRANT_URL`, async () => {
    // A fresh prefix per test keeps runs apart and leaves the server's other collections alone.
    const prefix = `quorra-test-${randomUUID().slice(0, 8)}-`;
    const open = () => new QdrantVectorStore({ url, apiKey: process.env.QDRANT_API_KEY, prefix });
    return {
      open,
      teardown: async () => {
        const client = new QdrantClient({
          url,
          apiKey: process.env.QDRANT_API_KEY,
          checkCompatibility: false,
        });
        for (const c of (await client.getCollections()).collections) {
          if (c.name.startsWith(prefix)) await client.deleteCollection(c.name);
        }
      },
    };
  });
} else {
  vectorStoreContract('Qdrant (REST double)', async () => {
    const double = await QdrantDouble.start();
    return {
      open: () => new QdrantVectorStore({ url: double.url, prefix: 'quorra-kb-' }),
      verify: () =>
        assert.deepEqual(double.unsupported, [], 'the adapter called an endpoint the double does not serve'),
      teardown: () => double.close(),
    };
  });
}

describe('Qdrant collection names', () => {
  it('escapes Quorra collection names reversibly into Qdrant-safe names', () => {
    for (const c of ['household', 'member:@ann:example.org', 'workspace:cabin_2', 'guest:Ünïcode slug']) {
      const name = qdrantName('quorra-kb-', c);
      assert.match(name, /^[a-z0-9_-]+$/);
      assert.equal(collectionFromQdrantName('quorra-kb-', name), c);
    }
    assert.equal(qdrantName('p-', 'member:ann'), 'p-member_3aann');
    assert.equal(collectionFromQdrantName('quorra-kb-', 'someone-elses'), undefined);
  });
});
