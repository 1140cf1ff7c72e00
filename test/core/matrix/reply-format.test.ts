// Replies as Matrix content: Markdown to sanitized HTML, plain body, thread and reply relations, apologies by failure.
import assert from 'node:assert/strict';
import { type ErrorCode, fail, QuorraError } from '../../../core/contracts/errors.ts';
import {
  apologyFor,
  markdownToHtml,
  messageContent,
  renderMarkdown,
} from '../../../core/matrix/reply-format.ts';
import { editContent } from '../../../core/matrix/streamed-reply.ts';

describe('reply format', () => {
  it('renders Markdown to HTML: emphasis, lists, code, links, line breaks', () => {
    assert.equal(markdownToHtml('**Milk** and _eggs_'), '<p><strong>Milk</strong> and <em>eggs</em></p>');
    assert.equal(markdownToHtml('- one\n- two'), '<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    assert.match(
      markdownToHtml('```ts\nconst a = 1;\n```'),
      /<pre><code class="language-ts">const a = 1;\n<\/code><\/pre>/,
    );
    assert.match(
      markdownToHtml('[docs](https://example.org/x)'),
      /<a href="https:\/\/example.org\/x">docs<\/a>/,
    );
    assert.equal(markdownToHtml('line one\nline two'), '<p>line one<br />line two</p>');
  });

  it('renders a plain sentence exactly as the full Markdown renderer does (the shortcut changes nothing)', () => {
    assert.equal(markdownToHtml('Instant reply.'), '<p>Instant reply.</p>');
    assert.equal(markdownToHtml('See www.example.org today'), renderMarkdown('See www.example.org today'));
    assert.match(markdownToHtml('See www.example.org today'), /<a href="http:\/\/www.example.org">/);
    // sentences drawn from letters, digits, punctuation and Markdown/HTML syntax alike: whichever path a text
    // takes, its HTML is the renderer's
    const pieces = ['Milk', 'ça', 'Grüße', '42', 'www.', ' ', ', ', '. ', '?', '!', "'", '"', '—', '…', '-'];
    const syntax = ['*', '_', '`', '<b>', '&', '#', '[x](y)', '1. ', '> ', '~~', '|', '\\', ':', '@a.b'];
    let seed = 7;
    const pick = <T>(xs: T[]) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return xs[seed % xs.length];
    };
    let plain = 0;
    for (let i = 0; i < 2000; i++) {
      const parts = ['Word'];
      for (let n = 0; n < 8; n++) parts.push(pick(i % 3 === 0 ? [...pieces, ...syntax] : pieces));
      const text = (i % 5 === 0 ? pick([...pieces, ...syntax]) : '') + parts.join('');
      assert.equal(markdownToHtml(text), renderMarkdown(text), text);
      if (markdownToHtml(text) === `<p>${text}</p>`) plain++;
      // a message goes without HTML only when the renderer's HTML is the body's own words in a <p>
      const { body, formatted_body } = messageContent(text) as { body: string; formatted_body?: string };
      assert.equal(formatted_body ?? `<p>${body}</p>`, renderMarkdown(body), text);
    }
    assert.ok(plain > 500, `only ${plain} texts were plain sentences`);
  });

  it('sends a plain sentence as body alone, as Element does, and anything with markup with its HTML', () => {
    assert.deepEqual(messageContent('Instant reply.'), { msgtype: 'm.text', body: 'Instant reply.' });
    assert.deepEqual(messageContent(' Gone, back at 5? ', {}, { notice: true }), {
      msgtype: 'm.notice',
      body: 'Gone, back at 5?',
    });
    for (const marked of ['See www.example.org today', 'Milk & eggs', 'a <b>b</b>', '1. one', 'line\nline'])
      assert.equal(messageContent(marked).format, 'org.matrix.custom.html', marked);
    const edit = editContent('$orig', 'All done.');
    assert.equal(edit.formatted_body, undefined);
    assert.deepEqual(edit['m.new_content'], { msgtype: 'm.text', body: 'All done.' });
    assert.equal(editContent('$orig', '**All** done.').formatted_body, '* <p><strong>All</strong> done.</p>');
  });

  it('sanitizes what the model writes: no scripts, handlers, styles or javascript: links', () => {
    const html = markdownToHtml(
      'hi <script>alert(1)</script><img src=x onerror=alert(2)> <b onclick="x()" style="color:red">bold</b> [x](javascript:alert(3))',
    );
    assert.doesNotMatch(html, /script|onerror|onclick|style=|javascript:|<img/i);
    assert.match(html, /<b>bold<\/b>/);
  });

  it('builds a message with a plain body and formatted_body', () => {
    assert.deepEqual(messageContent('**done**'), {
      msgtype: 'm.text',
      body: '**done**',
      format: 'org.matrix.custom.html',
      formatted_body: '<p><strong>done</strong></p>',
    });
    assert.equal(messageContent('ok', {}, { notice: true }).msgtype, 'm.notice');
  });

  it('answers in the thread it was asked in, or as a reply to the message', () => {
    assert.deepEqual(messageContent('a', { threadRoot: '$root', inReplyTo: '$q' })['m.relates_to'], {
      rel_type: 'm.thread',
      event_id: '$root',
      is_falling_back: true,
      'm.in_reply_to': { event_id: '$q' },
    });
    assert.deepEqual(messageContent('a', { inReplyTo: '$q' })['m.relates_to'], {
      'm.in_reply_to': { event_id: '$q' },
    });
    assert.equal(messageContent('a')['m.relates_to'], undefined);
  });

  it('apologises naming what failed', () => {
    assert.match(apologyFor(fail.timeout('MODEL_TIMEOUT', 't')), /model took too long/);
    assert.match(apologyFor(fail.upstream('MODEL_UNAVAILABLE', 'u')), /can’t reach the language model/);
    assert.match(apologyFor(fail.unavailable('MODEL_BUSY', 'b')), /model is busy/);
    assert.match(
      apologyFor(fail.upstream('MODEL_ERROR', 'the model answered with an error (server)')),
      /model failed \(the model answered with an error \(server\)\)/,
    );
    assert.match(
      apologyFor(fail.invalid('SCOPE_NOT_BOUND', 'workspace "x" has no finance service')),
      /couldn’t do that: workspace "x" has no finance service/,
    );
    assert.match(apologyFor(new QuorraError('QUORRA_X' as ErrorCode, 'x')), /QUORRA_X/);
    assert.match(apologyFor(new Error('boom')), /something failed on my side/);
  });
});
