// The session store's hand-written statements: a turn's writes land whole or not at all, and read back as TypeORM reads them.
import assert from 'node:assert/strict';
import type { UserPrincipal } from '../../../core/contracts/principal.ts';
import { Confirmation } from '../../../core/engine/confirmation.entity.ts';
import { Message } from '../../../core/sessions/message.entity.ts';
import { Session } from '../../../core/sessions/session.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

describe('session store', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp({ listen: false });
  });
  after(() => app.stop({ clean: true }));

  const owner: UserPrincipal = { kind: 'user', userId: 'u-store', role: 'owner', displayName: 'Olivia' };

  it('stores a new session with both messages, then updates it; reads them back as the repository does', async () => {
    const { sessions } = app.quorra.conversation;
    const s = sessions.draft(owner, { workspace: 'home', persona: 'owner' });
    s.scope = ['calendar', 'notes'];
    s.origin = 'matrix';
    const at = new Date('2026-11-30T10:00:00.123Z');
    await sessions.commitTurn(s, { user: 'What is on today?', reply: 'Nothing.', at });
    s.activeMode = 'planning';
    s.modeEntryPending = true;
    await sessions.commitTurn(s, {
      user: 'And tomorrow?',
      reply: 'Dentist at 9',
      interrupted: true,
      at: new Date(at.getTime() + 60_000),
    });

    const found = await sessions.find(s.id, owner);
    const viaRepo = await app.quorra.db.getRepository(Session).findOneByOrFail({ id: s.id });
    assert.ok(found instanceof Session);
    assert.deepEqual({ ...found }, { ...viaRepo });
    assert.deepEqual(found.scope, ['calendar', 'notes']);
    assert.equal(found.activeMode, 'planning');
    assert.equal(found.modeEntryPending, true);
    assert.equal(found.updatedAt.getTime(), at.getTime() + 60_000);
    assert.equal(await sessions.find(s.id, { ...owner, userId: 'someone-else' }), null);

    const history = await sessions.history(s.id, 3);
    const viaRepoHistory = await app.quorra.db
      .getRepository(Message)
      .find({ where: { sessionId: s.id }, order: { id: 'ASC' } });
    assert.deepEqual(
      history.map((m) => [m.role, m.content, m.interrupted]),
      [
        ['assistant', 'Nothing.', false],
        ['user', 'And tomorrow?', false],
        ['assistant', 'Dentist at 9', true],
      ],
    );
    assert.deepEqual(
      history.map((m) => ({ ...m })),
      viaRepoHistory.slice(1).map((m) => ({ ...m })),
    );
    assert.equal(history[0].createdAt.getTime(), at.getTime() + 1);
  });

  it('stores a session again when it was deleted during the turn', async () => {
    const { sessions } = app.quorra.conversation;
    const s = sessions.draft(owner, { workspace: null, persona: 'owner' });
    await sessions.commitTurn(s, { user: 'one', reply: 'two' });
    await app.quorra.db.getRepository(Session).delete({ id: s.id });
    await sessions.commitTurn(s, { user: 'three', reply: 'four' });
    assert.ok(await sessions.find(s.id, owner));
    assert.equal((await sessions.history(s.id, 10)).length, 4);
  });

  it('writes a turn and the confirmation it drafted together, or nothing when one of them fails', async () => {
    const { sessions, confirmations } = app.quorra.conversation;
    const s = sessions.draft(owner, { workspace: null, persona: 'owner' });
    const c = confirmations.draft({
      sessionId: s.id,
      userId: owner.userId,
      toolName: 'calendar_delete',
      input: { id: 7 },
      description: 'delete the dentist',
    });
    await sessions.commitTurn(s, { user: 'delete it', reply: 'Sure?' }, [confirmations.insert(c)]);
    assert.equal((await confirmations.pendingFor(s.id))?.id, c.id);
    assert.deepEqual((await confirmations.get(c.id))?.input, { id: 7 });

    // the same confirmation again violates its primary key: the turn's session and messages are not written
    const t = sessions.draft(owner, { workspace: null, persona: 'owner' });
    await assert.rejects(
      sessions.commitTurn(t, { user: 'again', reply: 'Sure?' }, [confirmations.insert(c)]),
    );
    assert.equal(await sessions.find(t.id, owner), null);
    assert.equal((await sessions.history(t.id, 10)).length, 0);
    assert.equal(await app.quorra.db.getRepository(Confirmation).countBy({ sessionId: s.id }), 1);
  });
});
