// Core migrations in the order they run; additive only, written with the QueryRunner/Table API.
import { CreatePluginState1764460800000 } from './1764460800000-create-plugin-state.ts';
import { CreateConversation1764500000000 } from './1764500000000-create-conversation.ts';

export const coreMigrations: Function[] = [CreatePluginState1764460800000, CreateConversation1764500000000];
