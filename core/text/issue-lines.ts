// Validation problems as a person (or the model) reads them: one line per problem, never a library's dump.
import type { ZodError } from 'zod';
import { echo } from './text-safety.ts';

const MAX_LINES = 10;

/** `path: message` per problem (at most 10, each bounded), `(input)` when the whole value is wrong. */
export function issueLines(err: ZodError): string[] {
  const lines = err.issues
    .slice(0, MAX_LINES)
    .map((i) => `${echo(i.path.map(String).join('.')) || '(input)'}: ${echo(i.message)}`);
  if (err.issues.length > MAX_LINES) lines.push(`…and ${err.issues.length - MAX_LINES} more`);
  return lines;
}
