// The owner's administration area: plugins (toggle and settings), people, the audit trail and confirmations.
import { defineArea } from '../app-area.ts';
import type { PluginHost } from '../plugin/plugin-host.ts';
import { adminRoutes } from './admin-routes.ts';
import { type PeopleMatrixAccounts, peopleRoutes } from './people-routes.ts';
import { pluginSettingsRoutes } from './plugin-settings-routes.ts';

/** Mounts the admin routes over the plugin host and the conversation's stores. */
export const adminArea = defineArea<{ host: PluginHost; matrixAccounts?: PeopleMatrixAccounts }>({
  id: 'admin',
  activate({ host, conversation, contribute, matrixAccounts }) {
    contribute.routes(adminRoutes(host, conversation));
    contribute.routes(pluginSettingsRoutes(host, conversation.audit));
    contribute.routes(peopleRoutes(conversation, matrixAccounts));
  },
});
