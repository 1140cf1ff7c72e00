// ask_a_parent: the one way a child's turn reaches past their list — a request the parents allow or refuse.
import {
  APPROVAL_REPLY_HANDLER,
  type ApprovalsCapability,
  defineTool,
  framedNotice,
  type NotifyCapability,
  type PeopleCapability,
  type ToolCallsCapability,
} from 'quorra/plugin';
import { z } from 'zod';

/** Offered only to children; it files a request and never runs the tool itself. */
export function askAParent(d: {
  approvals: ApprovalsCapability;
  toolCalls: ToolCallsCapability;
  notify: NotifyCapability;
  people: PeopleCapability;
  /** Tools the owner turned asking off for (read per call, so a settings change applies at once). */
  noAsking: () => readonly string[];
}) {
  return defineTool({
    name: 'ask_a_parent',
    description:
      'For a child: ask a parent to allow something you cannot do yourself (a tool not offered to you). Name the tool, its arguments and the wish in a few words; the parents answer later.',
    tier: 1,
    scopes: ['*'],
    examples: [
      'can I have ice cream',
      'ask mum if I can',
      'tell dad to buy',
      'I want a new game',
      'darf ich',
    ],
    audience: 'household',
    available: ({ principal }) => principal?.kind === 'user' && principal.child !== undefined,
    input: z
      .object({
        tool: z.string().trim().min(1).max(64),
        arguments: z.record(z.string(), z.unknown()).default({}),
        wish: z.string().trim().min(1).max(300),
      })
      .strict(),
    async run({ tool, arguments: input, wish }, ctx) {
      if (!d.toolCalls.askable(tool))
        return {
          asked: false,
          why: 'That is something only a grown-up can do; a parent can help you with it.',
        };
      if (d.noAsking().includes(tool))
        return {
          asked: false,
          why: 'Your parents said this one is a no, so I did not ask them. You can talk to them yourself.',
        };
      const row = await d.approvals.propose({
        kind: 'child_request',
        sourceId: `${ctx.sessionId}:${Date.now()}`,
        payload: {
          child: ctx.principal.userId,
          childName: ctx.principal.displayName,
          tool,
          input,
          wish,
          sessionId: ctx.sessionId,
          workspace: ctx.workspace ?? null,
        },
      });
      for (const owner of await d.people.owners())
        await d
          .notify(
            owner.id,
            framedNotice(
              `**${ctx.principal.displayName} is asking you (request #${row.id})**`,
              [{ label: 'Would like to:', text: wish }],
              `Reply **yes** or **no** to this message (or \`!quorra approvals yes ${row.id}\` / \`no ${row.id}\`, or the Approvals page).`,
            ),
            { urgency: 'normal', replyTo: { handler: APPROVAL_REPLY_HANDLER, ref: String(row.id) } },
          )
          .catch(() => undefined);
      return {
        asked: true,
        request: row.id,
        say: 'I asked your parents; you will hear back when one of them answers.',
      };
    },
  });
}
