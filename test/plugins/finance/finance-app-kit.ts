// The finance plugin booted for HTTP and chat tests: two budgets, a Home workspace sharing the household one, a Cabin pinning the rental one.
import type { FinanceService } from '../../../plugins/finance/finance-service.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

export const toolResults = (body: any): string[] =>
  body.messages.filter((m: any) => m.role === 'tool').map((m: any) => m.content as string);
export const offered = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function.name);
/** The last tool result the model was sent, parsed. */
export const lastResult = (model: ScriptedModelServer) =>
  JSON.parse(toolResults(model.chatRequests().at(-1)!.body).at(-1)!);

export interface FinanceApp {
  model: ScriptedModelServer;
  app: BootedApp;
  owner: TestUser;
  member: TestUser;
  service: FinanceService;
  /** One finance turn in which the model calls `name` with `args`. */
  run(user: TestUser, name: string, args: Record<string, unknown>, extra?: object): ReturnType<typeof chat>;
  stop(): Promise<void>;
}

/** Boots the app (developer mode on, for the turn inspector) with the finance plugin and the household above. */
export async function startFinanceApp(): Promise<FinanceApp> {
  const model = await ScriptedModelServer.start();
  const settings = {
    timezone: 'Europe/Berlin',
    budgets: [
      { id: 'household', name: 'Household', currency: 'EUR' },
      { id: 'rental', name: 'Rental', currency: 'EUR' },
    ],
  };
  const app = await bootApp({ model, config: { developerMode: true, plugins: { finance: { settings } } } });
  const owner = await addUser(app, 'Olivia');
  const member = await addUser(app, 'Max', 'member');
  await app.quorra.workspaces.create({ name: 'Home', services: ['general', 'finance'] }, owner.id);
  await app.quorra.workspaces.create(
    {
      name: 'Cabin',
      kind: 'hosting',
      services: ['general', { service: 'finance', data_window: { budget: 'rental' } }],
    },
    owner.id,
  );
  // Max helps with both places: the owner has given him each workspace
  for (const slug of ['home', 'cabin']) await app.quorra.workspaces.grant(slug, member.id, owner.id);
  const service = (app.quorra.plugins.api('finance') as { service: FinanceService }).service;
  return {
    model,
    app,
    owner,
    member,
    service,
    run(user, name, args, extra = {}) {
      model.next({ toolCalls: [{ name, arguments: args }] }).next({ content: 'Done.' });
      return chat(app, user, { message: 'go', scope: ['finance'], ...extra });
    },
    async stop() {
      await app.stop({ clean: true });
      await model.close();
    },
  };
}
