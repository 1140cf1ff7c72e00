// The workspace wizard checks each step with the server's own schemas (the same zod objects POST/PATCH use).
import { z } from 'zod';
import { newWorkspaceSchema, workspaceChangeSchema } from '../../core/workspaces/workspace-input.ts';

// the page's Content-Security-Policy forbids eval: zod must not even try its compiled fast path
z.config({ jitless: true });

/** The messages, by field, of the given fields only (a later step's fields wait for their own step). */
export function stepIssues(
  input: Record<string, unknown>,
  fields: string[],
  editing: boolean,
): Record<string, string> {
  const body = { ...input };
  if (!body.matrix_room_id) delete body.matrix_room_id;
  const checked = (editing ? workspaceChangeSchema : newWorkspaceSchema).safeParse(body);
  if (checked.success) return {};
  const out: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (fields.includes(key)) out[key] ??= issue.message;
  }
  return out;
}
