// Front matter: parsed fields, the default-deny guest flag, and malformed input refused with a reason.
import assert from 'node:assert/strict';
import { FrontMatterError, parseFrontMatter } from '../../../plugins/knowledge/front-matter.ts';

describe('knowledge front matter', () => {
  it('parses title, tags and guest_visible and reports where the body starts', () => {
    const parsed = parseFrontMatter(
      '---\ntitle: Wifi\ntags: [house, network]\nguest_visible: true\n---\n# Wifi\nThe password is on the fridge.\n',
    );
    assert.equal(parsed.frontMatter.title, 'Wifi');
    assert.deepEqual(parsed.frontMatter.tags, ['house', 'network']);
    assert.equal(parsed.frontMatter.guestVisible, true);
    assert.equal(parsed.bodyStartLine, 6);
    assert.equal(parsed.body.split('\n')[0], '# Wifi');
  });

  it('treats a file without front matter as all body, not guest visible', () => {
    const parsed = parseFrontMatter('# Notes\n\nSome text.');
    assert.equal(parsed.frontMatter.guestVisible, false);
    assert.deepEqual(parsed.frontMatter.tags, []);
    assert.equal(parsed.frontMatter.title, undefined);
    assert.equal(parsed.bodyStartLine, 1);
    assert.equal(parsed.body, '# Notes\n\nSome text.');
  });

  it('denies guests for anything but a literal boolean true', () => {
    for (const value of ['"true"', 'yes', '1', 'false', 'null', 'True-ish']) {
      const parsed = parseFrontMatter(`---\nguest_visible: ${value}\n---\nbody`);
      assert.equal(parsed.frontMatter.guestVisible, false, `guest_visible: ${value}`);
    }
    assert.equal(parseFrontMatter('---\nguest_visible: True\n---\nbody').frontMatter.guestVisible, true);
  });

  it('accepts tags as a comma separated string and strips leading #', () => {
    const parsed = parseFrontMatter('---\ntags: "#garden, roses  roses"\n---\n');
    assert.deepEqual(parsed.frontMatter.tags, ['garden', 'roses']);
  });

  it('keeps unknown fields in data and accepts an empty block', () => {
    assert.deepEqual(parseFrontMatter('---\nowner: ann\n---\nx').frontMatter.data, { owner: 'ann' });
    assert.deepEqual(parseFrontMatter('---\n---\nx').frontMatter.data, {});
  });

  it('refuses invalid YAML, a non-mapping, duplicate keys and an unclosed block', () => {
    const bad = [
      '---\ntitle: [unclosed\n---\nbody',
      '---\n- just\n- a list\n---\nbody',
      '---\ntitle: a\ntitle: b\n---\nbody',
      '---\ntitle: never closed\nbody text',
    ];
    for (const source of bad) assert.throws(() => parseFrontMatter(source), FrontMatterError, source);
  });

  it('tolerates a byte-order mark and CRLF line endings', () => {
    const parsed = parseFrontMatter('\uFEFF---\r\ntitle: Crlf\r\n---\r\nbody\r\n');
    assert.equal(parsed.frontMatter.title, 'Crlf');
    assert.equal(parsed.bodyStartLine, 4);
  });
});
