// Reads a person's answer to one proposal, in a Matrix reply or a command: yes / send, no / discard, defer, edit: <text>.

/** What the answer asks for. */
export type ApprovalAnswer =
  | { action: 'approve' | 'reject' | 'defer' }
  | { action: 'edit'; text: string }
  | { action: 'unknown' };

/** Parses one answer; anything unclear is `unknown` (never a guess that could send something). */
export function readApprovalAnswer(text: string): ApprovalAnswer {
  const t = text.trim();
  if (/^(yes|y|ok|approve|send)[.!]?$/i.test(t)) return { action: 'approve' };
  if (/^(no|n|reject|discard)[.!]?$/i.test(t)) return { action: 'reject' };
  if (/^(defer|later)[.!]?$/i.test(t)) return { action: 'defer' };
  const edit = /^edit(?:\s*:\s*|\s+)(\S[\s\S]*)$/i.exec(t);
  if (edit) return { action: 'edit', text: edit[1].trim() };
  return { action: 'unknown' };
}
