// The Dream service: flag precedence and fail-closed per tick, the user cap, shared never scheduled, switch-off.
import assert from 'node:assert/strict';
import type { DreamDefaults } from '../../../core/dream/dream-flags.ts';
import { DreamService, type TickResult } from '../../../core/dream/dream-service.ts';
import { DreamSettingsStore } from '../../../core/dream/dream-settings.ts';
import { dreamStatus } from '../../../core/dream/dream-status.ts';
import type { NoteSlice } from '../../../core/memory/note-input.ts';
import { beliefs, claim, type DreamKit, extractedTexts, openDreamKit, reply, silent } from './dream-kit.ts';

const on: DreamDefaults = { allowLlmText: true, workspaces: ['personal', 'cabin'], semanticDedup: false };
const personalOnly: DreamDefaults = { ...on, workspaces: ['personal'] };
const dark: DreamDefaults = { allowLlmText: false, workspaces: [], semanticDedup: false };
const runsOf = (r: TickResult | null) => r?.workspaces.flatMap((w) => w.runs) ?? [];
const priv = (owner: string, workspace: string | null = null): NoteSlice => ({
  workspace,
  visibility: 'private',
  ownerUserId: owner,
});

describe('Dream service', () => {
  let k: DreamKit;
  let settings: DreamSettingsStore;
  const audits: unknown[] = [];
  const service = (defaults: DreamDefaults, opts: Parameters<DreamKit['runner']>[0] = {}) =>
    new DreamService({
      runner: k.runner(opts),
      settings,
      defaults,
      logger: silent,
      audit: { record: async (r) => void audits.push(r) },
    });

  beforeEach(async () => {
    k = await openDreamKit();
    settings = new DreamSettingsStore(k.db);
    audits.length = 0;
    k.model.always(
      () => true,
      (body) => {
        const text = /<note>\n([\s\S]*)\n<\/note>/.exec(body.messages.at(-1).content)?.[1] ?? '';
        return reply(claim(text, text));
      },
    );
  });
  afterEach(() => k.close());

  it('runs nothing on the defaults (ships dark) and everything enrolled once allowed', async () => {
    await k.note('alice likes the quiet carriage', { slice: priv('alice') });
    await k.note('the cabin boat key hangs by the door', {
      slice: { workspace: 'cabin', visibility: 'workspace', ownerUserId: null },
    });
    const nothing = await service(dark).tick();
    assert.deepEqual(runsOf(nothing), []);
    assert.equal(k.model.chatRequests().length, 0);

    const ran = await service(on).tick();
    assert.deepEqual(
      ran?.workspaces.map((w) => [w.workspace, w.runs.length]),
      [
        ['cabin', 1],
        ['personal', 1],
      ],
    );
    const rows = await beliefs(k.db);
    assert.deepEqual(
      rows.map((b) => [b.workspace, b.owner]).sort(),
      [
        ['cabin', null],
        [null, 'alice'],
      ].sort(),
    );
  });

  it('a stored setting wins over the environment in either direction, is re-read every tick and audited', async () => {
    await k.note('alice likes the quiet carriage', { slice: priv('alice') });
    const dream = service(on);
    await dream.changeSettings('personal', { allow_llm_text: false }, 'olivia');
    assert.equal(runsOf(await dream.tick()).length, 0);
    assert.equal(k.model.chatRequests().length, 0);

    await dream.changeSettings('personal', { allow_llm_text: null }, 'olivia');
    assert.equal(runsOf(await dream.tick()).length, 1, 'cleared: the env default applies again');

    const opted = service(dark);
    await k.note('the boat key hangs by the door', { slice: priv('alice', 'cabin') });
    await opted.changeSettings('cabin', { allow_llm_text: true, enrolled: true }, 'olivia');
    const r = await opted.tick();
    assert.deepEqual(
      r?.workspaces.map((w) => w.workspace),
      ['cabin'],
    );
    assert.equal(audits.length, 3);
    assert.deepEqual(
      (audits[2] as { tool: string; input: { after: { enrolled: boolean } } }).tool,
      'dream_settings',
    );
    assert.equal((audits[2] as { input: { after: { enrolled: boolean } } }).input.after.enrolled, true);
  });

  it('fails closed: when the stored settings cannot be read, nothing runs even if the environment says yes', async () => {
    await k.note('alice likes the quiet carriage', { slice: priv('alice') });
    await k.db.query('DROP TABLE dream_settings');
    const dream = service(on);
    const r = await dream.tick();
    assert.deepEqual(r?.workspaces, []);
    assert.deepEqual(runsOf(r), []);
    assert.equal(k.model.chatRequests().length, 0);
    const flags = await dream.flags('personal');
    assert.equal(flags.enabled, false);
    assert.match(flags.error ?? '', /dream_settings/);
  });

  it('caps private slices at 200 users per run and covers the rest in the next run', async () => {
    for (let i = 0; i < 203; i++) {
      await k.note(`member ${i} likes tea number ${i}`, {
        slice: priv(`user-${String(i).padStart(3, '0')}`),
      });
    }
    const dream = service(personalOnly);
    const first = await dream.tick();
    assert.equal(runsOf(first).length, 200);
    assert.equal(first?.workspaces[0].deferred, 3);
    const second = await dream.tick();
    assert.deepEqual(
      runsOf(second).map((r) => r.slice.ownerUserId),
      ['user-200', 'user-201', 'user-202'],
    );
    assert.equal((await beliefs(k.db)).length, 203);
  });

  it('never schedules the shared slice; only an explicit request consolidates it', async () => {
    const shared: NoteSlice = { workspace: null, visibility: 'shared', ownerUserId: null };
    await k.note('the household wifi name is Lantern', { slice: shared });
    await k.note('alice likes the quiet carriage', { slice: priv('alice') });
    const dream = service(on);
    await dream.tick();
    assert.deepEqual(extractedTexts(k.model), ['alice likes the quiet carriage']);
    const explicit = await dream.runner.consolidateWorkspace('personal', {
      cause: 'manual',
      semantic: false,
      includeShared: true,
    });
    assert.deepEqual(
      explicit.runs.map((r) => r.slice.visibility),
      ['shared'],
    );
    const household = (await beliefs(k.db)).find((b) => b.content.includes('Lantern'));
    assert.deepEqual([household?.workspace, household?.owner], [null, null]);
  });

  it('switching a workspace off mid-run stops it before the next batch', async () => {
    for (let i = 0; i < 4; i++)
      await k.note(`distinct item ${['kettle', 'ladder', 'piano', 'carpet'][i]}`, { slice: priv('alice') });
    const dream = new DreamService({
      runner: k.runner(
        { batchSize: 2 },
        {
          hooks: {
            afterBatch: async () => {
              await settings.put('personal', { enrolled: false }, 'olivia');
            },
          },
        },
      ),
      settings,
      defaults: personalOnly,
      logger: silent,
    });
    const [run] = runsOf(await dream.tick());
    assert.equal(run?.status, 'stopped');
    assert.equal(run?.counters.notesRead, 2);
  });

  it('reports slices, retired notes and open reviews in its status, and closes runs a dead process left open', async () => {
    const bad = await k.note('unreadable scribble', { slice: priv('alice') });
    await k.note('Max: allergic to peanuts', { slice: priv('alice'), at: new Date('2030-01-01T00:00:00Z') });
    await k.note('Max is no longer allergic, he grew out of it', { slice: priv('alice') });
    k.model.reset();
    k.model.always('unreadable', { content: 'no json here' });
    const s = { kind: 'constraint', subject: "Max's allergies" };
    k.model.always(
      'allergic to peanuts',
      reply(claim('Max is allergic to peanuts.', 'allergic to peanuts', s)),
    );
    k.model.always('grew out', reply(claim('Max has no allergies any more.', 'he grew out of it', s)));
    const dream = service(personalOnly, { maxAttempts: 1 });
    await dream.tick();
    const status = await dreamStatus(k.db, dream, { cron: '15 3 * * *' });
    assert.equal(status.enabled, true);
    assert.deepEqual(
      status.slices.map((x) => [x.workspace, x.visibility, x.owner_user_id, x.notes_total, x.notes_consumed]),
      [['personal', 'private', 'alice', 3, 3]],
    );
    assert.deepEqual(
      status.retired_notes.map((r) => [r.note_id, r.reason]),
      [[bad.id, 'malformed']],
    );
    assert.equal(status.reviews.length, 1);
    assert.equal(status.reviews[0].older.content, 'Max is allergic to peanuts.');
    assert.equal(status.last_run?.notes_retired, 1);

    const orphan = await dream.runner.runs.start(priv('alice'), 'scheduled');
    assert.equal(await dream.runner.runs.markInterrupted(), 1);
    assert.equal((await dream.runner.runs.get(orphan))?.status, 'interrupted');
  });

  it('serialises passes: a tick during a running pass is refused, not run twice', async () => {
    await k.note('alice likes the quiet carriage', { slice: priv('alice') });
    const dream = service(personalOnly);
    const a = dream.tick();
    const b = await dream.tick();
    assert.equal(b, null);
    assert.equal(runsOf(await a).length, 1);
    assert.equal(dream.runNow(), true);
    assert.equal(dream.runNow(), false);
    await dream.idle();
    assert.equal(k.model.chatRequests().length, 1);
  });
});
