// The same statement files through HTTP, a Matrix upload (homeserver double) and the CLI give the same transactions.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { importStatementCommand } from '../../../core/cli/statement-import-command.ts';
import type { FinanceService } from '../../../plugins/finance/finance-service.ts';
import { MatrixWorld } from '../../core/matrix/matrix-world.ts';
import { call, type TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { fixture, fixturePath } from './statement-fixtures.ts';

const pluginsRoot = fileURLToPath(new URL('../../../plugins', import.meta.url));

// each file with the confirmation a first import needs: a known layout, or the encoding a person named
const files: { name: string; layout?: string; encoding?: string }[] = [
  { name: 'dkb-2023.csv', layout: 'dkb' },
  { name: 'sparkasse-latin1.csv', layout: 'sparkasse' },
  { name: 'postfinance.csv', layout: 'postfinance', encoding: 'windows-1252' },
  { name: 'fees-no-name.ofx' },
  { name: 'bbva.csv', layout: 'bbva' },
];

describe('finance statements: HTTP, Matrix uploads and the CLI agree', function () {
  this.timeout(120_000);
  let w: MatrixWorld;
  let olivia: { mx: RegisteredUser; user?: TestUser };
  let room: string;
  let service: FinanceService;

  before(async () => {
    w = new MatrixWorld({
      pluginRoots: [pluginsRoot],
      config: {
        plugins: {
          knowledge: { settings: { watch: false } },
          finance: { settings: { timezone: 'UTC', budgets: [{ id: 'household', name: 'Household' }] } },
        },
      },
    });
    await w.start();
    olivia = await w.member('olivia', 'Olivia', 'owner');
    room = await w.group(olivia.mx, [], 'Money');
    await w.app.quorra.workspaces.create(
      { name: 'Home', services: ['general', 'finance'], matrix_room_id: room },
      olivia.user!.id,
    );
    service = (w.app.quorra.plugins.api('finance') as { service: FinanceService }).service;
    const backend = await service.budgets.backend('household');
    for (const name of ['Http', 'Matrix', 'Cli']) await backend.createAccount({ name });
  });
  after(() => w?.close());

  const viaHttp = async (f: (typeof files)[number]) => {
    const r = await call(w.app, olivia.user!, 'POST', '/plugins/finance/import', {
      account: 'Http',
      contentBase64: fixture(f.name).toString('base64'),
      ...(f.layout ? { layout: f.layout } : {}),
      ...(f.encoding ? { encoding: f.encoding } : {}),
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json as { added: number; duplicates: number; encoding: string };
  };

  /** Uploads the file as Element does (media, then an m.file event with a caption); resolves with the bot's answer. */
  const viaMatrix = async (f: (typeof files)[number]) => {
    const url = w.hs.state.media.put(fixture(f.name), 'text/csv');
    const caption = [f.layout && `layout ${f.layout}`, f.encoding && `encoding ${f.encoding}`]
      .filter(Boolean)
      .join(' ');
    const n = w.botMessages(room).length;
    w.hs.sendAsUser(olivia.mx.userId, room, {
      msgtype: 'm.file',
      filename: `matrix-${f.name}`,
      body: caption || `matrix-${f.name}`,
      url,
      info: { size: fixture(f.name).length },
    });
    const answer = await waitUntil(() => w.botMessages(room)[n], 15000, 'the bot to answer the upload');
    return String(answer.content.body);
  };

  const viaCli = async (f: (typeof files)[number]) => {
    let out = '';
    const sink = new Writable({
      write(chunk, _e, done) {
        out += String(chunk);
        done();
      },
    });
    const args = [fixturePath(f.name), '--account', 'Cli'];
    if (f.layout) args.push('--layout', f.layout);
    if (f.encoding) args.push('--encoding', f.encoding);
    assert.equal(await importStatementCommand(args, w.app.quorra.config, sink), 0);
    return JSON.parse(out) as { added: number; duplicates: number; encoding: string };
  };

  const rowsOf = async (account: string) => {
    const backend = await service.budgets.backend('household');
    const id = (await backend.accounts()).find((a) => a.name === account)!.id;
    return (await backend.transactions({ from: '2026-01-01', to: '2026-12-31', accountId: id }))
      .map((t) => [t.date, t.amount, t.payee, t.payeeToReview].join('|'))
      .sort();
  };

  it('a first upload of a known layout without a caption is answered with the proposal, nothing imported', async () => {
    const answer = await viaMatrix({ name: 'dkb-2023.csv' });
    assert.equal(
      answer,
      'This looks like a DKB export. Send the file again with the caption `layout dkb` to import it that way.',
    );
    assert.deepEqual(await rowsOf('Matrix'), []);
  });

  it('an unknown encoding in a caption is refused in words', async () => {
    const answer = await viaMatrix({ name: 'bbva.csv', layout: 'bbva', encoding: 'klingon' });
    assert.match(answer, /^Nothing was imported: "klingon" is not an encoding I know/);
  });

  it('every file gives the same transactions on each path, and a second import on any path adds nothing', async () => {
    for (const f of files) {
      const http = await viaHttp(f);
      assert.ok(http.added > 0, `${f.name} over HTTP`);
      const matrix = await viaMatrix(f);
      assert.match(
        matrix,
        new RegExp(`^Imported ${http.added} new transaction\\(s\\) into Matrix\\.`),
        matrix,
      );
      const cli = await viaCli(f);
      assert.equal(cli.added, http.added, `${f.name} through the CLI`);
      assert.equal(cli.encoding, http.encoding);
    }
    const http = await rowsOf('Http');
    assert.equal(http.length, 15);
    assert.deepEqual(await rowsOf('Matrix'), http);
    assert.deepEqual(await rowsOf('Cli'), http);
    for (const f of files) {
      assert.equal((await viaHttp(f)).added, 0, `${f.name} again over HTTP`);
      assert.match(await viaMatrix(f), /^Imported 0 new transaction\(s\) into Matrix \(3 already there\)\./);
      assert.equal((await viaCli(f)).added, 0, `${f.name} again through the CLI`);
    }
    assert.deepEqual(await rowsOf('Http'), http);
  });
});
