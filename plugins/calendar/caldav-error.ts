// CalDAV failures in plain words: unreachable, refused credentials, or a server error — never with a password.

/** Why a CalDAV call failed. */
export type CalendarErrorKind = 'unreachable' | 'unauthorized' | 'server';

/** A CalDAV failure with a message safe to show a person, a log or /health. */
export class CalendarError extends Error {
  constructor(
    readonly kind: CalendarErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CalendarError';
  }
}

/** The server URL without user info, query or fragment (what messages may name). */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(invalid url)';
  }
}

const networkCodes = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|UND_ERR/;

/** Maps whatever tsdav or fetch threw to a CalendarError (the password never reaches the message). */
export function toCalendarError(
  err: unknown,
  url: string,
  username: string,
  password?: string,
): CalendarError {
  if (err instanceof CalendarError) return err;
  const e = err as Error & { cause?: { code?: string; message?: string }; code?: string };
  const text = `${e?.message ?? String(err)} ${e?.cause?.code ?? ''} ${e?.code ?? ''} ${e?.cause?.message ?? ''}`;
  const where = safeUrl(url);
  let out: CalendarError;
  if (/401|Unauthorized|Invalid credentials/i.test(text))
    out = new CalendarError(
      'unauthorized',
      `the CalDAV server at ${where} refused the credentials for "${username}"`,
    );
  else if (/403|Forbidden/i.test(text))
    out = new CalendarError(
      'unauthorized',
      `the CalDAV server at ${where} does not allow "${username}" this calendar`,
    );
  else if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    out = new CalendarError('unreachable', `the CalDAV server at ${where} did not answer in time`);
  else if (/fetch failed|network|socket/i.test(text) || networkCodes.test(text))
    out = new CalendarError(
      'unreachable',
      `the CalDAV server at ${where} is unreachable (${firstCode(text)})`,
    );
  else
    out = new CalendarError('server', `the CalDAV server at ${where} failed: ${e?.message ?? String(err)}`);
  if (password && out.message.includes(password))
    return new CalendarError(out.kind, out.message.replaceAll(password, '***'));
  return out;
}

function firstCode(text: string): string {
  return networkCodes.exec(text)?.[0] ?? 'connection failed';
}
