// The core's own entities; plugins add theirs through the plugin contract.
import { PluginState } from '../plugin/plugin-state.entity.ts';

export const coreEntities: Function[] = [PluginState];
