// Bang-command parsing and dispatch: words and arguments, permission, unknown commands, usage lines, generated help.
import assert from 'node:assert/strict';
import type { CommandDefinition } from '../../../core/contracts/contributions.ts';
import { fail } from '../../../core/contracts/errors.ts';
import { Registry } from '../../../core/contracts/registry.ts';
import {
  CommandUsageError,
  helpText,
  parseCommand,
  runCommand,
  usageLine,
} from '../../../core/matrix/command-router.ts';

const member = { userId: 'max', role: 'member' as const, roomId: '!r:x' };
const owner = { userId: 'olivia', role: 'owner' as const, roomId: '!r:x' };

function registry(): Registry<CommandDefinition> {
  const r = new Registry<CommandDefinition>('command', (c) => c.name);
  r.add({
    name: 'echo',
    description: 'say it back',
    usage: 'echo <text>',
    permission: 'member',
    run: (a) => a.join(' '),
  });
  r.add({
    name: 'wipe',
    description: 'wipe things',
    usage: '!quorra wipe',
    permission: 'owner',
    run: () => 'wiped',
  });
  r.add({
    name: 'strict',
    description: 'wants one arg',
    usage: 'strict <x>',
    permission: 'member',
    run: (a) => {
      if (a.length !== 1) throw new CommandUsageError('One argument, please.');
      if (a[0] === 'bad') throw fail.invalid('UNKNOWN_MODE', 'no mode "bad" in scope [general]');
      if (a[0] === 'boom') throw new Error('internal detail');
      return 'ok';
    },
  });
  return r;
}

describe('command router', () => {
  it('parses `!quorra <word> args…`, case-insensitively; bare `!quorra` is help; anything else is not a command', () => {
    assert.deepEqual(parseCommand('!quorra mode budget'), {
      name: 'mode',
      args: ['budget'],
      argsText: 'budget',
    });
    assert.deepEqual(parseCommand('  !Quorra   PURPOSE  plan the\ngarden '), {
      name: 'purpose',
      args: ['plan', 'the', 'garden'],
      argsText: 'plan the\ngarden',
    });
    assert.deepEqual(parseCommand('!quorra'), { name: 'help', args: [], argsText: '' });
    assert.deepEqual(parseCommand('!note buy\n milk'), {
      name: 'note',
      args: ['buy', 'milk'],
      argsText: 'buy\n milk',
    });
    assert.equal(parseCommand('!notes buy'), null);
    assert.equal(parseCommand('!quorrax help'), null);
    assert.equal(parseCommand('please !quorra help'), null);
    assert.equal(parseCommand('hello'), null);
  });

  it('runs a command and passes the arguments', async () => {
    assert.equal(await runCommand(registry(), { name: 'echo', args: ['a', 'b'] }, member), 'a b');
  });

  it('answers unknown commands, missing permission and bad arguments with one short line', async () => {
    const r = registry();
    assert.equal(
      await runCommand(r, { name: 'nope', args: [] }, member),
      'Unknown command `nope`. Try `!quorra help`.',
    );
    assert.equal(
      await runCommand(r, { name: 'wipe', args: [] }, member),
      'Only the owner can use `!quorra wipe`.',
    );
    assert.equal(await runCommand(r, { name: 'wipe', args: [] }, owner), 'wiped');
    assert.equal(
      await runCommand(r, { name: 'strict', args: [] }, member),
      'One argument, please. Usage: `!quorra strict <x>`',
    );
    assert.equal(
      await runCommand(r, { name: 'strict', args: ['bad'] }, member),
      'No mode "bad" in scope [general]. Usage: `!quorra strict <x>`',
    );
    assert.equal(
      await runCommand(r, { name: 'strict', args: ['boom'] }, member),
      'Sorry — `!quorra strict` failed on my side.',
    );
  });

  it('generates help from the registry, showing only what the caller may run', () => {
    const r = registry();
    const forMember = helpText(r, 'member');
    assert.match(forMember, /`!quorra echo <text>` — say it back/);
    assert.doesNotMatch(forMember, /wipe/);
    assert.match(helpText(r, 'owner'), /`!quorra wipe` — wipe things \(owner\)/);
    assert.equal(usageLine({ name: 'x', usage: '' }), '!quorra x');
  });
});
