// Notepad: capture all day with zero inference, triage overnight into proposals and questions, review in the morning.
import { definePlugin } from 'quorra/plugin';
import { notepadKinds } from './action-kinds.ts';
import { notepadApprovals } from './approval-source.ts';
import { DailyClock } from './daily-clock.ts';
import { Jot } from './jot.entity.ts';
import { JotStore } from './jot-store.ts';
import { CreateNotepad1764700000000 } from './migrations/1764700000000-create-notepad.ts';
import { noteCommand, notepadCommand } from './note-command.ts';
import { addNotepadRoutes } from './notepad-routes.ts';
import { notepadScope } from './notepad-scope.ts';
import { NotepadService } from './notepad-service.ts';
import { notepadSettings } from './notepad-settings.ts';
import { reviewReplyHandler } from './review-reply-handler.ts';
import { TriageRunner } from './triage-runner.ts';

export type { NotepadService } from './notepad-service.ts';

export default definePlugin({
  id: 'notepad',
  description:
    'Jot things down all day; Quorra triages them overnight into proposals you approve in the morning.',
  settings: notepadSettings,
  entities: [Jot],
  migrations: [CreateNotepad1764700000000],
  activate(ctx) {
    const { settings } = ctx;
    const householdZone = async () => settings.timezone ?? (await ctx.people.owners())[0]?.timezone ?? 'UTC';
    const personZone = async (userId: string) => (await ctx.people.get(userId))?.timezone ?? householdZone();
    const jots = new JotStore(ctx.db);
    const triage = new TriageRunner({
      jots,
      approvals: ctx.approvals,
      model: ctx.model,
      tools: ctx.toolCalls,
      workspaces: ctx.workspaces,
      logger: ctx.logger,
      timeZone: personZone,
      maxBatch: settings.maxBatch,
    });
    const service = new NotepadService(jots, ctx.approvals, triage, ctx.notes, ctx.notify, ctx.toolCalls);
    for (const kind of notepadKinds(ctx.toolCalls, {
      revise: (row, text, by) => service.revise(row, text, by),
      remember: (by, note) => service.remember(by.userId, note),
    }))
      ctx.approvals.registerKind(kind);

    ctx.prompts.add(notepadScope);
    ctx.commands.add(noteCommand(service));
    ctx.commands.add(notepadCommand(service));
    ctx.replies.add(reviewReplyHandler(service));
    ctx.approvals.add(notepadApprovals(service));
    addNotepadRoutes(ctx.http, service);

    const clock = new DailyClock(ctx.dataDir);
    ctx.schedule(
      '*/5 * * * *',
      'notepad-clock',
      async () => {
        const now = new Date();
        const tz = await householdZone();
        if (clock.claim('triage', settings.triageTime, now, tz)) await service.triageEveryone();
        if (clock.claim('summary', settings.summaryTime, now, tz))
          for (const p of await ctx.people.list()) await service.sendSummary(p.id);
      },
      'Sorts each person’s notes and sends their daily summary at the times set',
    );
    return { service };
  },
});
