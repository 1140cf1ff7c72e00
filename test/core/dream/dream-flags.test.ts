// Dream's switches: stored setting over environment default in either direction, fail-closed reads, env parsing.
import assert from 'node:assert/strict';
import { loadConfig } from '../../../core/config/load-config.ts';
import {
  candidateWorkspaces,
  type DreamDefaults,
  readFlags,
  resolveFlags,
} from '../../../core/dream/dream-flags.ts';
import type { StoredDreamSetting } from '../../../core/dream/dream-settings.ts';

const env = (o: Partial<DreamDefaults> = {}): DreamDefaults => ({
  allowLlmText: false,
  workspaces: [],
  semanticDedup: false,
  ...o,
});
const stored = (o: Partial<StoredDreamSetting>): StoredDreamSetting => ({
  workspace: 'personal',
  allowLlmText: null,
  enrolled: null,
  semanticDedup: null,
  updatedAt: '',
  updatedBy: null,
  ...o,
});

describe('Dream flags', () => {
  it('ships dark: nothing runs on the defaults', () => {
    const f = resolveFlags('personal', env(), null);
    assert.equal(f.enabled, false);
    assert.deepEqual(f.sources, { allowLlmText: 'env', enrolled: 'env', semanticDedup: 'env' });
  });

  it('runs only when note text may reach the model AND the workspace is enrolled', () => {
    assert.equal(resolveFlags('personal', env({ allowLlmText: true }), null).enabled, false);
    assert.equal(resolveFlags('personal', env({ workspaces: ['personal'] }), null).enabled, false);
    assert.equal(
      resolveFlags('personal', env({ allowLlmText: true, workspaces: ['personal'] }), null).enabled,
      true,
    );
    assert.equal(
      resolveFlags('cabin', env({ allowLlmText: true, workspaces: ['personal'] }), null).enabled,
      false,
    );
  });

  it('a stored setting overrides the environment in either direction; null means the default', () => {
    const on = env({ allowLlmText: true, workspaces: ['personal'], semanticDedup: true });
    const off = resolveFlags('personal', on, stored({ allowLlmText: false, semanticDedup: false }));
    assert.equal(off.enabled, false);
    assert.equal(off.semanticDedup, false);
    assert.equal(off.sources.allowLlmText, 'stored');
    assert.equal(resolveFlags('personal', on, stored({ enrolled: false })).enabled, false);

    const dark = env();
    const opted = resolveFlags(
      'cabin',
      dark,
      stored({ workspace: 'cabin', allowLlmText: true, enrolled: true }),
    );
    assert.equal(opted.enabled, true);
    assert.equal(opted.semanticDedup, false);
    assert.equal(opted.sources.semanticDedup, 'env');

    const cleared = resolveFlags('personal', on, stored({}));
    assert.equal(cleared.enabled, true);
    assert.equal(cleared.semanticDedup, true);
  });

  it('fails closed: any error reading the stored setting turns every switch off', async () => {
    const on = env({ allowLlmText: true, workspaces: ['personal'], semanticDedup: true });
    const f = await readFlags('personal', on, async () => {
      throw new Error('SQLITE_BUSY: database is locked');
    });
    assert.equal(f.enabled, false);
    assert.equal(f.semanticDedup, false);
    assert.match(f.error ?? '', /locked/);
    assert.equal((await readFlags('personal', on, async () => null)).enabled, true);
  });

  it('evaluates the enrolment list plus every stored workspace; a failed listing keeps only the list', async () => {
    const list = async () => [stored({ workspace: 'cabin' })];
    assert.deepEqual((await candidateWorkspaces(env({ workspaces: ['personal'] }), list)).keys, [
      'cabin',
      'personal',
    ]);
    const failed = await candidateWorkspaces(env({ workspaces: ['personal'] }), async () => {
      throw new Error('no table');
    });
    assert.deepEqual(failed.keys, ['personal']);
    assert.match(failed.error ?? '', /no table/);
  });
});

describe('Dream configuration from the environment', () => {
  it('reads QUORRA_DREAM_* strings as switches and a comma list', () => {
    const c = loadConfig({
      cwd: '/nonexistent',
      env: {
        QUORRA_DREAM_ALLOW_LLM_TEXT: 'true',
        QUORRA_DREAM_WORKSPACES: ' personal, cabin ,,',
        QUORRA_DREAM_SEMANTIC_DEDUP: '0',
      },
    });
    assert.equal(c.dream.allowLlmText, true);
    assert.deepEqual(c.dream.workspaces, ['personal', 'cabin']);
    assert.equal(c.dream.semanticDedup, false);
    assert.equal(c.dream.cron, '15 3 * * *');
    assert.equal(c.dream.maxAttempts, 3);
    assert.equal(c.dream.userCap, 200);
  });

  it('defaults to off, and "false" really is false', () => {
    const d = loadConfig({ cwd: '/nonexistent', env: {} }).dream;
    assert.deepEqual([d.allowLlmText, d.workspaces, d.semanticDedup], [false, [], false]);
    const f = loadConfig({ cwd: '/nonexistent', env: { QUORRA_DREAM_ALLOW_LLM_TEXT: 'false' } }).dream;
    assert.equal(f.allowLlmText, false);
  });

  it('refuses a switch that is neither true nor false, naming the variable', () => {
    assert.throws(
      () => loadConfig({ cwd: '/nonexistent', env: { QUORRA_DREAM_ALLOW_LLM_TEXT: 'perhaps' } }),
      /dream\.allowLlmText \(QUORRA_DREAM_ALLOW_LLM_TEXT\)/,
    );
  });
});
