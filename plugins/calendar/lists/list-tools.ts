// list_add_items, list_check_items (tier 1) and list_show (tier 0): shared or personal lists as CalDAV task lists.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { OwnedList } from '../calendar-book.ts';
import { bookFor, type CalendarToolDeps, calendarAvailable } from '../tools/calendar-tool-deps.ts';
import { distinctItems, findItem, itemKey } from './list-items.ts';

const listField = z.string().trim().min(1).max(100).optional().describe('default shopping');
const familyField = z
  .boolean()
  .optional()
  .describe('true: family/shared, false: own, omit: the room decides');
const itemsField = z.array(z.string().trim().min(1).max(200)).min(1).max(50);

/** Where a list tool's items go, and how the answer names the list. */
async function target(
  deps: CalendarToolDeps,
  ctx: { principal?: any; workspace?: string | null },
  list?: string,
  family?: boolean,
) {
  const { book, user } = bookFor(deps, ctx.principal);
  const owned = await book.listFor(list, { userId: user.userId, workspace: ctx.workspace ?? null, family });
  return { owned, label: listLabel(owned) };
}

/** "the household shopping list", "Max’s shopping list". */
export function listLabel(owned: Pick<OwnedList, 'whose' | 'list'>): string {
  const list = `${owned.list.toLowerCase()} list`;
  return owned.whose === 'household' ? `the household ${list}` : `${owned.whose}’s ${list}`;
}

/** Builds the three list tools. */
export function listTools(deps: CalendarToolDeps) {
  const available = calendarAvailable(deps);
  const addItems = defineTool({
    name: 'list_add_items',
    description: 'Add items to a list; those already on it are not added twice.',
    examples: [
      'add milk and eggs to the shopping list',
      'we need bread, we ran out of coffee',
      'Milch auf die Einkaufsliste',
      'ajoute du lait à la liste de courses',
    ],
    tier: 1,
    scopes: ['general', 'calendar', 'planning'],
    audience: 'household',
    input: z.object({ items: itemsField, list: listField, family: familyField }).strict(),
    available,
    async run({ items, list, family }, ctx) {
      const { owned, label } = await target(deps, ctx, list, family);
      const stored = await owned.tasks.stored();
      const added: string[] = [];
      const already: string[] = [];
      const reopened: string[] = [];
      for (const name of distinctItems(items)) {
        const same = stored.find((s) => itemKey(s.task.title) === itemKey(name) && !s.task.completed);
        const done = stored.find((s) => itemKey(s.task.title) === itemKey(name) && s.task.completed);
        if (same) already.push(same.task.title);
        else if (done) {
          const { completedAt: _, ...rest } = done.task;
          await owned.tasks.save(done, { ...rest, completed: false });
          reopened.push(done.task.title);
        } else {
          await owned.tasks.add({ title: name, completed: false });
          added.push(name);
        }
      }
      return { list: label, added, already_on_list: already, put_back: reopened };
    },
  });

  const checkItems = defineTool({
    name: 'list_check_items',
    description: 'Check items off a list (bought, done).',
    examples: [
      'got the milk, bought eggs',
      'cross batteries off the list',
      'Milch gekauft, abhaken',
      "j'ai acheté le lait, coche",
    ],
    tier: 1,
    scopes: ['general', 'calendar', 'planning'],
    audience: 'household',
    input: z.object({ items: itemsField, list: listField, family: familyField }).strict(),
    available,
    async run({ items, list, family }, ctx) {
      const { owned, label } = await target(deps, ctx, list, family);
      const stored = await owned.tasks.stored();
      const checked: string[] = [];
      const notFound: string[] = [];
      for (const name of distinctItems(items)) {
        const hit = findItem(stored, name);
        if (!hit) notFound.push(name);
        else if (hit.task.completed) checked.push(hit.task.title);
        else {
          await owned.tasks.save(hit, {
            ...hit.task,
            completed: true,
            completedAt: new Date().toISOString(),
          });
          hit.task = { ...hit.task, completed: true };
          checked.push(hit.task.title);
        }
      }
      return { list: label, checked, not_on_list: notFound };
    },
  });

  const showList = defineTool({
    name: 'list_show',
    description: "Show a list's open items.",
    examples: [
      "what's on the shopping list, what do we need",
      'show me the list',
      'was steht auf der Liste',
      "qu'est-ce qu'il y a sur la liste de courses",
    ],
    tier: 0,
    scopes: ['general', 'calendar', 'planning'],
    audience: 'household',
    input: z
      .object({ list: listField, family: familyField, include_checked: z.boolean().optional() })
      .strict(),
    available,
    async run({ list, family, include_checked }, ctx) {
      const { owned, label } = await target(deps, ctx, list, family);
      return { list: label, ...(await showItems(owned, include_checked ?? false)) };
    },
  });
  return [addItems, checkItems, showList];
}

/** A list's open (and optionally checked) item names. */
export async function showItems(owned: OwnedList, includeChecked: boolean) {
  const tasks = await owned.tasks.list();
  const open = tasks.filter((t) => !t.completed).map((t) => t.title);
  return includeChecked ? { open, checked: tasks.filter((t) => t.completed).map((t) => t.title) } : { open };
}
