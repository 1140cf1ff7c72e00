// The `child_request` kind: a child's wish for something outside their reach, for the parents to allow once or refuse.
import {
  type ApprovalKindDefinition,
  framedNotice,
  type NotifyCapability,
  type PeopleCapability,
  type ToolCallsCapability,
} from 'quorra/plugin';
import { z } from 'zod';

export const childRequestPayload = z
  .object({
    child: z.string().min(1).max(64),
    childName: z.string().max(200),
    tool: z.string().regex(/^[a-z][a-z0-9_.]{0,63}$/),
    input: z.record(z.string(), z.unknown()),
    /** The child's wish in the model's words: shown as data, never as markup. */
    wish: z.string().trim().min(1).max(300),
    sessionId: z.string().max(64),
    workspace: z.string().max(64).nullable(),
  })
  .strict();

export type ChildRequest = z.infer<typeof childRequestPayload>;

/** A parent's yes runs the tool once as the child (the floor still holds); the child hears the answer either way. */
export function childRequestKind(d: {
  toolCalls: ToolCallsCapability;
  notify: NotifyCapability;
  people: PeopleCapability;
}): ApprovalKindDefinition<ChildRequest> {
  const tell = async (child: string, text: string) => {
    await d.notify(child, text, { urgency: 'normal' }).catch(() => undefined);
  };
  return {
    kind: 'child_request',
    payload: childRequestPayload,
    audience: 'owners',
    describe: (p) => `${p.childName} would like to: ${p.wish}`,
    fields: (p) => [
      { label: 'Who', value: p.childName, untrusted: true },
      { label: 'Would like to', value: p.wish, untrusted: true },
      { label: 'What Quorra would do', value: `${p.tool} ${JSON.stringify(p.input)}`, untrusted: true },
    ],
    labels: { approve: 'Allow', reject: 'Say no' },
    blocked: (p) => (d.toolCalls.askable(p.tool) ? null : 'that is not something a child can be allowed'),
    async apply(p, ctx) {
      const out = await d.toolCalls.call(p.tool, p.input, {
        userId: p.child,
        sessionId: p.sessionId,
        workspace: p.workspace,
        parentApproved: true,
      });
      const parent = (await d.people.get(ctx.by.userId))?.displayName ?? 'A parent';
      if (!out.ok) return { ok: false, error: out.message };
      await tell(
        p.child,
        framedNotice(`**${parent} said yes**`, [{ label: 'You asked to:', text: p.wish }], 'It is done.'),
      );
      return { ok: true, result: out.content.slice(0, 500) };
    },
    async settled(row, how) {
      if (row.state !== 'rejected') return;
      const p = row.payload as ChildRequest;
      const parent = (await d.people.get(how.by.userId))?.displayName ?? 'A parent';
      await tell(
        p.child,
        framedNotice(`**${parent} said no this time**`, [{ label: 'You asked to:', text: p.wish }]),
      );
    },
  };
}
