// Vault layout → collection names, and vault-relative path handling that refuses traversal.
import assert from 'node:assert/strict';
import { areaOf, collectionsFor } from '../../../plugins/knowledge/collections.ts';
import { isMarkdownPath, toVaultRelative, VaultPathError } from '../../../plugins/knowledge/vault-paths.ts';

describe('knowledge collections and vault paths', () => {
  const hosting = (slug: string) => slug === 'cabin';

  it('maps each area of the vault to its collections', () => {
    assert.deepEqual(collectionsFor('household/home/boiler.md', true, hosting), ['household']);
    assert.deepEqual(collectionsFor('members/@ann:example.org/diary.md', true, hosting), [
      'member:@ann:example.org',
    ]);
    assert.deepEqual(collectionsFor('workspaces/cabin/wifi.md', false, hosting), ['workspace:cabin']);
    assert.deepEqual(collectionsFor('workspaces/cabin/deep/wifi.md', true, hosting), [
      'workspace:cabin',
      'guest:cabin',
    ]);
    assert.deepEqual(collectionsFor('workspaces/office/plan.md', true, hosting), ['workspace:office']);
  });

  it('indexes nothing outside the three areas or under dot-folders', () => {
    for (const rel of [
      'templates/member.md',
      'guests/x.md',
      'README.md',
      'members/ann.md',
      'workspaces/cabin.md',
      'household/.trash/old.md',
      'members/ann/../bob/x.md',
    ]) {
      assert.deepEqual(
        collectionsFor(rel, true, () => true),
        [],
        rel,
      );
    }
    assert.deepEqual(areaOf('members/ann/notes/x.md'), { area: 'member', userId: 'ann' });
  });

  it('turns absolute and relative paths into vault-relative ones and refuses escapes', () => {
    assert.equal(toVaultRelative('/srv/vault', '/srv/vault/household/a.md'), 'household/a.md');
    assert.equal(toVaultRelative('/srv/vault', 'members/ann/../ann/b.md'), 'members/ann/b.md');
    for (const bad of [
      '../etc/passwd',
      '/etc/passwd',
      '/srv/vault-other/x.md',
      '/srv/vault',
      'household/../../x.md',
    ]) {
      assert.throws(
        () => toVaultRelative('/srv/vault', bad),
        (err: unknown) => err instanceof VaultPathError && err.reason === 'outside-vault',
        bad,
      );
    }
  });

  it('recognises Markdown by extension', () => {
    assert.ok(isMarkdownPath('a/b.md') && isMarkdownPath('B.MARKDOWN'));
    assert.ok(!isMarkdownPath('photo.jpg') && !isMarkdownPath('notes.md.bak'));
  });
});
