// The zod schemas every boundary uses for strangers' text: refuse NUL and lone surrogates, clean the rest.
import { z } from 'zod';
import { cleanLabel, cleanText, refusedText } from './text-safety.ts';

interface Bounds {
  min?: number;
  max: number;
  /** The message when the cleaned text is shorter than `min`. */
  empty?: string;
  tooLong?: string;
}

const refuse = (s: string, ctx: z.RefinementCtx) => {
  const reason = refusedText(s);
  if (reason) ctx.addIssue({ code: 'custom', message: reason });
};

function bounded(cleaned: z.ZodType<string, string>, b: Bounds) {
  return z
    .string()
    .superRefine(refuse)
    .pipe(
      cleaned.pipe(
        z
          .string()
          .min(b.min ?? 0, b.empty)
          .max(b.max, b.tooLong),
      ),
    );
}

/** Multi-line text (a message, a memory, a description): trimmed, NFC, no control characters but tab/newline. */
export function safeText(b: Bounds) {
  return bounded(
    z.string().transform((s) => cleanText(s).trim()),
    b,
  );
}

/** A label shown to people (a name, a title): one line, no invisible or bidi-override characters. */
export function safeLabel(b: Bounds) {
  return bounded(z.string().transform(cleanLabel), b);
}
