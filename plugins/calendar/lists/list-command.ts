// `!quorra list [family] [name]`: shows a list without the model (the room decides shared or personal, as for the tools).
import type { CommandDefinition } from 'quorra/plugin';
import type { CalendarBook } from '../calendar-book.ts';
import { listLabel, showItems } from './list-tools.ts';

/** Builds the command. */
export function listCommand(book: CalendarBook | null): CommandDefinition {
  return {
    name: 'list',
    description:
      'show a list (shopping unless named): the household’s in a family room, your own in a direct chat',
    usage: '!quorra list [family] [name]',
    permission: 'member',
    async run(args, ctx) {
      if (!book) return 'Lists need the calendar server; it is not configured.';
      const family = args[0]?.toLowerCase() === 'family' ? true : undefined;
      const name = (family ? args.slice(1) : args).join(' ').trim() || undefined;
      try {
        const owned = await book.listFor(name, {
          userId: ctx.userId,
          workspace: ctx.workspace ?? null,
          family,
        });
        const { open } = await showItems(owned, false);
        const title = listLabel(owned).replace(/^./, (c) => c.toUpperCase());
        return open.length ? [`${title}:`, ...open.map((i) => `- ${i}`)].join('\n') : `${title} is empty.`;
      } catch (err) {
        return `The list could not be read: ${(err as Error).message}`;
      }
    },
  };
}
