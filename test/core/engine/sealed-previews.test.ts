// Every tier-2 tool's confirmation preview, drafted by a member against another person's rows: "not found", as for a missing row.
import assert from 'node:assert/strict';
import { persona } from '../../../core/engine/personas.ts';
import { offeredTools } from '../../../core/engine/tool-gate.ts';
import { CaldavClient } from '../../../plugins/calendar/caldav-client.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { type RadicaleServer, startRadicale } from '../../support/radicale-server.ts';

const toolResults = (body: any): string[] =>
  body.messages.filter((m: any) => m.role === 'tool').map((m: any) => m.content as string);

/** How to aim a tier-2 tool at someone else's row: its scope and the input naming that row's id. */
interface PreviewCase {
  scope: string;
  input: (id: string) => Record<string, unknown>;
  /** The id of a row that belongs to someone else (set up by the suite). */
  theirs: () => string;
}

describe('sealed confirmation previews', () => {
  let radicale: RadicaleServer;
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let max: TestUser;
  let dana: TestUser;
  let theirTransaction = '';
  let theirEvent = '';

  before(async () => {
    radicale = await startRadicale();
    model = await ScriptedModelServer.start();
    const calendar = {
      url: radicale.url,
      username: radicale.username,
      password: radicale.password,
      timezone: 'Europe/Berlin',
      calendar: 'Household',
      people: { max: 'Max private' },
    };
    const finance = {
      timezone: 'Europe/Berlin',
      budgets: [{ id: 'household', name: 'Household', currency: 'EUR' }],
    };
    app = await bootApp({
      model,
      // every allowed tool offered: this test is about what each preview reads, not which few a turn picks
      config: {
        model: { toolsPerTurn: 64 },
        plugins: { calendar: { settings: calendar }, finance: { settings: finance } },
      },
    });
    owner = await addUser(app, 'Olivia');
    max = await addUser(app, 'Max', 'member');
    dana = await addUser(app, 'Dana', 'member');
    // the owner's transaction, looked up by the owner (so any cache of "seen" rows holds it)
    model
      .next({
        toolCalls: [
          {
            name: 'finance_log_transaction',
            arguments: { amount: '42.00', payee: 'Pharmacy Roth', date: '2026-11-03' },
          },
        ],
      })
      .next({ content: 'Logged.' });
    await chat(app, owner, { message: 'log it', scope: ['finance'] });
    theirTransaction = JSON.parse(toolResults(model.chatRequests().at(-1)!.body).at(-1)!).id;
    assert.ok(theirTransaction, 'the owner logged a transaction');
    model.reset();
    model
      .next({ toolCalls: [{ name: 'finance_query', arguments: { kind: 'transactions', month: '2026-11' } }] })
      .next({ content: 'Here.' });
    await chat(app, owner, { message: 'show them', scope: ['finance'] });
    // Max's private event, looked up by Max
    const maxOwn = new CaldavClient({ ...calendar, calendar: 'Max private', timeoutMs: 5000 });
    theirEvent = (
      await maxOwn.add({
        title: 'Therapy',
        start: '2026-03-03T16:00:00Z',
        end: '2026-03-03T17:00:00Z',
        allDay: false,
      })
    ).uid;
    model.reset();
    model
      .next({
        toolCalls: [
          {
            name: 'calendar_query_events',
            arguments: { from: '2026-03-03', to: '2026-03-03', person: 'Max' },
          },
        ],
      })
      .next({ content: 'Here.' });
    await chat(app, max, { message: 'what is on?', scope: ['calendar'] });
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
    await radicale?.stop();
  });

  const cases: Record<string, PreviewCase> = {
    finance_delete_transaction: {
      scope: 'finance',
      input: (id) => ({ transaction_id: id }),
      theirs: () => theirTransaction,
    },
    calendar_delete_event: { scope: 'calendar', input: (uid) => ({ uid }), theirs: () => theirEvent },
    calendar_update_event: {
      scope: 'calendar',
      input: (uid) => ({ uid, title: 'Dentist' }),
      theirs: () => theirEvent,
    },
  };

  /** What the member sees when the model drafts `name` with `input`: a confirmation, or the tool's result text. */
  async function preview(name: string, scope: string, input: Record<string, unknown>) {
    model.reset();
    model.next({ toolCalls: [{ name, arguments: input }] }).next({ content: 'Done.' });
    const r = await chat(app, dana, { message: 'go', scope: [scope] });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const results = model.chatRequests().length > 1 ? toolResults(model.chatRequests()[1].body) : [];
    return { confirmation: r.json.pending_confirmation, result: results.at(-1) };
  }

  it('covers every tier-2 tool: a member is either never offered it or gets "not found" for another person’s row', async () => {
    const tier2 = app.quorra.registries.tools.list().filter((t) => t.tier === 2);
    assert.ok(tier2.length >= 5, `tier-2 tools: ${tier2.map((t) => t.name)}`);
    const principal = {
      kind: 'user' as const,
      userId: dana.id,
      role: 'member' as const,
      displayName: 'Dana',
    };
    const scopes = app.quorra.conversation.engine.knownScopes();
    const checked: string[] = [];
    for (const tool of tier2) {
      const offered =
        offeredTools([tool], scopes, persona('owner'), { principal, workspace: null }).length > 0;
      if (!offered) {
        assert.equal(tool.audience, 'owner', `${tool.name} is hidden from members only by being owner-only`);
        continue;
      }
      const c = cases[tool.name];
      assert.ok(c, `no sealed-preview case for the member-reachable tier-2 tool ${tool.name}: add one here`);
      const theirs = await preview(tool.name, c.scope, c.input(c.theirs()));
      const missing = await preview(tool.name, c.scope, c.input('no-such-row-7f3a'));
      assert.equal(
        theirs.confirmation,
        undefined,
        `${tool.name} drafted a confirmation: ${JSON.stringify(theirs.confirmation)}`,
      );
      assert.equal(missing.confirmation, undefined);
      assert.ok(theirs.result, `${tool.name} answered the model`);
      // the same words as for a row that does not exist, and nothing of the row itself
      assert.equal(
        theirs.result!.replaceAll(c.theirs(), 'ID'),
        missing.result!.replaceAll('no-such-row-7f3a', 'ID'),
      );
      // the row's own id is random and may contain "42" by chance: look past it
      assert.doesNotMatch(theirs.result!.replaceAll(c.theirs(), 'ID'), /Pharmacy|42|Therapy/);
      // a refusal in words, not a crash that happens to read the same both times
      assert.match(theirs.result!, /no transaction|no budget|no event/);
      checked.push(tool.name);
    }
    assert.deepEqual(checked.sort(), Object.keys(cases).sort());
  });

  it('still previews the caller’s own row from the stored data', async () => {
    model.reset();
    model
      .next({
        toolCalls: [{ name: 'finance_delete_transaction', arguments: { transaction_id: theirTransaction } }],
      })
      .next({ content: 'Done.' });
    const r = await chat(app, owner, { message: 'delete it', scope: ['finance'] });
    assert.equal(r.json.pending_confirmation.description, 'delete -€42.00 at Pharmacy Roth on 2026-11-03');
    model.reset();
    model
      .next({ toolCalls: [{ name: 'calendar_delete_event', arguments: { uid: theirEvent, person: 'Max' } }] })
      .next({ content: 'Done.' });
    const e = await chat(app, max, { message: 'cancel it', scope: ['calendar'] });
    assert.equal(
      e.json.pending_confirmation.description,
      'delete “Therapy” on Tuesday 3 March 2026 from Max’s calendar',
    );
  });
});
