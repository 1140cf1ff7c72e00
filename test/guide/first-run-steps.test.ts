// The household's path in docs/first-run.md stays at most five copy-and-paste commands, and each still matches
// what the stack does (the setup line it greps for, the service names it calls).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { rootDir } from '../../core/build-info.ts';

const guide = readFileSync(path.join(rootDir, 'docs/first-run.md'), 'utf8');
const compose = parseYaml(readFileSync(path.join(rootDir, 'docker/compose.yaml'), 'utf8'));

/** The shell lines of the Compose section, one per command block. */
function composeCommands(): string[] {
  const start = guide.indexOf('## For a household, with Docker Compose');
  assert.ok(start >= 0, 'the Compose section exists');
  const end = guide.indexOf('\n## ', start + 5);
  const section = guide.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].trim());
}

describe('docs/first-run.md: from a fresh machine to the first conversation', () => {
  it('takes at most five commands, each a single line to copy', () => {
    const commands = composeCommands();
    assert.ok(commands.length >= 3, 'the section shows its commands');
    assert.ok(commands.length <= 5, `${commands.length} commands: the goal is at most 5`);
    for (const c of commands) assert.equal(c.split('\n').length, 1, `one line to paste: ${c}`);
    // no per-person command: the People page creates family members' accounts
    assert.equal(
      commands.filter((c) => c.includes('register_new_matrix_user')).length,
      1,
      'only the owner’s',
    );
    assert.match(guide, /The family needs no command/);
  });

  it('names services the compose file has, and greps for the line Quorra prints', () => {
    const services = Object.keys(compose.services);
    for (const c of composeCommands())
      for (const m of c.matchAll(/docker-compose (?:exec|logs) (\S+)/g))
        assert.ok(services.includes(m[1]), `${m[1]} is a compose service`);
    const grep = composeCommands().find((c) => c.includes('grep'))!;
    const wanted = /grep "([^"]+)"/.exec(grep)![1];
    const line = readFileSync(path.join(rootDir, 'core/setup/setup-link-line.ts'), 'utf8');
    assert.ok(line.includes(wanted), `Quorra's setup line contains "${wanted}"`);
  });
});
