// A turn and its note are one commit: both stored, or neither; a note that cannot be kept never costs the turn.
import assert from 'node:assert/strict';
import { MAX_NOTE_CHARS } from '../../../core/memory/note-input.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import { captureLog, type LogCapture } from '../../support/log-capture.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

describe('turn commit', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let log: LogCapture;
  let ada: TestUser;
  const count = async (table: string) =>
    Number((await app.quorra.db.query(`SELECT count(*) AS n FROM ${table}`))[0].n);
  const stored = async () => ({
    sessions: await count('sessions'),
    messages: await count('messages'),
    notes: await count('notes'),
  });

  before(async () => {
    model = await ScriptedModelServer.start();
    model.always(
      (body) => body.messages.at(-1).content.includes('long answer'),
      // a model that runs on: a reply longer than the notes log keeps
      { content: 'word '.repeat(Math.ceil(MAX_NOTE_CHARS / 5) + 10) },
    );
    model.always(() => true, { content: 'Noted.' });
    log = captureLog('info');
    app = await bootApp({ model, logger: log.logger });
    ada = await addUser(app, 'Ada');
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('stores the session, both messages and the turn note together', async () => {
    const before = await stored();
    const res = await chat(app, ada, { message: 'The plumber comes on Tuesday', scope: ['general'] });
    assert.equal(res.status, 200);
    assert.deepEqual(await stored(), {
      sessions: before.sessions + 1,
      messages: before.messages + 2,
      notes: before.notes + 1,
    });
    const [note] = await app.quorra.db.query('SELECT text, source_id FROM notes ORDER BY seq DESC LIMIT 1');
    assert.equal(note.source_id, res.json.session_id);
    assert.equal(note.text, 'User (Ada): The plumber comes on Tuesday\nQuorra: Noted.');
  });

  it('stores nothing of the turn when its note cannot be written: no reply without its record', async () => {
    const [{ last_seq }] = await app.quorra.db.query('SELECT last_seq FROM note_sequence WHERE id = 1');
    await app.quorra.db.query('DELETE FROM note_sequence');
    try {
      const before = await stored();
      const res = await chat(app, ada, { message: 'The bins go out on Thursday', scope: ['general'] });
      assert.equal(res.status, 500);
      assert.deepEqual(await stored(), before);
    } finally {
      await app.quorra.db.query(`INSERT INTO note_sequence (id, last_seq) VALUES (1, ${Number(last_seq)})`);
    }
    // and the next turn is noted again, in sequence
    const res = await chat(app, ada, { message: 'The bins go out on Thursday', scope: ['general'] });
    assert.equal(res.status, 200);
    const [note] = await app.quorra.db.query('SELECT seq FROM notes ORDER BY seq DESC LIMIT 1');
    assert.equal(Number(note.seq), Number(last_seq) + 1);
  });

  it('keeps the turn when its note is refused as too long, and says so in the log', async () => {
    const before = await stored();
    const res = await chat(app, ada, { message: 'Give me a long answer', scope: ['general'] });
    assert.equal(res.status, 200);
    assert.ok(res.json.reply.length > MAX_NOTE_CHARS);
    assert.deepEqual(await stored(), {
      sessions: before.sessions + 1,
      messages: before.messages + 2,
      notes: before.notes,
    });
    assert.match(log.text(), /a record of the turn was refused/);
  });
});
