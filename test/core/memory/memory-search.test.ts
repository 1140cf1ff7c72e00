// Memory search: ranking by words and tags, hostile query text, dedup candidates per slice, the bounded window;
// on SQLite once ranked from the in-memory recall index and once from FTS5's posting lists.
import assert from 'node:assert/strict';
import type { Seal } from '../../../core/contracts/principal.ts';
import type { MemoryInput, MemoryOrigin } from '../../../core/memory/memory-input.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { onPostgres } from '../../support/test-database.ts';
import { days, type MemoryDb, openMemoryDb } from './memory-db.ts';

const alice: Seal = { userId: 'alice', workspace: null };
const mine: MemoryOrigin = { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' };

/** SQLite's two candidate sources (the index, FTS5); PostgreSQL has one. */
const modes: Array<[string, number | undefined]> = onPostgres()
  ? [['', undefined]]
  : [
      [' (recall index)', undefined],
      [' (FTS5 candidates)', 0],
    ];

for (const [label, recallIndexCap] of modes)
  describe(`memory search${label}`, () => {
    let m: MemoryDb;
    let store: MemoryStore;
    /** The bounded window applies where candidates come from posting lists' heads: FTS5 and PostgreSQL. */
    const indexed = !onPostgres() && recallIndexCap === undefined;
    const add = (input: MemoryInput, origin: MemoryOrigin = mine) => store.create(input, origin);
    const contents = async (seal: Seal, q: Parameters<MemoryStore['recall']>[1]) =>
      (await store.recall(seal, q)).map((s) => s.memory.content);

    beforeEach(async () => {
      m = await openMemoryDb();
      store = new MemoryStore(m.db, { now: m.now, recallIndexCap });
    });
    afterEach(() => m.close());

    it('ranks a memory matching more of the query words first and leaves non-matching ones out', async () => {
      await add({ content: 'Mia has swimming lessons on Tuesday' });
      await add({ content: 'Mia has a dentist appointment on Tuesday at the clinic' });
      await add({ content: 'The boiler service is due in March' });
      const found = await contents(alice, { text: 'When is Mia’s dentist appointment?' });
      assert.deepEqual(found, [
        'Mia has a dentist appointment on Tuesday at the clinic',
        'Mia has swimming lessons on Tuesday',
      ]);
    });

    it('weights a rare word above a common one', async () => {
      for (let i = 0; i < 6; i++) await add({ content: `the car needs attention ${i}` });
      await add({ content: 'the audi takes premium fuel' });
      const [best] = await contents(alice, { text: 'car audi' });
      assert.equal(best, 'the audi takes premium fuel');
    });

    it('boosts an exact tag above a word that only appears in the content', async () => {
      await add({ content: 'Leo’s health insurance card is in the blue folder' });
      await add({ content: 'Allergy to peanuts', tags: ['health'] });
      const scored = await store.recall(alice, { text: 'health', tags: ['Health'] });
      assert.equal(scored[0].memory.content, 'Allergy to peanuts');
      assert.ok(scored[0].score > scored[1].score);
    });

    it('finds by tag alone, including a multi-word tag', async () => {
      await add({ content: 'Pick-up is at 15:30', tags: ['school run'] });
      await add({ content: 'Buy running shoes', tags: ['shopping'] });
      assert.deepEqual(await contents(alice, { tags: ['School Run'] }), ['Pick-up is at 15:30']);
    });

    it('matches singular and plural forms and ignores accents', async () => {
      await add({ content: 'Two dentists on Elm Street' });
      await add({ content: 'Le café du coin opens at seven' });
      assert.deepEqual(await contents(alice, { text: 'dentist' }), ['Two dentists on Elm Street']);
      assert.deepEqual(await contents(alice, { text: 'CAFE' }), ['Le café du coin opens at seven']);
    });

    it('returns nothing for an empty query and respects the limit', async () => {
      for (let i = 0; i < 12; i++) await add({ content: `groceries list item ${i}` });
      assert.deepEqual(await store.recall(alice, { text: '   ' }), []);
      assert.deepEqual(await store.recall(alice, {}), []);
      assert.equal((await store.recall(alice, { text: 'groceries', limit: 3 })).length, 3);
      assert.equal((await store.recall(alice, { text: 'groceries' })).length, 8);
    });

    it('treats FTS syntax in query text and tags as plain words and never throws', async () => {
      await add({ content: 'The bus stop is near the bakery', tags: ['transport'] });
      const hostile = [
        '"',
        '""',
        '"unbalanced quote',
        'NEAR(bus bakery, 2)',
        'bus* OR bak*',
        '-bakery',
        '(bus OR',
        ')',
        'content: bus',
        '{content tags}: bus',
        '^bus',
        'bus AND',
        'NOT bus',
        '*',
        "'; DROP TABLE memories; --",
        'scope : "so"',
        'bus\u0000stop',
        '🚌 🥐',
        'x'.repeat(5000),
        `${'bus '.repeat(500)}`,
      ];
      for (const text of hostile) {
        const got = await store.recall(alice, { text, tags: [text, '"', 'a:b', '*'] });
        assert.ok(Array.isArray(got), text);
      }
      assert.deepEqual(await contents(alice, { text: 'NEAR' }), ['The bus stop is near the bakery']);
      assert.deepEqual(await contents(alice, { text: 'NOT "bakery"' }), ['The bus stop is near the bakery']);
      assert.equal((await m.db.query('SELECT COUNT(*) AS n FROM memories'))[0].n, 1);
    });

    it('keeps the FTS slice token in step with the SQL one for any workspace and user id', async () => {
      const seal: Seal = { userId: '@ålice:home.example', workspace: 'Ferienwohnung-Süd 🌲' };
      await add(
        { content: 'Wi-Fi code is on the fridge' },
        { ...mine, ownerUserId: seal.userId, workspace: seal.workspace },
      );
      await add(
        { content: 'Wi-Fi for guests is separate' },
        { ...mine, ownerUserId: null, workspace: seal.workspace },
      );
      assert.deepEqual((await contents(seal, { text: 'fridge guests' })).sort(), [
        'Wi-Fi code is on the fridge',
        'Wi-Fi for guests is separate',
      ]);
    });

    it('offers dedup candidates only from the same slice and only live ones', async () => {
      const slice = { workspace: 'rental', ownerUserId: null };
      const same = await add({ content: 'Check-in is from 3pm' }, { ...mine, ...slice });
      await add({ content: 'Check-in is from 4pm for Alice' }, { ...mine, workspace: 'rental' });
      await add(
        { content: 'Check-in at the bakery flat is from 2pm' },
        { ...mine, ownerUserId: null, workspace: 'bakery' },
      );
      const gone = await add({ content: 'Check-in used to be from noon' }, { ...mine, ...slice });
      await store.archive(gone.id);
      const short = await add(
        { content: 'Check-in is from 5pm this week', expiresAt: days(m.clock.now, 1).toISOString() },
        { ...mine, ...slice },
      );
      m.clock.now = days(m.clock.now, 2);
      const found = await store.candidates(slice, 'check-in from 3pm');
      assert.deepEqual(
        found.map((s) => s.memory.id),
        [same.id],
      );
      assert.ok(!found.some((s) => s.memory.id === short.id));
    });

    it('ranks every match from the recall index, only the window’s shortest, then newest from posting lists', async () => {
      const windowed = new MemoryStore(m.db, { now: m.now, searchWindow: 5, recallIndexCap });
      const made = [];
      for (let i = 0; i < 20; i++) made.push(await add({ content: `recipe number ${i} uses lentils` }));
      const got = await windowed.recall(alice, { text: 'lentils', limit: 50 });
      assert.deepEqual(
        got.map((s) => s.memory.id).sort((a, b) => a - b),
        // the recall index ranks every match: it has no window
        (indexed ? made : made.slice(-5)).map((x) => x.id),
      );
    });

    it('finds a common word’s best match, its shortest row, however many newer rows hold the word', async () => {
      const windowed = new MemoryStore(m.db, { now: m.now, searchWindow: 10, recallIndexCap });
      const old = await add({ content: 'Mia naps' });
      for (let i = 0; i < 30; i++)
        await add({ content: `Mia went to the park with her friends on day ${i}` });
      const found = await windowed.recall(alice, { text: 'Mia' });
      assert.equal(found[0].memory.id, old.id);
      assert.equal(found.length, 8);
    });

    it('finds an old row holding two of three common words, beyond every word’s window', async () => {
      const windowed = new MemoryStore(m.db, { now: m.now, searchWindow: 5, recallIndexCap });
      const old = await add({ content: 'Leo plays chess after school' });
      for (let i = 0; i < 20; i++) {
        await add({ content: `Leo ${i} today` });
        await add({ content: `chess ${i} today` });
        await add({ content: `Fridays ${i} today` });
      }
      const [best] = await windowed.recall(alice, { text: 'Leo chess on Friday' });
      assert.equal(best.memory.id, old.id);
    });

    it('never lets a common word crowd a rare word’s matches out of the window', async () => {
      const windowed = new MemoryStore(m.db, { now: m.now, searchWindow: 10, recallIndexCap });
      const old = await add({ content: 'Mia sees the orthodontist every March' });
      for (let i = 0; i < 30; i++) await add({ content: `Mia played outside, day ${i}` });
      const [best] = await windowed.recall(alice, { text: 'Mia orthodontist' });
      assert.equal(best.memory.id, old.id);
    });

    it('finds an old best match whose words are all common, beyond every word’s window', async () => {
      const windowed = new MemoryStore(m.db, { now: m.now, searchWindow: 10, recallIndexCap });
      const old = await add({ content: 'Mia eats porridge on Sunday' });
      for (let i = 0; i < 30; i++) {
        await add({ content: `Mia went swimming on Sunday ${i}` });
        await add({ content: `porridge recipe ${i} for Mia` });
        await add({ content: `Sunday porridge ${i}` });
      }
      const [best] = await windowed.recall(alice, { text: 'Mia porridge Sunday' });
      assert.equal(best.memory.id, old.id);
    });

    it('finds an old memory carrying every asked tag, beyond each tag’s window', async () => {
      const windowed = new MemoryStore(m.db, { now: m.now, searchWindow: 10, recallIndexCap });
      const old = await add({
        content: 'Vaccination card is in the blue folder',
        tags: ['health', 'school'],
      });
      for (let i = 0; i < 30; i++) {
        await add({ content: `checkup note ${i}`, tags: ['health'] });
        await add({ content: `term date ${i}`, tags: ['school'] });
      }
      const [best] = await windowed.recall(alice, { tags: ['health', 'school'] });
      assert.equal(best.memory.id, old.id);
    });

    it('keeps the index in step through edits, moves, archive/restore cycles and a full merge', async () => {
      const made = [];
      for (let i = 0; i < 40; i++) made.push(await add({ content: `token${i} plain` }));
      for (const mem of made) {
        if (mem.id % 3 === 0) await store.update(mem.id, { content: `${mem.content} edited` });
        if (mem.id % 4 === 0) {
          await store.archive(mem.id);
          await store.restore(mem.id);
        }
        if (mem.id % 5 === 0) await store.archive(mem.id);
      }
      // FTS5 merges its segments; PostgreSQL's GIN index has no such step
      if (!onPostgres()) await m.db.query("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')");
      for (const [i, mem] of made.entries()) {
        const ids = (await store.recall(alice, { text: `token${i}` })).map((s) => s.memory.id);
        assert.deepEqual(ids, mem.id % 5 === 0 ? [] : [mem.id], `token${i}`);
      }
    });

    it('re-indexes an edited memory: the new words are found, the old ones no longer', async () => {
      const mem = await add({ content: 'The spare key is under the mat' });
      await store.update(mem.id, { content: 'The spare key is with the neighbour', tags: ['keys'] });
      assert.deepEqual(await contents(alice, { text: 'mat' }), []);
      assert.deepEqual(await contents(alice, { text: 'neighbour' }), ['The spare key is with the neighbour']);
      assert.deepEqual(await contents(alice, { tags: ['keys'] }), ['The spare key is with the neighbour']);
    });
  });
