// The README stays a short guide: its word count, the two Quick start commands, and a link to every docs/ file.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { rootDir } from '../../core/build-info.ts';

const readme = readFileSync(join(rootDir, 'README.md'), 'utf8');

/** Words as a reader counts them: whitespace-separated runs that hold a letter or a digit. */
function words(markdown: string): number {
  return markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The relative link targets in a markdown file, without their #fragment. */
function links(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((href) => !/^[a-z]+:/i.test(href) && !href.startsWith('#'))
    .map((href) => href.split('#')[0]);
}

describe('README', () => {
  it('is a guide of at most 3,000 words', () => {
    const n = words(readme);
    assert.ok(n > 300, `README has only ${n} words`);
    assert.ok(n <= 3000, `README has ${n} words, more than 3,000: move reference into docs/`);
  });

  it('keeps the two Quick start command lines unchanged', () => {
    const quick = readme.split(/^## /m).find((s) => s.startsWith('Quick start'));
    assert.ok(quick, 'no Quick start section');
    const lines = quick.split('\n').map((l) => l.trim());
    assert.ok(
      lines.some((l) => /^npm ci && npm start(\s+#.*)?$/.test(l)),
      'npm ci && npm start',
    );
    assert.ok(
      lines.some((l) => /^npm ci && npm test(\s+#.*)?$/.test(l)),
      'npm ci && npm test',
    );
    const pkg = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'));
    assert.ok(pkg.scripts.start && pkg.scripts.test, 'package.json has start and test scripts');
  });

  it('links every file in docs/, and every link it makes resolves', () => {
    const targets = links(readme).map((href) => resolve(rootDir, href));
    for (const href of targets) assert.ok(existsSync(href), `README links ${href}, which does not exist`);
    const docs = readdirSync(join(rootDir, 'docs')).filter((f) => f.endsWith('.md'));
    assert.ok(docs.length >= 10, 'docs/ holds the reference');
    const missing = docs.filter((f) => !targets.includes(join(rootDir, 'docs', f)));
    assert.deepEqual(missing, [], 'docs files the README does not link');
  });

  it('has docs whose own relative links resolve', () => {
    const broken: string[] = [];
    for (const f of readdirSync(join(rootDir, 'docs')).filter((n) => n.endsWith('.md'))) {
      const file = join(rootDir, 'docs', f);
      for (const href of links(readFileSync(file, 'utf8')))
        if (href && !existsSync(resolve(dirname(file), href))) broken.push(`${f} → ${href}`);
    }
    assert.deepEqual(broken, []);
  });

  it('states the four dependencies held at their last Node 20 release', () => {
    for (const held of ['openai', 'matrix-bot-sdk', '@qdrant/js-client-rest', 'usearch'])
      assert.ok(readme.includes(`\`${held}\``), `${held} named in the README`);
  });
});
