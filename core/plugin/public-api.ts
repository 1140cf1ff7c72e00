// What a plugin imports as `quorra/plugin` (outside the repo) — the same modules the bundled plugins import by path.

export { defineTool } from '../contracts/define-tool.ts';
export type { ErrorCatalogue, ErrorCode, ErrorEntry } from '../contracts/errors.ts';
export { fail, QuorraError } from '../contracts/errors.ts';
export { defineRoute, eventStream, withStatus } from '../contracts/route-definition.ts';
export { wireTime } from '../contracts/wire-schemas.ts';
export type { PluginContext, PluginDefinition } from './define-plugin.ts';
export { definePlugin } from './define-plugin.ts';
