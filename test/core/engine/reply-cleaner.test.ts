// The reply cleaner: same visible text under any chunking; reasoning and text tool calls never leak.
import assert from 'node:assert/strict';
import { cleanReply, ReplyCleaner } from '../../../core/engine/reply-cleaner.ts';
import { parseTextToolCall } from '../../../core/engine/text-tool-calls.ts';

function streamed(
  raw: string,
  cuts: number[],
): { text: string; reasoning: string; toolCalls: string[]; emitted: string } {
  const c = new ReplyCleaner();
  let emitted = '';
  let last = 0;
  for (const cut of [...cuts, raw.length]) {
    emitted += c.push(raw.slice(last, cut));
    last = cut;
  }
  emitted += c.end();
  return { text: c.text, reasoning: c.reasoning, toolCalls: c.toolCalls, emitted };
}

describe('ReplyCleaner', () => {
  const samples = [
    '<think>plan the answer</think>The answer is 4.',
    'Before <think>hmm</think>after <think>second</think>end',
    'Use <b>bold</b> and a < sign and <thinking> is not a tag',
    'Call: <tool_call>{"name":"x","arguments":{}}</tool_call> done',
    'unterminated <think>reasoning that never closes',
    'ends with a partial <thi',
  ];

  it('emits exactly the same text for every chunking', () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (const raw of samples) {
      const whole = cleanReply(raw);
      for (let trial = 0; trial < 200; trial++) {
        const cuts = [...new Set(Array.from({ length: rand() % 8 }, () => rand() % (raw.length + 1)))].sort(
          (a, b) => a - b,
        );
        const s = streamed(raw, cuts);
        assert.equal(s.emitted, whole.text, `chunking ${cuts} of ${raw}`);
        assert.equal(s.reasoning, whole.reasoning);
        assert.deepEqual(s.toolCalls, whole.toolCalls);
      }
    }
  });

  it('drops reasoning, keeps look-alike text, and captures tool calls', () => {
    assert.equal(cleanReply(samples[0]).text, 'The answer is 4.');
    assert.equal(cleanReply(samples[0]).reasoning, 'plan the answer');
    assert.equal(cleanReply(samples[2]).text, samples[2]);
    assert.deepEqual(cleanReply(samples[3]), {
      text: 'Call:  done',
      reasoning: '',
      toolCalls: ['{"name":"x","arguments":{}}'],
    });
    assert.equal(cleanReply(samples[4]).text, 'unterminated ');
    assert.equal(cleanReply(samples[5]).text, 'ends with a partial <thi');
  });

  it('never releases a byte of a think span, even one character at a time', () => {
    const c = new ReplyCleaner();
    let out = '';
    for (const ch of 'a<think>secret</think>b') out += c.push(ch);
    out += c.end();
    assert.equal(out, 'ab');
  });
});

describe('parseTextToolCall', () => {
  it('reads name with arguments or parameters, as object or string', () => {
    assert.deepEqual(parseTextToolCall('{"name":"a","arguments":{"x":1}}'), {
      name: 'a',
      arguments: '{"x":1}',
    });
    assert.deepEqual(parseTextToolCall('```json\n{"name":"a","parameters":{"y":2}}\n```'), {
      name: 'a',
      arguments: '{"y":2}',
    });
    assert.deepEqual(parseTextToolCall('{"name":"a","arguments":"{\\"z\\":3}"}'), {
      name: 'a',
      arguments: '{"z":3}',
    });
  });

  it('keeps broken JSON with a name so the model hears what failed; ignores non-calls', () => {
    assert.equal(parseTextToolCall('{"name": "a", "arguments": {oops}')?.name, 'a');
    assert.equal(parseTextToolCall('just words'), null);
    assert.equal(parseTextToolCall('[1,2]'), null);
  });
});
