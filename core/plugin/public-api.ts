// `quorra/plugin`: the one door into core for every plugin, bundled or outside the repo (Biome refuses any other).

export { ProposedAction } from '../approvals/proposed-action.entity.ts';
// what the diagnostics plugin reads about the server it watches
export { listArchives, pruneArchives } from '../backup/backup-job.ts';
export { backupSources } from '../backup/backup-layout.ts';
export { rootDir } from '../build-info.ts';
export { databasePath } from '../config/data-paths.ts';
export type { QuorraConfig } from '../config/schema.ts';
export type { ApprovalKindDefinition, Approver, ProposalView } from '../contracts/approval-kind.ts';
// declaring a plugin, its tools, routes and contributions
export type {
  ApprovalSource,
  CommandAnswer,
  CommandContext,
  CommandDefinition,
  CommandPermission,
  FileHandler,
  ModeDefinition,
  PromptFragment,
  ReplyHandler,
} from '../contracts/contributions.ts';
export { APPROVAL_REPLY_HANDLER, CommandUsageError } from '../contracts/contributions.ts';
export type { RunContext, ToolContext, ToolDefinition } from '../contracts/define-tool.ts';
export { defineTool } from '../contracts/define-tool.ts';
export type { Disposable } from '../contracts/disposable.ts';
export type { ErrorCatalogue, ErrorCode, ErrorEntry, ErrorKind } from '../contracts/errors.ts';
export { fail, isKind, QuorraError } from '../contracts/errors.ts';
export type { Principal, ReservationPrincipal, Seal, UserPrincipal } from '../contracts/principal.ts';
export { isOwner, isUser } from '../contracts/principal.ts';
export type { RouteAuth, RouteDefinition } from '../contracts/route-definition.ts';
export { defineRoute, eventStream, withStatus } from '../contracts/route-definition.ts';
export { wireTime } from '../contracts/wire-schemas.ts';
// tables and migrations (createEntityTables builds from today's entity: see its comment before using it in one)
export { EntityRows } from '../db/entity-rows.ts';
export {
  addEntityColumns,
  addEntityIndices,
  alterEntityColumns,
  createEntityTables,
  dropEntityTables,
} from '../db/entity-tables.ts';
export { sqliteIntegrity } from '../db/sqlite-integrity.ts';
export { isUniqueViolation } from '../db/unique-violation.ts';
export { findJson } from '../dream/claim-parse.ts';
export type { ToolCallRecord } from '../engine/chat-loop.ts';
export type { CheckResult } from '../health/health.ts';
// helpers every plugin should use rather than write again
export { lazyRequire } from '../lazy-require.ts';
export type { Logger } from '../logger.ts';
export { createLogger } from '../logger.ts';
export type { Metrics } from '../metrics/metrics.ts';
export type { ModelClient } from '../model/model-client.ts';
export { classifyModelError } from '../model/model-client.ts';
export { CoalescedRun } from '../scheduler/coalesced-run.ts';
export { safeLabel, safeText } from '../text/safe-text-schema.ts';
export { slugify } from '../text/slugify.ts';
export { cleanDisplayText, cleanLabel } from '../text/text-safety.ts';
export { escapeMarkdown, framedNotice, inlineUntrusted, quoteUntrusted } from '../text/untrusted-markdown.ts';
export type {
  ApprovalsCapability,
  AuditCapability,
  HttpCapability,
  NotesCapability,
  NotifyCapability,
  NotifyOptions,
  PeopleCapability,
  Person,
  ToolCallsCapability,
  TurnsCapability,
  WorkspacesCapability,
} from './capabilities.ts';
export type { PluginCliCommand, PluginContext, PluginDefinition } from './define-plugin.ts';
export { definePlugin } from './define-plugin.ts';
