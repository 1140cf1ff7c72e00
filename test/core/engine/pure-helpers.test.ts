// Pure engine helpers: time-gap markers, yes/no reading, prompt order, and the tool gate.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { defineTool } from '../../../core/contracts/define-tool.ts';
import { personas } from '../../../core/engine/personas.ts';
import { buildSystemPrompt } from '../../../core/engine/prompt-builder.ts';
import { gapMarker, withGapMarkers } from '../../../core/engine/time-gaps.ts';
import { offeredTools } from '../../../core/engine/tool-gate.ts';
import { readYesNo } from '../../../core/engine/yes-no.ts';

const at = (iso: string) => new Date(iso);

describe('time gaps', () => {
  it('adds nothing within four hours, even across midnight', () => {
    assert.equal(gapMarker(at('2026-11-02T22:30:00Z'), at('2026-11-03T01:30:00Z')), null);
    assert.equal(gapMarker(at('2026-11-02T08:00:00Z'), at('2026-11-02T12:00:00Z')), null);
  });

  it('counts hours on the same day, names the next day, counts days beyond', () => {
    assert.equal(gapMarker(at('2026-11-02T06:00:00Z'), at('2026-11-02T13:30:00Z')), '[7 hours passed]');
    assert.equal(
      gapMarker(at('2026-11-02T18:00:00Z'), at('2026-11-03T09:15:00Z')),
      '[next day — Tuesday 09:15]',
    );
    assert.equal(gapMarker(at('2026-11-02T18:00:00Z'), at('2026-11-05T09:15:00Z')), '[3 days passed]');
  });

  it('uses the user’s time zone for days', () => {
    // 23:00 UTC is already the next day in Berlin; 5 hours later is the same Berlin day
    assert.equal(
      gapMarker(at('2026-11-02T23:30:00Z'), at('2026-11-03T05:00:00Z'), 'Europe/Berlin'),
      '[5 hours passed]',
    );
    assert.match(gapMarker(at('2026-11-02T22:30:00Z'), at('2026-11-03T05:00:00Z'), 'UTC')!, /next day/);
  });

  it('prefixes the message after each gap and reports the gap before now', () => {
    const r = withGapMarkers(
      [
        { role: 'user', content: 'a', at: at('2026-11-02T08:00:00Z') },
        { role: 'assistant', content: 'b', at: at('2026-11-02T08:00:01Z') },
        { role: 'user', content: 'c', at: at('2026-11-02T14:00:00Z') },
      ],
      at('2026-11-02T15:00:00Z'),
    );
    assert.deepEqual(
      r.messages.map((m) => m.content),
      ['a', 'b', '[5 hours passed]\nc'],
    );
    assert.equal(r.gapBeforeNow, null);
  });
});

describe('readYesNo', () => {
  it('reads clear answers, with a [Name] prefix too', () => {
    for (const y of ['yes', 'Yes.', 'yep', 'sure!', 'ok', 'go ahead', '[Olivia] yes', 'send'])
      assert.equal(readYesNo(y), 'yes', y);
    for (const n of ['no', 'No!', 'nope', 'cancel', "don't", 'never mind', '[Max] no'])
      assert.equal(readYesNo(n), 'no', n);
  });

  it('returns null for anything else', () => {
    for (const x of ['what is the weather?', 'yesterday was fun', 'nobody knows', ''])
      assert.equal(readYesNo(x), null, x);
  });
});

describe('buildSystemPrompt', () => {
  it('keeps the fixed order, shared parts apart from the person’s, and leaves out empty parts', () => {
    const p = buildSystemPrompt({
      base: 'BASE',
      scopes: ['S1', 'S2'],
      mode: 'MODE',
      modeEntryContext: 'ENTRY',
      householdMemories: ['h1'],
      coreMemories: ['m1'],
      context: ['CTX'],
      purpose: 'PURPOSE',
      originStyle: 'STYLE',
    });
    const inOrder = (text: string, parts: string[]) => {
      const at = parts.map((x) => text.indexOf(x));
      assert.ok(
        at.every((i) => i >= 0),
        `${parts} in ${text}`,
      );
      assert.deepEqual(
        [...at].sort((a, b) => a - b),
        at,
      );
    };
    inOrder(p.shared, ['BASE', 'S1', 'S2', 'STYLE', 'MODE', 'h1']);
    inOrder(p.personal, ['m1', 'CTX', 'ENTRY', 'PURPOSE']);
    for (const x of ['m1', 'CTX', 'ENTRY', 'PURPOSE']) assert.ok(!p.shared.includes(x));
    assert.deepEqual(buildSystemPrompt({ base: 'B', scopes: [] }), { shared: 'B', personal: '' });
  });
});

describe('offeredTools', () => {
  const t = (name: string, scopes: string[]) =>
    defineTool({ name, description: name, tier: 0, scopes, input: z.object({}), run: () => null });
  const all = [
    t('search_knowledge', ['general']),
    t('memory_save', ['general']),
    t('finance_x', ['finance']),
    t('escalate_to_owner', ['concierge']),
  ];

  it('is empty before the scope is committed', () => {
    assert.deepEqual(offeredTools(all, null, personas.owner), []);
  });

  it('intersects the scope with each tool’s scopes', () => {
    assert.deepEqual(
      offeredTools(all, ['general'], personas.owner).map((x) => x.name),
      ['search_knowledge', 'memory_save'],
    );
  });

  it('applies the guest persona’s allow-list on top, whatever the scope', () => {
    const guest = offeredTools(all, ['general', 'finance', 'concierge'], personas['guest-concierge']).map(
      (x) => x.name,
    );
    assert.deepEqual(guest, ['search_knowledge', 'escalate_to_owner']);
  });
});
