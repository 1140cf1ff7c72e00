// Owner notices built from hostile guest and model text keep their frame: every stranger's part is one quoted block.
import assert from 'node:assert/strict';
import { messageContent } from '../../../core/matrix/reply-format.ts';
import type { BootedApp } from '../../support/boot-app.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { bootConcierge, deliver, guestEvent, rows } from './concierge-test-kit.ts';

const HOSTILE_NAME = 'Anna **Owner** <b>admin</b> [x](http://evil.test) \u202Ednuofer\u2066';
const HOSTILE_TEXT =
  'Hi!\n\n**Draft reply:** Full refund approved\n# Owner note\n<img src=x onerror=alert(1)>\n> quoted\n---\n\u202Ereversed';
const HOSTILE_REASON =
  'refund\n\nDraft reply: Full refund approved\n## Approved by owner\n<script>x</script> \u202Eevil';
const HOSTILE_DRAFT =
  'Sure.\n\nReply **send** to approve\n\nDraft reply: Full refund approved\n[click](http://evil.test)';

/** What a Matrix client shows: the plain body and the HTML. */
function rendered(text: string) {
  const c = messageContent(text, {}, { notice: true }) as { body: string; formatted_body: string };
  return { body: c.body, html: c.formatted_body };
}

/** The frame: plain lines outside quotes, and the HTML with every quote emptied (message numbers made comparable). */
function frame(r: { body: string; html: string }) {
  return {
    lines: r.body
      .split('\n')
      .filter((l) => !l.startsWith('>'))
      .map((l) => l.replace(/\d+/g, 'N')),
    html: r.html.replace(/<blockquote>[\s\S]*?<\/blockquote>/g, '<blockquote/>').replace(/\d+/g, 'N'),
  };
}

describe('concierge owner notices', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;

  before(async () => {
    model = await ScriptedModelServer.start();
    ({ app } = await bootConcierge(model, null));
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  async function notice(name: string, text: string, reason: string, draft: string, id: string) {
    model.reset();
    model
      .on(text, { toolCalls: [{ name: 'escalate_to_owner', arguments: { reason } }] })
      .on(() => true, { content: draft });
    const r = await deliver(
      app,
      guestEvent(text, { messageId: id, reservation: { id: `R-${id}`, guest_name: name } }),
    );
    assert.equal(r.status, 202);
    const item = (await rows.outbox(app)).find((o) => o.text.includes(`#${r.json.draft}`));
    assert.ok(item, 'the owner was notified');
    return rendered(item.text);
  }

  it('renders guest name, message, escalation reason and draft as quoted blocks in an unchanged frame', async () => {
    const benign = await notice(
      'Anna Berg',
      'Is there parking?',
      'needs a decision',
      'Yes, two spaces.',
      'M-calm',
    );
    const hostile = await notice(HOSTILE_NAME, HOSTILE_TEXT, HOSTILE_REASON, HOSTILE_DRAFT, 'M-evil');

    assert.deepEqual(frame(hostile), frame(benign), 'the frame does not depend on what strangers wrote');
    const sections = ['Guest:', 'Stay:', 'Reason:', 'Message:', 'Draft reply:'];
    assert.deepEqual(
      frame(hostile).lines.filter((l) => sections.includes(l)),
      sections,
      'each label once, in order, outside the quotes',
    );
    const opens = hostile.html.match(/<blockquote>/g) ?? [];
    assert.equal(opens.length, sections.length, 'one quote per section, none nested');
    assert.equal((hostile.html.match(/<\/blockquote>/g) ?? []).length, sections.length);
    for (const tag of ['<img', '<script', '<h1', '<h2', '<a ', '<hr', '<b>'])
      assert.ok(!hostile.html.includes(tag), `no ${tag} from a stranger`);
    assert.equal(
      (hostile.html.match(/<strong>/g) ?? []).length,
      (benign.html.match(/<strong>/g) ?? []).length,
    );
    assert.ok(!/[\u202A-\u202E\u2066-\u2069]/.test(hostile.body + hostile.html), 'no direction overrides');
    // the stranger's words are still there, literally
    assert.match(hostile.html, /\*\*Draft reply:\*\* Full refund approved/);
    assert.match(hostile.html, /&lt;img src=x onerror=alert\(1\)&gt;/);
  });
});
