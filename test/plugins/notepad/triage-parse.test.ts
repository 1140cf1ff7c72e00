// Triage answers read tolerantly: fences and prose around the JSON, bad items dropped, unknown jots ignored.
import assert from 'node:assert/strict';
import { MalformedTriage, parseTriage } from '../../../plugins/notepad/triage-parse.ts';

describe('notepad triage parsing', () => {
  const asked = new Set([1, 2, 3]);

  it('reads a fenced answer amid prose and validates payloads per kind', () => {
    const reply = `Sure!\n\`\`\`json\n${JSON.stringify({
      results: [
        {
          jot: 1,
          outcome: 'propose',
          actions: [{ kind: 'list_items', payload: { list: 'shopping', items: ['milk'] } }],
        },
        { jot: 2, outcome: 'ask', question: 'Which Sam?' },
        { jot: 3, outcome: 'no_action', note: 'just a thought' },
        { jot: 9, outcome: 'no_action', note: 'not asked' },
      ],
    })}\n\`\`\``;
    const r = parseTriage(reply, asked);
    assert.deepEqual(
      r.map((x) => [x.jot, x.outcome]),
      [
        [1, 'propose'],
        [2, 'ask'],
        [3, 'no_action'],
      ],
    );
  });

  it('drops a proposal whose actions are all invalid, leaving that jot unaccounted', () => {
    const reply = JSON.stringify([
      { jot: 1, outcome: 'propose', actions: [{ kind: 'event', payload: { title: 'x' } }] },
      { jot: 2, outcome: 'propose', actions: [{ kind: 'teleport', payload: {} }] },
      { jot: 3, outcome: 'ask', question: 'When?' },
    ]);
    assert.deepEqual(
      parseTriage(reply, asked).map((x) => x.jot),
      [3],
    );
  });

  it('throws MalformedTriage when there is no JSON at all', () => {
    assert.throws(() => parseTriage('I could not do it', asked), MalformedTriage);
    assert.throws(() => parseTriage('{"nope": 1}', asked), MalformedTriage);
  });
});
