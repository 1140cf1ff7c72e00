// The conversation area's surfaces: /chat, /mcp, the session controls and the turn inspector (the engine itself is
// built before the areas, since every area hooks into it).
import { defineArea } from '../app-area.ts';
import { mcpRoutes } from '../mcp-server/mcp-routes.ts';
import { chatRoutes } from './chat-routes.ts';
import { conversationTables } from './entities.ts';
import { inspectRoutes } from './inspect-routes.ts';
import { sessionRoutes } from './session-routes.ts';

/** Mounts the conversation's HTTP surfaces. */
export const conversationArea = defineArea({
  id: 'conversation',
  tables: conversationTables,
  activate({ config, conversation, contribute }) {
    contribute.routes(chatRoutes(conversation.turns));
    contribute.routes(mcpRoutes(conversation.engine));
    contribute.routes(sessionRoutes(conversation.controls));
    contribute.routes(inspectRoutes(conversation.inspector, () => config.developerMode));
  },
});
