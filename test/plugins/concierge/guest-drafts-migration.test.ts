// Upgrading a household whose concierge kept its own draft queue: open drafts become guest_reply rows, nothing is lost.
import assert from 'node:assert/strict';
import { GuestDraftsToQueue1764810000000 } from '../../../plugins/concierge/migrations/1764810000000-guest-drafts-to-queue.ts';
import type { BootedApp } from '../../support/boot-app.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { bootConcierge, deliver, guestEvent, rows } from './concierge-test-kit.ts';

describe('concierge: open drafts move onto the approvals queue', () => {
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

  it('files draft_ready and needs_you drafts as owners rows, and one cut off mid-send as a failed row', async () => {
    const ids: number[] = [];
    for (const text of ['old ready draft', 'old escalated draft', 'old sending draft']) {
      model.on(text, { content: `Reply to ${text}` });
      ids.push((await deliver(app, guestEvent(text))).json.draft);
    }
    // roll the three back to how the plugin's own queue left them before the move
    await app.quorra.db.query(`DELETE FROM proposed_actions WHERE source_kind = 'concierge'`);
    const old = ['draft_ready', 'needs_you', 'sending'];
    for (const [i, id] of ids.entries())
      await app.quorra.db.query(
        'UPDATE concierge_messages SET state = ?, escalation_reason = ? WHERE id = ?',
        [old[i], old[i] === 'needs_you' ? 'refund request' : null, id],
      );
    const q = app.quorra.db.createQueryRunner();
    await new GuestDraftsToQueue1764810000000().up(q);
    await q.release();
    const filed = await Promise.all(ids.map((id) => rows.proposal(app, id)));
    assert.deepEqual(
      filed.map((r) => [r.kind, r.audience, r.state, r.payload.draft, r.payload.reason]),
      [
        ['guest_reply', 'owners', 'draft', 'Reply to old ready draft', null],
        ['guest_reply', 'owners', 'draft', 'Reply to old escalated draft', 'refund request'],
        ['guest_reply', 'owners', 'failed', 'Reply to old sending draft', null],
      ],
    );
    assert.match(filed[2].error ?? '', /check with the guest/);
    for (const id of ids) assert.equal((await rows.message(app, id)).state, 'drafted');
  });
});
