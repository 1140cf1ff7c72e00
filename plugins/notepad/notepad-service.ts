// The notepad's one entry point for every surface: capture, triage, resolving proposals and questions, the morning summary.
import {
  type ApprovalsCapability,
  type Approver,
  fail,
  type NotesCapability,
  type NotifyCapability,
  type ProposalView,
  type ToolCallsCapability,
} from 'quorra/plugin';
import type { JotStore } from './jot-store.ts';
import { CORRECTION_TAG, type TriageRunner } from './triage-runner.ts';

/** Extra a resolution may carry: a note that becomes a correction memory for future triage. */
export interface Resolution {
  remember?: string;
}

/** The notepad's rows are the person's own: looking at them as a member never widens or narrows what they see. */
const own = (userId: string): Approver => ({ userId, role: 'member' });

/** Wires capture, triage and review together. */
export class NotepadService {
  constructor(
    readonly jots: JotStore,
    readonly approvals: ApprovalsCapability,
    private readonly triage: TriageRunner,
    private readonly notes: NotesCapability,
    private readonly notify: NotifyCapability,
    private readonly tools: ToolCallsCapability,
  ) {}

  /** Stores a jot with zero inference; a replay of the same client id changes nothing. The jot also enters the notes log. */
  async capture(userId: string, text: string, clientId: string, source: 'http' | 'matrix') {
    const { jot, created } = await this.jots.capture({ userId, clientId, text, source });
    if (created)
      await this.notes.append({
        slice: { workspace: null, visibility: 'private', ownerUserId: userId },
        sourceKind: 'notepad',
        sourceId: `jot:${jot.id}`,
        text,
      });
    return { jot, created };
  }

  triageNow(userId: string) {
    return this.triage.run(userId);
  }

  /** The nightly pass: every person with captured jots. */
  async triageEveryone(): Promise<void> {
    for (const userId of await this.jots.peopleWithCaptured()) await this.triage.run(userId);
  }

  /** Answers a triage question: the Q/A joins the jot and that jot alone is triaged again at once. */
  async answer(userId: string, jotId: number, answer: string, r: Resolution = {}) {
    const jot = await this.openQuestion(userId, jotId);
    jot.qa = [...jot.qa, { q: jot.note ?? '', a: answer }];
    await this.jots.settle(jot, 'captured', { qa: jot.qa, note: null });
    await this.remember(userId, r.remember);
    return this.triage.run(userId, [jot]);
  }

  /** A proposal changed in words (the queue has withdrawn it): its jot is triaged again with the change as the person's answer. */
  async revise(row: ProposalView, text: string, by: Approver) {
    const jot = await this.jots.get(by.userId, Number(row.sourceId));
    if (!jot) return null;
    jot.qa = [...jot.qa, { q: `Proposed: ${row.summary}. What should change?`, a: text }];
    await this.jots.settle(jot, 'captured', { qa: jot.qa, note: null });
    return this.triage.run(by.userId, [jot]);
  }

  /** Dismisses a question: the jot needs nothing. */
  async dismissQuestion(userId: string, jotId: number) {
    const jot = await this.openQuestion(userId, jotId);
    await this.jots.settle(jot, 'noted', { note: 'dismissed by the person' });
  }

  /** Defers a question to tomorrow's batch. */
  async deferQuestion(userId: string, jotId: number) {
    const jot = await this.openQuestion(userId, jotId);
    const tomorrow = new Date(Date.now() + 20 * 3600_000);
    await this.jots.settle(jot, 'captured', { notBefore: tomorrow, note: jot.note });
  }

  /** What waits on a person: open proposals and open questions, numbered as the morning summary shows them. */
  async review(userId: string): Promise<ReviewItem[]> {
    const proposals = await this.approvals.pending(own(userId), { own: true });
    const questions = (await this.jots.list(userId, 500)).filter((j) => j.state === 'asked').reverse();
    return [
      ...proposals.map((p) => ({ type: 'proposal' as const, id: p.id, text: p.summary, proposal: p })),
      ...questions.map((j) => ({
        type: 'question' as const,
        id: j.id,
        text: `${j.note} (about “${j.text}”)`,
      })),
    ];
  }

  /** The morning message: one per person with anything waiting, answerable by reply. */
  async sendSummary(userId: string): Promise<boolean> {
    const items = await this.review(userId);
    if (!items.length) return false;
    // the ref pins the numbering to these items, whatever is settled elsewhere before the reply comes
    const ref = items.map((i) => `${i.type === 'proposal' ? 'p' : 'q'}${i.id}`).join(',');
    await this.notify(userId, summaryText(items), { replyTo: { handler: 'notepad-review', ref } });
    return true;
  }

  private async openQuestion(userId: string, jotId: number) {
    const jot = await this.jots.get(userId, jotId);
    if (jot?.state !== 'asked') throw fail.notFound(`open question on jot ${jotId}`);
    return jot;
  }

  /** Saves a "remember" note as a correction memory the next triage prompt carries. */
  async remember(userId: string, note?: string) {
    if (!note?.trim()) return;
    const r = await this.tools.call(
      'memory_save',
      { content: note.trim(), tags: [CORRECTION_TAG] },
      { userId, sessionId: 'notepad:review' },
    );
    if (!r.ok) throw fail.unprocessable('REMEMBER_FAILED', `could not remember that: ${r.message}`);
  }
}

/** One numbered thing in the review. */
export type ReviewItem =
  | { type: 'proposal'; id: number; text: string; proposal: ProposalView }
  | { type: 'question'; id: number; text: string };

/** "4 proposals, 1 question" and the numbered list with how to answer. */
export function summaryText(items: ReviewItem[]): string {
  const p = items.filter((i) => i.type === 'proposal').length;
  const q = items.length - p;
  const head = [p && `${p} proposal${p === 1 ? '' : 's'}`, q && `${q} question${q === 1 ? '' : 's'}`]
    .filter(Boolean)
    .join(', ');
  const lines = items.map((item, i) => {
    const tag = item.type === 'question' ? 'Question: ' : '';
    const stuck =
      item.type === 'proposal' && item.proposal.blocked
        ? ` (cannot be applied: ${item.proposal.blocked})`
        : '';
    const failed = item.type === 'proposal' && item.proposal.error ? ' (last try failed)' : '';
    return `${i + 1}. ${tag}${oneLine(item.text)}${stuck}${failed}`;
  });
  return [
    `From your notepad: ${head}.`,
    ...lines,
    'Reply `yes N`, `no N`, `defer N` or `edit N: …` (an answer to a question: `N: …`); with one item, just `yes`.',
  ].join('\n');
}

/** Jot text is the person's own, but it still never breaks the list's frame. */
function oneLine(s: string): string {
  return s.replace(/[\r\n]+/g, ' ').slice(0, 300);
}
