// The People page's form as the API wants it, and the server's validation messages by field.
import { ApiError } from './data/api-client.ts';
import type { PersonInput } from './data/people.ts';

/** The server's validation messages by form field (its `matrix.0` is the form's Matrix IDs field). */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return {};
  const out: Record<string, string> = {};
  for (const d of err.details as { path?: string; message?: string }[]) {
    const key = (d.path ?? '').split('.')[0].replace(/^matrix$/, 'matrix_ids');
    if (key && d.message && !out[key]) out[key] = d.message;
  }
  return out;
}

export function readForm(form: HTMLFormElement): PersonInput {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? '').trim();
  return {
    name: text('name'),
    role: text('role') as 'owner' | 'member',
    matrix_ids: text('matrix_ids')
      .split(/[\s,]+/)
      .filter(Boolean),
    email: text('email') || null,
    timezone: text('timezone') || 'UTC',
    child: f.get('child') === 'on',
    quiet_hours:
      text('quiet_start') && text('quiet_end')
        ? { start: text('quiet_start'), end: text('quiet_end') }
        : null,
    quiet_reply: f.get('quiet_reply') === 'on',
  };
}
