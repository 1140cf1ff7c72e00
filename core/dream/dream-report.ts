// The readable consolidation report of one run: Markdown kept on the run row and written to the report folder.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { NoteSlice } from '../memory/note-input.ts';
import { sliceLabel } from './dream-slice.ts';
import type { Review } from './reconcile.ts';
import type { RunCounters } from './run-counters.ts';

/** A note retired during the run, for the report. */
export interface RetiredEvent {
  noteId: number;
  attempts: number;
  reason: string;
  detail: string;
}

/** What a report is made from. */
export interface ReportInput {
  runId: number;
  slice: NoteSlice;
  cause: string;
  status: string;
  startedAt: Date;
  finishedAt: Date;
  counters: RunCounters;
  error: string | null;
  cursorBefore: number;
  cursorAfter: number;
  retired: RetiredEvent[];
  reviews: Review[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Renders the report as short Markdown a household member can read. */
export function renderReport(r: ReportInput): string {
  const c = r.counters;
  const secs = ((r.finishedAt.getTime() - r.startedAt.getTime()) / 1000).toFixed(1);
  const lines = [
    `# Dream run ${r.runId} — ${sliceLabel(r.slice)}`,
    '',
    `${r.startedAt.toISOString()} (${r.cause}), ${r.status}, ${secs} s. Notes ${r.cursorBefore} → ${r.cursorAfter} in ingestion order.`,
    '',
    `- Read ${plural(c.notesRead, 'note')}.`,
    `- Wrote ${plural(c.beliefsWritten, 'new belief')}; corroborated ${plural(c.corroborated, 'belief')}; ${plural(c.deduped, 'repeat')} from the same note changed nothing.`,
    `- Dropped ${plural(c.droppedNoQuote, 'claim')} without a quote from the note, ${plural(c.droppedEcho, 'echo', 'echoes')} of Quorra's own replies and ${plural(c.claimsInvalid, 'invalid claim')}.`,
    `- ${plural(c.noteFailures, 'failed extraction')} (retried in a later run); ${plural(c.notesRetired, 'note')} retired.`,
    `- Semantic pass: ${plural(c.semanticMatches, 'extra match', 'extra matches')}, ${plural(c.semanticFallbacks, 'fallback')} to word overlap.`,
    `- Reconciliation: ${plural(c.contradictions, 'contradiction')} for the owner, ${plural(c.promoted, 'belief')} promoted to core, ${plural(c.archived, 'belief')} archived (orphans, or read from a note's text before it was edited).`,
  ];
  if (r.error)
    lines.push(
      '',
      `**Stopped:** ${r.error}. The cursor stays where it is; the next run continues from there.`,
    );
  if (r.retired.length > 0) {
    lines.push('', '## Retired notes', '');
    for (const n of r.retired) {
      lines.push(`- note ${n.noteId}: ${n.reason} after ${plural(n.attempts, 'attempt')} — ${n.detail}`);
    }
  }
  if (r.reviews.length > 0) {
    lines.push('', '## Contradictions to review', '');
    for (const v of r.reviews) {
      lines.push(
        `- ${v.subject} (${v.kind}): "${v.older.content}" held until ${v.validUntil.toISOString()}; now "${v.newer.content}".`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the report file; a failure is returned, never thrown (the run row keeps the text anyway). */
export async function writeReport(dir: string, r: ReportInput, text: string): Promise<string | Error> {
  try {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${r.startedAt.toISOString().slice(0, 10)}-run-${r.runId}.md`);
    await writeFile(file, text, 'utf8');
    return file;
  } catch (err) {
    return err as Error;
  }
}
