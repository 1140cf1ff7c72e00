// The triage pass for one person: one model call over their captured jots, outcomes stored, unaccounted jots left for the next pass.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ApprovalsCapability,
  type Logger,
  type ModelClient,
  rootDir,
  type ToolCallsCapability,
  type WorkspacesCapability,
} from 'quorra/plugin';
import type { Jot } from './jot.entity.ts';
import type { JotStore } from './jot-store.ts';
import { MalformedTriage, parseTriage, type TriageResult } from './triage-parse.ts';

const taskPrompt = readFileSync(path.join(rootDir, 'prompts/tasks/notepad-triage.md'), 'utf8');

/** The tag a "remember" note is saved under; the newest ones ride along in every triage prompt. */
export const CORRECTION_TAG = 'notepad-correction';

/** What one pass did. */
export interface TriageOutcome {
  asked: number;
  proposed: number;
  questions: number;
  noted: number;
  /** Jots the model did not account for: still captured, in the next batch. */
  unaccounted: number;
  malformed: boolean;
}

export interface TriageDeps {
  jots: JotStore;
  approvals: ApprovalsCapability;
  model: ModelClient;
  tools: ToolCallsCapability;
  workspaces: WorkspacesCapability;
  logger: Logger;
  timeZone: (userId: string) => Promise<string>;
  maxBatch: number;
}

/** Runs triage passes. */
export class TriageRunner {
  constructor(private readonly d: TriageDeps) {}

  /** Triage for one person's due jots (or just `only`, re-triaged after an answer). */
  async run(userId: string, only?: Jot[], now = new Date()): Promise<TriageOutcome> {
    const batch = only ?? (await this.d.jots.due(userId, now, this.d.maxBatch));
    const outcome: TriageOutcome = {
      asked: batch.length,
      proposed: 0,
      questions: 0,
      noted: 0,
      unaccounted: 0,
      malformed: false,
    };
    if (!batch.length) return outcome;
    const prompt = await this.prompt(userId, now);
    const asked = new Set(batch.map((j) => j.id));
    let results: TriageResult[] | null = null;
    for (let attempt = 0; attempt < 2 && !results; attempt++) {
      try {
        const reply = await this.d.model.chat({
          messages: [
            { role: 'system', content: prompt },
            { role: 'user', content: jotsMessage(batch) },
          ],
          temperature: 0,
        });
        results = parseTriage(reply.choices[0]?.message?.content, asked);
      } catch (err) {
        if (!(err instanceof MalformedTriage)) throw err;
        this.d.logger.warn({ userId, attempt }, 'triage answer was not readable');
      }
    }
    if (!results) return { ...outcome, unaccounted: batch.length, malformed: true };
    const byId = new Map(batch.map((j) => [j.id, j]));
    for (const r of results) {
      const jot = byId.get(r.jot)!;
      if (r.outcome === 'propose') {
        for (const a of r.actions) await this.d.approvals.propose({ userId, sourceId: String(jot.id), ...a });
        await this.d.jots.settle(jot, 'proposed', { note: null }, now);
        outcome.proposed += r.actions.length;
      } else if (r.outcome === 'ask') {
        await this.d.jots.settle(jot, 'asked', { note: r.question }, now);
        outcome.questions++;
      } else {
        await this.d.jots.settle(jot, 'noted', { note: r.note || null }, now);
        outcome.noted++;
      }
    }
    outcome.unaccounted = batch.length - results.length;
    return outcome;
  }

  private async prompt(userId: string, now: Date): Promise<string> {
    const tz = await this.d.timeZone(userId);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, dateStyle: 'full' }).format(now);
    const iso = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
    // only the workspaces this person may use: the model cannot propose filing into one they were never given
    const slugs = (await this.d.workspaces.listFor(userId)).map((w) => w.slug);
    const corrections = await this.corrections(userId);
    return [
      taskPrompt.trim(),
      `Today is ${today} (${iso}, time zone ${tz}).`,
      `Workspace slugs: ${slugs.length ? slugs.join(', ') : '(none)'}.`,
      corrections.length
        ? `The person's corrections (newest first):\n${corrections.map((c) => `- ${c}`).join('\n')}`
        : 'The person has no corrections yet.',
    ].join('\n\n');
  }

  /** The newest correction memories, read through the memory tool under the person's own seal. */
  private async corrections(userId: string): Promise<string[]> {
    const r = await this.d.tools.call(
      'memory_recall',
      { tags: [CORRECTION_TAG], limit: 10 },
      { userId, sessionId: 'notepad:triage' },
    );
    if (!r.ok) return [];
    try {
      return (JSON.parse(r.content).memories as { content: string }[]).map((m) => m.content);
    } catch {
      return [];
    }
  }
}

/** The jots as the model reads them: id, text, and any questions already answered. */
function jotsMessage(batch: Jot[]): string {
  return batch
    .map((j) => {
      const qa = j.qa.map((x) => `\n  Q: ${x.q}\n  A: ${x.a}`).join('');
      return `[jot ${j.id}] ${j.text}${qa}`;
    })
    .join('\n');
}
