// A PostgreSQL connection URL: validated for the config, and shown without its password wherever it is printed.

/** Accepts `postgres://` and `postgresql://` URLs with a host and a database name. */
export function isPostgresUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'postgres:' || u.protocol === 'postgresql:') &&
      u.hostname !== '' &&
      u.pathname.length > 1
    );
  } catch {
    return false;
  }
}

/** `postgres://user@host:port/db`: the URL as a log line or an error may name it, password and options left out. */
export function describeDatabaseUrl(value: string): string {
  try {
    const u = new URL(value);
    const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
    return `${u.protocol}//${user}${u.host}${u.pathname}`;
  } catch {
    return 'postgres://[unparsable URL]';
  }
}

/** Replaces the password of any database URL inside a text (a driver's error message) with [redacted]. */
export function redactDatabaseUrls(text: string): string {
  return text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*:)[^@\s]*@/gi, '$1[redacted]@');
}
