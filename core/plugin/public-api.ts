// What a plugin imports as `quorra/plugin` (outside the repo) — the same modules the bundled plugins import by path.

export { fail, QuorraError } from '../errors.ts';
export { defineTool } from '../tools/define-tool.ts';
export type { PluginContext, PluginDefinition } from './define-plugin.ts';
export { definePlugin } from './define-plugin.ts';
export { defineRoute, eventStream, withStatus } from './route-definition.ts';
export { wireTime } from './wire-schemas.ts';
