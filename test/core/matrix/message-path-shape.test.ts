// Keeps the Matrix path short and typed: every function on the message path fits on a screen, and `any` stays out.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';

const matrixDir = new URL('../../../core/matrix/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, matrixDir), 'utf8');

/** The files a message walks through, from the typed door to the answer. */
const PATH = [
  'message-pipeline.ts',
  'inbound-message.ts',
  'classify.ts',
  'act.ts',
  'command-answer.ts',
  'turn-answer.ts',
  'reaction-answers.ts',
];

/** The SDK seam: where matrix-bot-sdk's untyped surface is met (its own `any`s stay there). */
const SDK_SEAM = new Set(['matrix-client.ts']);

const FUNCTION_HEAD = [
  // function declarations, top level or nested
  /^(\s*)(?:export\s+)?(?:async\s+)?function\*?\s*(\w*)/,
  // class members (biome puts them two spaces in)
  /^( {2})(?:(?:private|protected|public|static|async|override|readonly)\s+)*(?!(?:if|for|while|switch|return|catch|await|new|throw)\b)(\w+)\s*(?:<[^>]*>)?\(/,
  // arrow functions given a block body
  /^(\s*)(?:export\s+)?(?:const|let)\s+(\w+)\s*=.*=>\s*\{$/,
];

/** Each function's name and its length in lines, from its head to the closing brace at the head's indentation. */
function functionLengths(source: string): { name: string; lines: number }[] {
  const lines = source.split('\n');
  const out: { name: string; lines: number }[] = [];
  lines.forEach((text, i) => {
    if (/;\s*$/.test(text) || /^\s*(\/\/|\*|\/\*)/.test(text)) return;
    const m = FUNCTION_HEAD.map((re) => re.exec(text)).find(Boolean);
    // a one-line function ends where it starts
    if (!m || (text.includes('{') && text.split('{').length <= text.split('}').length)) return;
    const close = new RegExp(`^${m[1]}\\}`);
    const end = lines.findIndex((l, j) => j > i && close.test(l));
    if (end > i) out.push({ name: m[2] || '(anonymous)', lines: end - i + 1 });
  });
  return out;
}

/** The `any` types in a file: the word as a type (after `:`, `<`, `,`, `|`, `as`, or in `any[]`), not in comments. */
function anyTypes(source: string): number {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/(['"`])(?:\\.|(?!\1).)*\1/g, "''");
  return (code.match(/(?:[:<,|(]\s*|\bas\s+)any\b(?!\w)/g) ?? []).length;
}

describe('the Matrix message path', () => {
  it('has no function longer than 30 lines', () => {
    for (const name of PATH)
      for (const f of functionLengths(read(name)))
        assert.ok(f.lines <= 30, `${name}: ${f.name} is ${f.lines} lines (at most 30)`);
  });

  it('types what it reads: no `any` on the path from the typed message to the answer', () => {
    for (const name of PATH) assert.equal(anyTypes(read(name)), 0, name);
  });

  it('does not reach into the engine’s confirmation store (the engine answers that in one call)', () => {
    for (const name of readdirSync(matrixDir).filter((f) => f.endsWith('.ts')))
      assert.doesNotMatch(read(name), /ConfirmationStore/, name);
  });

  it('keeps `any` in core/matrix to the SDK seam', () => {
    const files = readdirSync(matrixDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    );
    const outside = files.filter((f) => !SDK_SEAM.has(f)).reduce((n, f) => n + anyTypes(read(f)), 0);
    // raw events, sync answers and homeserver errors are typed as unknown-valued shapes and narrowed where read
    assert.ok(
      outside <= LEFT_OUTSIDE_SEAM,
      `${outside} \`any\` outside the SDK seam (at most ${LEFT_OUTSIDE_SEAM})`,
    );
  });

  it('measures what it guards (a long function and an `any` are seen)', () => {
    const long = `function f(): any {\n${'  x();\n'.repeat(31)}}`;
    assert.equal(functionLengths(long)[0].lines, 33);
    const method = `class A {\n  private async m(\n    a: Record<string, any>,\n  ): Promise<void> {\n    x();\n  }\n}`;
    assert.deepEqual(functionLengths(method), [{ name: 'm', lines: 5 }]);
    assert.equal(anyTypes(long), 1);
    assert.equal(anyTypes(method), 1);
    assert.equal(anyTypes('// any\nconst s = "any, as any";\nconst many: string[] = [];'), 0);
  });
});

const LEFT_OUTSIDE_SEAM = 0;
