// `!note <text>` captures a jot from Matrix (the bot reacts ✓), and `!quorra notepad triage` runs triage now.

import { type CommandDefinition, CommandUsageError } from 'quorra/plugin';
import type { NotepadService } from './notepad-service.ts';

/** `!note <text>`: zero inference; the Matrix event id is the client id, so a redelivered event is one jot. */
export function noteCommand(service: NotepadService): CommandDefinition {
  return {
    name: 'note',
    description: 'jot something down for tonight’s triage (`!note <text>`)',
    usage: 'note <text>',
    permission: 'member',
    acknowledge: '✓',
    captureScope: 'notepad',
    async run(_args, ctx) {
      const text = ctx.argsText?.trim();
      if (!text) throw new CommandUsageError('What should I note?');
      const clientId = ctx.eventId ?? `matrix:${Date.now()}`;
      await service.capture(ctx.userId, text, clientId, 'matrix');
      return 'Noted.';
    },
  };
}

/** `!quorra notepad [triage]`: triage now, or say what waits. */
export function notepadCommand(service: NotepadService): CommandDefinition {
  return {
    name: 'notepad',
    description: 'triage your jots now, or list what waits on you',
    usage: 'notepad [triage]',
    permission: 'member',
    async run(args, ctx) {
      if (args[0] === 'triage') {
        const r = await service.triageNow(ctx.userId);
        if (!r.asked) return 'Nothing captured to triage.';
        if (r.malformed)
          return 'Triage could not read the model’s answer; your jots stay captured for the next pass.';
        return `Triaged ${r.asked} jot${r.asked === 1 ? '' : 's'}: ${r.proposed} proposal${r.proposed === 1 ? '' : 's'}, ${r.questions} question${r.questions === 1 ? '' : 's'}, ${r.noted} noted${r.unaccounted ? `, ${r.unaccounted} left for the next pass` : ''}.`;
      }
      if (args.length) throw new CommandUsageError();
      const items = await service.review(ctx.userId);
      return items.length
        ? items.map((i, n) => `${n + 1}. ${i.type === 'question' ? 'Question: ' : ''}${i.text}`).join('\n')
        : 'Nothing from your notepad waits on you.';
    },
  };
}
