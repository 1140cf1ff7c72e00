// Helpers for the knowledge plugin inside a booted app: a seeded vault, its open event streams (from /metrics), waiting for idle.
import { type BootedApp, metricsHeaders } from '../../support/boot-app.ts';
import { call, eventually, type TestUser } from '../../support/household.ts';
import { writeVault } from './knowledge-test-kit.ts';

/** A vault of `files` small household notes, one unreadable household file and one in Max's own folder. */
export function seedVault(vault: string, files: number): void {
  for (let i = 0; i < files; i++)
    writeVault(
      vault,
      `household/note-${String(i).padStart(3, '0')}.md`,
      `# Note ${i}\n\nThe shed key ${i}.\n`,
    );
  writeVault(vault, 'household/broken.md', '---\ntitle: [\n---\nbroken');
  writeVault(vault, 'members/max/diary.md', '---\ntitle: [\n---\nprivate');
}

/** The open index event streams, as Prometheus reads `quorra_knowledge_event_listeners`. */
export async function eventListeners(app: BootedApp): Promise<number> {
  const text = await (await fetch(`${app.url}/metrics`, { headers: metricsHeaders })).text();
  return Number(/^quorra_knowledge_event_listeners (\d+)$/m.exec(text)?.[1]);
}

/** Waits until no index pass runs (activation starts one of its own to file guest windows). */
export async function indexIdle(app: BootedApp, owner: TestUser): Promise<void> {
  await eventually(
    async () => (await call(app, owner, 'GET', '/plugins/knowledge/status')).json.running === null,
    30_000,
  );
}
