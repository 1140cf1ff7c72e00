// Chunking: heading trails, line ranges, the token budget with overlap, and structure kept out of prose.
import assert from 'node:assert/strict';
import { chunkMarkdown, estimateTokens } from '../../../plugins/knowledge/chunker.ts';

const opts = { chunkTokens: 60, overlapTokens: 20 };

function sentences(n: number, topic: string): string {
  return Array.from(
    { length: n },
    (_, i) => `Sentence ${i + 1} is about the ${topic} and nothing else.`,
  ).join(' ');
}

describe('knowledge chunker', () => {
  it('keeps the heading trail and the exact line range of each chunk', () => {
    const body =
      '# House\n\nThe boiler is in the cellar.\n\n## Garden\n\nRoses by the shed.\nWater them daily.\n\n# Car\n\nBlue estate car.';
    const chunks = chunkMarkdown(body, opts, 5);
    assert.deepEqual(
      chunks.map((c) => [c.headings, c.lineStart, c.lineEnd, c.text]),
      [
        [['House'], 7, 7, 'The boiler is in the cellar.'],
        [['House', 'Garden'], 11, 12, 'Roses by the shed. Water them daily.'],
        [['Car'], 16, 16, 'Blue estate car.'],
      ],
    );
  });

  it('never crosses a heading, even when both sections would fit in one chunk', () => {
    const chunks = chunkMarkdown('## A\nalpha text\n## B\nbeta text', opts);
    assert.equal(chunks.length, 2);
    assert.ok(!chunks[0].text.includes('beta'));
  });

  it('packs sentences up to the budget and repeats a tail as overlap', () => {
    const body = sentences(12, 'boiler');
    const chunks = chunkMarkdown(body, opts);
    assert.ok(chunks.length >= 3, `expected several chunks, got ${chunks.length}`);
    for (const c of chunks) assert.ok(c.tokens <= opts.chunkTokens, `chunk of ${c.tokens} tokens`);
    for (let i = 1; i < chunks.length; i++) {
      const previousLast = chunks[i - 1].text.split(/(?<=\.)\s+/).pop()!;
      assert.ok(chunks[i].text.startsWith(previousLast), `chunk ${i} should start with "${previousLast}"`);
    }
    assert.ok(chunks[chunks.length - 1].text.endsWith('Sentence 12 is about the boiler and nothing else.'));
  });

  it('carries overlap across a paragraph break when the next paragraph still fits', () => {
    const chunks = chunkMarkdown(`${sentences(3, 'boiler')}\n\n${sentences(2, 'garden')}`, opts);
    assert.equal(chunks.length, 2);
    assert.equal(
      chunks[1].text,
      `Sentence 3 is about the boiler and nothing else.\n\n${sentences(2, 'garden')}`,
    );
  });

  it('prefers to break at a paragraph boundary rather than inside a paragraph that fits on its own', () => {
    const first = sentences(3, 'boiler');
    const second = sentences(3, 'garden');
    const chunks = chunkMarkdown(`${first}\n\n${second}`, { chunkTokens: 60, overlapTokens: 0 });
    assert.deepEqual(
      chunks.map((c) => c.text),
      [first, second],
    );
  });

  it('splits an oversized paragraph by sentences and an oversized sentence by words', () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkMarkdown(long, { chunkTokens: 50, overlapTokens: 0 });
    assert.ok(chunks.length >= 4);
    for (const c of chunks) assert.ok(c.tokens <= 50);
    assert.equal(chunks.map((c) => c.text).join(' '), long);
  });

  it('keeps code blocks and tables out of prose chunks, as chunks of their own kind', () => {
    const body = [
      '# Setup',
      'Before the code comes prose about the router.',
      '',
      '```sh',
      'ip addr show',
      '```',
      '',
      '| room | lamp |',
      '|------|------|',
      '| hall | yes  |',
      '',
      'After the table more prose about the router.',
    ].join('\n');
    const chunks = chunkMarkdown(body, opts);
    const prose = chunks.filter((c) => c.kind === 'prose');
    assert.equal(prose.length, 1);
    assert.equal(
      prose[0].text,
      'Before the code comes prose about the router.\n\nAfter the table more prose about the router.',
    );
    const code = chunks.find((c) => c.kind === 'code')!;
    assert.equal(code.text, '```sh\nip addr show\n```');
    assert.deepEqual([code.lineStart, code.lineEnd], [4, 6]);
    const table = chunks.find((c) => c.kind === 'table')!;
    assert.deepEqual([table.lineStart, table.lineEnd], [8, 10]);
    assert.deepEqual(table.headings, ['Setup']);
  });

  it('drops task-list items but keeps ordinary list items', () => {
    const body =
      'Shopping notes:\n- [ ] buy salt\n- [x] call the plumber\n  about the leak\n- milk is in the fridge\n- eggs come from the farm';
    const chunks = chunkMarkdown(body, opts);
    assert.equal(chunks.length, 1);
    assert.equal(chunks[0].text, 'Shopping notes:\n- milk is in the fridge\n- eggs come from the farm');
    assert.ok(!chunks[0].text.includes('plumber'));
  });

  it('produces nothing for a body of only tasks, headings and comments', () => {
    assert.deepEqual(chunkMarkdown('# Todo\n- [ ] one\n- [x] two\n<!-- note to self -->', opts), []);
  });

  it('splits a long table into pieces that each repeat the header', () => {
    const rows = Array.from({ length: 60 }, (_, i) => `| item ${i} | value ${i} |`);
    const chunks = chunkMarkdown(['| name | value |', '|---|---|', ...rows].join('\n'), {
      chunkTokens: 80,
      overlapTokens: 0,
    });
    assert.ok(chunks.length > 1);
    for (const c of chunks) {
      assert.equal(c.kind, 'table');
      assert.ok(c.text.startsWith('| name | value |\n|---|---|\n'));
    }
    assert.equal(chunks[0].lineStart, 1);
    assert.equal(chunks[chunks.length - 1].lineEnd, 62);
  });

  it('estimates tokens from characters and words', () => {
    assert.equal(estimateTokens(''), 0);
    assert.equal(estimateTokens('a b c d'), 4);
    assert.equal(estimateTokens('x'.repeat(40)), 10);
  });
});
