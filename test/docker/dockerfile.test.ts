// The container build runs exactly the install scripts package.json allows, so building the image downloads no binary.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from '../../core/build-info.ts';

describe('docker/Dockerfile', () => {
  const dockerfile = readFileSync(path.join(rootDir, 'docker', 'Dockerfile'), 'utf8');
  const allowScripts: Record<string, boolean> = JSON.parse(
    readFileSync(path.join(rootDir, 'package.json'), 'utf8'),
  ).allowScripts;

  it('installs with scripts off and rebuilds exactly the packages allowScripts allows (npm 10 there ignores it)', () => {
    const install = dockerfile.match(/^RUN (npm ci\b.*)$/m)?.[1];
    assert.ok(install, 'the image installs with npm ci');
    assert.match(install, /npm ci --ignore-scripts\b/);
    const rebuilt = (install.match(/npm rebuild ([^&\n]+)/)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
    const allowed = Object.entries(allowScripts)
      .filter(([, on]) => on)
      .map(([name]) => name);
    assert.deepEqual(rebuilt.sort(), allowed.sort());
    assert.ok(
      allowScripts['@matrix-org/matrix-sdk-crypto-nodejs'] === false,
      'the native crypto download stays off',
    );
  });
});
