// Renders a plugin's settings validation errors as one readable line.
import type { ZodError } from 'zod';

/** `settings.key: message; …` for every issue. */
export function formatSettingsIssues(error: ZodError): string {
  return error.issues
    .map((i) => `settings.${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}
