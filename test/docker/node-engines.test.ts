// Quorra's Node range is told truthfully: every installed package's own `engines.node` covers it, so `npm ci` warns on none.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { rootDir } from '../../core/build-info.ts';

const readJson = (file: string) => JSON.parse(readFileSync(path.join(rootDir, file), 'utf8'));

// Past this major an open-ended range ("<27" missing) is still checked, so "no upper bound" cannot pass by accident.
const LAST_MAJOR = 40;

/**
 * Whether every Node version in `ours` satisfies `theirs`. Checked one major at a time, because semver.subset
 * compares each of our comparator sets with a single one of theirs: ">=24.11 <27" is covered by "24.x || 25.x || 26.x"
 * (better-sqlite3's form) although no single one of those three holds it.
 */
function covers(theirs: string, ours: string): boolean {
  if (semver.validRange(theirs) === null) return false;
  const from = semver.minVersion(ours)?.major ?? 0;
  for (let major = from; major <= LAST_MAJOR; major++) {
    const slice = `>=${major}.0.0 <${major + 1}.0.0-0`;
    for (const set of new semver.Range(ours).set) {
      const piece = `${set.map((c) => c.value).join(' ')} ${slice}`;
      if (!semver.intersects(piece, slice)) continue;
      if (!semver.subset(piece, theirs)) return false;
    }
  }
  return true;
}

/** Installed packages whose declared Node range leaves out part of `ours`, as "name@version (node theirs)". */
function uncovered(lock: any, ours: string): string[] {
  const out: string[] = [];
  const checked = new Map<string, boolean>(); // most packages share a handful of ranges
  for (const [where, meta] of Object.entries<any>(lock.packages)) {
    const theirs = meta.engines?.node;
    if (!where || typeof theirs !== 'string') continue;
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!checked.has(theirs)) checked.set(theirs, covers(theirs, ours));
    if (!checked.get(theirs)) out.push(`${name}@${meta.version} (node ${theirs})`);
  }
  return out;
}

describe('Node versions (engines)', () => {
  const pkg = readJson('package.json');
  const lock = readJson('package-lock.json');
  const ours: string = pkg.engines.node;

  it('every package in package-lock.json declares a Node range that covers Quorra’s own', () => {
    assert.equal(lock.packages[''].engines?.node, ours, 'package-lock.json is out of date with package.json');
    assert.deepEqual(uncovered(lock, ours), [], `these would print EBADENGINE on part of ${ours}`);
  });

  it('names the package whose range falls short (the check can fail)', () => {
    const ahead = {
      packages: {
        '': { engines: { node: ours } },
        'node_modules/needs-22': { version: '1.0.0', engines: { node: '>=22' } },
        'node_modules/a/node_modules/@scope/nested': { version: '2.0.0', engines: { node: '20.x || 22.x' } },
        'node_modules/fine': {
          version: '3.0.0',
          engines: { node: '20.x || 22.x || 23.x || 24.x || 25.x || 26.x' },
        },
      },
    };
    assert.deepEqual(uncovered(ahead, ours), [
      'needs-22@1.0.0 (node >=22)',
      '@scope/nested@2.0.0 (node 20.x || 22.x)',
    ]);
  });

  it('covers() checks the whole range, majors one at a time', () => {
    assert.equal(covers('>=18', '^20.19.0 || ^22.13.0 || >=24.11.0 <27'), true);
    assert.equal(covers('20.x || 22.x || 24.x || 25.x || 26.x', '^20.19.0 || >=24.11.0 <27'), true);
    assert.equal(covers('20.x || 22.x || 24.x', '^20.19.0 || >=24.11.0 <27'), false);
    assert.equal(covers('>=20.19 <26', '>=20.19.0'), false);
    assert.equal(covers('not a range', '>=20'), false);
  });

  it('the container image runs a Node major inside that range', () => {
    const dockerfile = readFileSync(path.join(rootDir, 'docker', 'Dockerfile'), 'utf8');
    const majors = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((m) => Number(m[1]));
    assert.ok(majors.length > 0, 'the Dockerfile builds on a node: image');
    for (const major of majors)
      assert.ok(semver.intersects(`${major}.x`, ours), `node:${major} is outside ${ours}`);
  });
});
