// The admin UI's session cookie: how it is read from a request and written into a Set-Cookie header.

/** The cookie that carries a browser session. */
export const SESSION_COOKIE = 'quorra_session';

/** The session token in a Cookie header, if any. */
export function readSessionCookie(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

/** Set-Cookie for a new session: HttpOnly (no script reads it), SameSite=Strict (no other site sends it). */
export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** Set-Cookie that makes the browser forget the session. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
}
