// What a child's turns may reach: their own allow-list, never money, deletions, owner tools or confirmed actions.
import type { ToolDefinition } from '../contracts/define-tool.ts';
import type { Principal } from '../contracts/principal.ts';

/** The list a child gets until the owner edits it: lists, their own reminders and tasks, reading, their memories. */
export const DEFAULT_CHILD_TOOLS: readonly string[] = Object.freeze([
  'list_add_items',
  'list_show',
  'reminder_set',
  'reminder_list',
  'calendar_query_events',
  'calendar_list_tasks',
  'calendar_create_task',
  'calendar_complete_task',
  'search_knowledge',
  'memory_recall',
  'memory_save',
  // the way past the list: a request the parents answer (plugins/family)
  'ask_a_parent',
]);

/** Names that delete or forget: out of a child's reach even when an owner lists them by mistake. */
const DELETES = /(^|_)(delete|forget|prune|remove|cancel|clear)(_|$)/;

/**
 * Whether a tool may be offered to a child at all. Besides the allow-list, a structural floor no list can lift:
 * no finance scope, no owner-only tool, nothing that needs a confirmation (tier 2), nothing that deletes.
 */
export function childMayUse(tool: ToolDefinition<any>, allowed: readonly string[]): boolean {
  return (
    allowed.includes(tool.name) &&
    tool.tier < 2 &&
    tool.audience !== 'owner' &&
    !tool.scopes.includes('finance') &&
    !DELETES.test(tool.name)
  );
}

/**
 * Whether a child may ask a parent for a tool outside their list: anything but money, owner tools and deletions
 * (a parent's yes may run a confirmed action, never those).
 */
export function childMayAsk(tool: ToolDefinition<any>): boolean {
  return tool.audience !== 'owner' && !tool.scopes.includes('finance') && !DELETES.test(tool.name);
}

/** True when the principal is a child (their allow-list then narrows every turn). */
export function isChild(p: Principal | undefined): boolean {
  return p?.kind === 'user' && p.child !== undefined;
}
