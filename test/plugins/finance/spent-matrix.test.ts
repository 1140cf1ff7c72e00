// `!quorra spent` end to end in Matrix (homeserver double, matrix-js-sdk client): no model, audited, month-to-date vs budget.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import type { FinanceService } from '../../../plugins/finance/finance-service.ts';
import { localDate, monthOf } from '../../../plugins/finance/local-date.ts';
import { MatrixWorld } from '../../core/matrix/matrix-world.ts';
import type { TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';

const pluginsRoot = fileURLToPath(new URL('../../../plugins', import.meta.url));

describe('finance: !quorra spent in Matrix', () => {
  let w: MatrixWorld;
  let olivia: { mx: RegisteredUser; user?: TestUser };
  let max: { mx: RegisteredUser; user?: TestUser };
  let maxClient: JsClient;
  let service: FinanceService;

  before(async () => {
    w = new MatrixWorld({
      pluginRoots: [pluginsRoot],
      config: {
        plugins: {
          knowledge: { settings: { watch: false } },
          finance: {
            settings: {
              timezone: 'UTC',
              budgets: [
                { id: 'household', name: 'Household' },
                { id: 'rental', name: 'Rental' },
              ],
            },
          },
        },
      },
    });
    await w.start();
    olivia = await w.member('olivia', 'Olivia', 'owner');
    max = await w.member('max', 'Max', 'member');
    // the household budget is shared with Max through a workspace's finance binding, the workspace given to him
    await w.app.quorra.workspaces.create({ name: 'Home', services: ['general', 'finance'] }, olivia.user!.id);
    await w.app.quorra.workspaces.grant('home', max.user!.id, olivia.user!.id);
    maxClient = await w.client(max.mx);
    service = (w.app.quorra.plugins.api('finance') as { service: FinanceService }).service;
  });
  after(() => w?.close());

  /** Max sends a message through matrix-js-sdk; resolves with the bot's next message in that room. */
  const maxSays = async (roomId: string, body: string) => {
    const n = w.botMessages(roomId).length;
    await maxClient.sendTextMessage(roomId, body);
    return waitUntil(() => w.botMessages(roomId)[n], 10000, 'the bot to answer');
  };

  it('logs to the household budget from a DM and answers month-to-date vs budget, without the model', async () => {
    const household = await service.budgets.backend('household');
    const groceries = (await household.categories()).find((c) => c.name === 'Groceries')!;
    const month = monthOf(localDate(new Date(), 'UTC'));
    await household.setBudget(month, groceries.id, 30000);
    const room = await w.dm(max.mx);
    const answer = await maxSays(room, '!quorra spent 12.50 groceries Lidl');
    const logged = (await household.transactions({ from: `${month}-01`, to: `${month}-31` }))[0];
    assert.equal(logged.amount, -1250);
    assert.equal(logged.payee, 'Lidl');
    assert.equal(logged.categoryId, groceries.id);
    assert.equal(
      answer.content.body,
      `Logged €12.50 at Lidl (Groceries) on ${logged.date}. Groceries in ${month}: €12.50 of €300.00, €287.50 left.`,
    );
    assert.equal(w.model.chatRequests().length, 0, 'the model is never asked');
    const audit = (await w.app.quorra.conversation.audit.recent(10)).find((a) => a.tool === 'finance_spent');
    assert.equal(audit?.tier, 1);
    assert.equal(audit?.outcome, 'ok');
    assert.equal(audit?.userId, max.user!.id);
  });

  it('logs nothing for an unknown category and names the ones there are', async () => {
    const room = await w.dm(max.mx);
    const answer = await maxSays(room, '!quorra spent 9 snacks Kiosk');
    assert.match(
      answer.content.body,
      /^I don't have a category called “snacks”, so nothing was logged\. Categories: .*Groceries/,
    );
    const household = await service.budgets.backend('household');
    assert.ok(
      (await household.transactions({ from: '2000-01-01', to: '2100-01-01' })).every(
        (t) => t.payee !== 'Kiosk',
      ),
    );
  });

  it('in a finance room, logs to the budget its workspace pins', async () => {
    const room = await w.group(olivia.mx, [max.mx], 'Cabin money');
    await w.app.quorra.workspaces.create(
      {
        name: 'Cabin',
        kind: 'hosting',
        services: ['general', { service: 'finance', data_window: { budget: 'rental' } }],
        matrix_room_id: room,
      },
      olivia.user!.id,
    );
    const answer = await maxSays(room, '!quorra spent 80 household Cleaner');
    assert.match(answer.content.body, /^Logged €80\.00 at Cleaner \(Household\)/);
    const rental = await service.budgets.backend('rental');
    const household = await service.budgets.backend('household');
    assert.deepEqual(
      (await rental.transactions({ from: '2000-01-01', to: '2100-01-01' })).map((t) => t.payee),
      ['Cleaner'],
    );
    assert.ok(
      (await household.transactions({ from: '2000-01-01', to: '2100-01-01' })).every(
        (t) => t.payee !== 'Cleaner',
      ),
    );
  });

  it('imports a statement uploaded to a finance room once, and leaves files elsewhere alone', async () => {
    const ofx = [
      '<OFX><BANKTRANLIST>',
      '<STMTTRN><DTPOSTED>20261110<TRNAMT>-19.99<FITID>U1<NAME>Phone Co',
      '<STMTTRN><DTPOSTED>20261111<TRNAMT>-5.00<FITID>U2<NAME>Kiosk',
      '</BANKTRANLIST></OFX>',
    ].join('\n');
    const cabin = (await w.app.quorra.workspaces.get('cabin'))!.matrixRoomId!;
    const upload = async (roomId: string) => {
      const { content_uri } = await maxClient.uploadContent(Buffer.from(ofx), {
        name: 'november.ofx',
        type: 'application/x-ofx',
      });
      return maxClient.sendMessage(roomId, {
        msgtype: 'm.file',
        body: 'november.ofx',
        url: content_uri,
        info: { mimetype: 'application/x-ofx', size: ofx.length },
      } as never);
    };
    const botSaysAfter = async (roomId: string, send: () => Promise<unknown>) => {
      const n = w.botMessages(roomId).length;
      await send();
      return waitUntil(() => w.botMessages(roomId)[n], 10000, 'the bot to answer the upload');
    };
    const first = await botSaysAfter(cabin, () => upload(cabin));
    assert.equal(
      first.content.body,
      'Imported 2 new transaction(s) into Checking. Say `!quorra mode reconcile` to go through them.',
    );
    const rental = await service.budgets.backend('rental');
    const rows = await rental.transactions({ from: '2026-11-10', to: '2026-11-11' });
    assert.deepEqual(rows.map((t) => [t.payee, t.amount, t.reviewed]).sort(), [
      ['Kiosk', -500, false],
      ['Phone Co', -1999, false],
    ]);
    const again = await botSaysAfter(cabin, () => upload(cabin));
    assert.equal(again.content.body, 'Imported 0 new transaction(s) into Checking (2 already there).');
    assert.equal((await rental.transactions({ from: '2026-11-10', to: '2026-11-11' })).length, 2);
    const audit = (await w.app.quorra.conversation.audit.recent(20)).filter(
      (a) => a.tool === 'finance_import',
    );
    assert.equal(audit.length, 2);
    // a DM is personal chat with scope general: no file handler takes the statement
    const dm = await w.dm(max.mx);
    const before = w.botMessages(dm).length;
    const { event_id } = await upload(dm);
    assert.equal((await w.finished(event_id)).status, 'ignored');
    assert.equal(w.botMessages(dm).length, before);
    assert.equal(w.model.chatRequests().length, 0);
  });

  it('answers the usage line for a malformed entry', async () => {
    const room = await w.dm(max.mx);
    const answer = await maxSays(room, '!quorra spent lots');
    assert.match(answer.content.body, /Usage: !quorra spent <amount> \[category\] <payee>/);
  });
});
