// Runs the labelled household requests through the real engine, every plugin configured, recording each first model request.
import type { Principal } from '../../core/contracts/principal.ts';
import { type BootedApp, bootApp } from '../../test/support/boot-app.ts';
import { addUser } from '../../test/support/household.ts';
import { ScriptedModelServer } from '../../test/support/model-server.ts';
import type { LabelledRequest } from './household-requests.ts';

/** What the model was sent on a request's first round. */
export interface RecordedTurn {
  label: LabelledRequest;
  /** The tool names offered, in order. */
  tools: string[];
  /** The request body as the model received it. */
  body: { messages: Array<{ role: string; content: string }>; tools?: any[] };
}

/** Every plugin configured: the calendar needs a server address (the closed discard port: nothing is called). */
export const EVERY_PLUGIN = {
  plugins: { calendar: { settings: { url: 'http://127.0.0.1:9/', password: 'x' } } },
};

/** A booted household: the owner in a household workspace bound to every household scope, and a guest's cabin. */
export interface BenchHousehold {
  app: BootedApp;
  model: ScriptedModelServer;
  owner: Principal;
  guest: Principal;
  close(): Promise<void>;
}

export async function benchHousehold(config: Record<string, unknown> = {}): Promise<BenchHousehold> {
  const model = await ScriptedModelServer.start();
  model.always(() => true, { content: 'OK.' });
  const app = await bootApp({
    model,
    listen: false,
    connectMatrix: false,
    config: { ...EVERY_PLUGIN, ...config },
  });
  const user = await addUser(app, 'Olivia');
  const services = ['general', 'finance', 'planning', 'calendar', 'system'];
  await app.quorra.workspaces.create({ name: 'Home', kind: 'household', services }, user.id);
  await app.quorra.workspaces.create({ name: 'Cabin', kind: 'hosting', services: ['concierge'] }, user.id);
  return {
    app,
    model,
    owner: { kind: 'user', userId: user.id, role: 'owner', displayName: 'Olivia' },
    guest: { kind: 'reservation', reservationId: 'res-bench', workspace: 'cabin' },
    async close() {
      await app.stop({ clean: true });
      await model.close();
    },
  };
}

/** Sends each request as the first turn of a new session and returns what the model was offered. */
export async function runLabelled(h: BenchHousehold, labels: LabelledRequest[]): Promise<RecordedTurn[]> {
  const out: RecordedTurn[] = [];
  for (const label of labels) {
    h.model.reset();
    h.model.always(() => true, { content: 'OK.' });
    const guest = label.scope === 'concierge';
    await h.app.quorra.conversation.engine.handle({
      principal: guest ? h.guest : h.owner,
      message: label.request,
      scope: [label.scope],
      ...(guest ? {} : { workspace: 'home' }),
    });
    const body = h.model.chatRequests()[0].body;
    out.push({ label, body, tools: (body.tools ?? []).map((t: any) => t.function.name) });
  }
  return out;
}
