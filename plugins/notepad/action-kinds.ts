// The kinds of action triage may propose: each a zod payload, a plain-words line, and the owning plugin's tool that applies it (and, where its input differs, how the payload becomes that input).

import {
  type ApprovalKindDefinition,
  type Approver,
  type ProposalView,
  slugify,
  type ToolCallsCapability,
} from 'quorra/plugin';
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);
const moment = z.string().trim().min(10).max(40);

/** Per kind: the payload schema, the tool that applies it, and how a person reads it. */
export const actionKinds = {
  event: {
    tool: 'calendar_add_event',
    payload: z
      .object({ title: text(200), start: moment, end: moment.optional(), location: text(200).optional() })
      .strict(),
    describe: (p: { title: string; start: string; location?: string }) =>
      `Calendar event “${p.title}” at ${p.start}${p.location ? ` (${p.location})` : ''}`,
  },
  task: {
    tool: 'calendar_create_task',
    payload: z
      .object({
        title: text(200),
        due: moment.optional(),
        priority: z.enum(['high', 'medium', 'low']).optional(),
      })
      .strict(),
    describe: (p: { title: string; due?: string }) => `Task “${p.title}”${p.due ? ` due ${p.due}` : ''}`,
  },
  reminder: {
    tool: 'reminder_set',
    payload: z.object({ text: text(500), at: z.string().trim().min(16).max(40) }).strict(),
    describe: (p: { text: string; at: string }) => `Reminder “${p.text}” at ${p.at}`,
  },
  list_items: {
    tool: 'list_add_items',
    payload: z.object({ list: text(80), items: z.array(text(200)).min(1).max(50) }).strict(),
    describe: (p: { list: string; items: string[] }) => `Add ${p.items.join(', ')} to the ${p.list} list`,
  },
  transaction: {
    tool: 'finance_log_transaction',
    payload: z
      .object({
        amount: z
          .string()
          .trim()
          .regex(/^\d+(\.\d{1,2})?$/),
        payee: text(200),
        category: text(120).optional(),
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
      })
      .strict(),
    describe: (p: { amount: string; payee: string; category?: string }) =>
      `Log ${p.amount} at ${p.payee}${p.category ? ` (${p.category})` : ''}`,
  },
  memory: {
    tool: 'memory_save',
    payload: z.object({ content: text(2000) }).strict(),
    describe: (p: { content: string }) => `Remember: ${p.content}`,
  },
  document: {
    tool: 'document_create',
    payload: z.object({ workspace: text(80), title: text(200), content: text(20_000) }).strict(),
    describe: (p: { title: string; workspace: string }) => `Document “${p.title}” in ${p.workspace}`,
    // the knowledge tool writes inside the workspace it runs in, under a file name made from the title
    call: (p: { workspace: string; title: string; content: string }) => ({
      workspace: p.workspace,
      input: { filename: `${slugify(p.title)}.md`, title: p.title, body: p.content },
    }),
  },
} as const;

export type ActionKind = keyof typeof actionKinds;
export const actionKindNames = Object.keys(actionKinds) as ActionKind[];

/** Validates a payload for its kind; the problems as one readable line, or the parsed payload. */
export function checkPayload(
  kind: string,
  payload: unknown,
): { ok: true; kind: ActionKind; payload: Record<string, unknown> } | { ok: false; problem: string } {
  if (!(kind in actionKinds))
    return { ok: false, problem: `unknown kind "${kind}" (known: ${actionKindNames.join(', ')})` };
  const parsed = actionKinds[kind as ActionKind].payload.safeParse(payload);
  if (!parsed.success)
    return {
      ok: false,
      problem: parsed.error.issues
        .map((i) => `${i.path.map(String).join('.') || 'payload'}: ${i.message}`)
        .join('; '),
    };
  return { ok: true, kind: kind as ActionKind, payload: parsed.data as Record<string, unknown> };
}

/** A card's label for each payload field. */
const fieldLabels: Record<string, string> = {
  title: 'Title',
  start: 'Starts',
  end: 'Ends',
  location: 'Where',
  due: 'Due',
  priority: 'Priority',
  text: 'Text',
  at: 'When',
  list: 'List',
  items: 'Items',
  amount: 'Amount',
  payee: 'Payee',
  category: 'Category',
  date: 'Date',
  content: 'Content',
  workspace: 'Workspace',
};

/** The payload as labelled fields; every value came from the model, so each is shown as data. */
function payloadFields(p: Record<string, unknown>) {
  return Object.entries(p).map(([key, v]) => ({
    label: fieldLabels[key] ?? key,
    value: Array.isArray(v) ? v.join(', ') : String(v),
    untrusted: true,
  }));
}

/** What the queue hands back to the notepad: an edit in words, and a settled row's "remember" note. */
export interface NotepadKindHooks {
  revise(row: ProposalView, text: string, by: Approver): Promise<unknown>;
  remember(by: Approver, note?: string): Promise<void>;
}

/** Each kind as the approvals queue takes it: a person's row, applied through the owning plugin's tool as that person. */
export function notepadKinds(tools: ToolCallsCapability, hooks: NotepadKindHooks): ApprovalKindDefinition[] {
  return actionKindNames.map((kind) => {
    const def = actionKinds[kind];
    return {
      kind,
      payload: def.payload as unknown as z.ZodType<Record<string, unknown>>,
      audience: 'person',
      describe: def.describe as (p: Record<string, unknown>) => string,
      fields: payloadFields,
      edit: { revise: hooks.revise },
      blocked: () => (tools.has(def.tool) ? null : 'its plugin is off'),
      async apply(payload, ctx) {
        const how =
          'call' in def
            ? (def.call as (p: Record<string, unknown>) => { workspace: string; input: unknown })(payload)
            : { workspace: null, input: payload };
        const r = await tools.call(def.tool, how.input, {
          userId: ctx.by.userId,
          workspace: how.workspace,
          sessionId: `proposal:${ctx.id}`,
        });
        return r.ok ? { ok: true } : { ok: false, error: r.message };
      },
      settled: (_row, how) => hooks.remember(how.by, how.remember),
    };
  });
}
