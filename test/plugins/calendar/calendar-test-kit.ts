// Boots the app with the calendar plugin on a fresh real Radicale and the scripted model; one stop ends all three.
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { type RadicaleServer, startRadicale } from '../../support/radicale-server.ts';

/** What a calendar test works with. */
export interface CalendarWorld {
  radicale: RadicaleServer;
  model: ScriptedModelServer;
  app: BootedApp;
  /** The plugin settings the app runs with (server, account, zone and the extras given). */
  settings: { url: string; username: string; password: string; timezone: string } & Record<string, unknown>;
  stop(): Promise<void>;
}

/** Starts Radicale, the model and the app (Europe/Berlin unless the extras say otherwise). */
export async function startCalendarWorld(extra: Record<string, unknown> = {}): Promise<CalendarWorld> {
  const radicale = await startRadicale();
  const model = await ScriptedModelServer.start();
  const settings = {
    url: radicale.url,
    username: radicale.username,
    password: radicale.password,
    timezone: 'Europe/Berlin',
    ...extra,
  };
  // every tool of the scope on each turn: these tests are about the tools' own work, not which few a turn offers
  const app = await bootApp({
    model,
    config: { model: { toolsPerTurn: 64 }, plugins: { calendar: { settings } } },
  });
  return {
    radicale,
    model,
    app,
    settings,
    async stop() {
      await app.stop({ clean: true });
      await model.close();
      await radicale.stop();
    },
  };
}
