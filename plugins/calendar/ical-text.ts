// RFC 5545 text rules: TEXT value escaping, 75-octet line folding and unfolding.

/** Escapes a TEXT value: backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Reverses escapeText (also accepts `\N` for a newline). */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Folds one content line into CRLF-joined chunks of at most 75 octets, never splitting a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // continuation lines start with a space, which counts towards their 75 octets
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Unfolds a whole iCalendar text into logical lines (CRLF or LF, continuation by space or tab). */
export function unfoldLines(text: string): string[] {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((l) => l.length > 0);
}

/** One content line split into name, parameters and raw value. */
export interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** Splits `NAME;P=V;Q="a:b":value` into its parts (quoted parameter values may hold `:` and `;`). */
export function parseContentLine(line: string): ContentLine | null {
  let i = 0;
  let quoted = false;
  const fields: string[] = [];
  let start = 0;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ';') {
      fields.push(line.slice(start, i));
      start = i + 1;
    } else if (!quoted && c === ':') break;
  }
  if (i >= line.length) return null;
  fields.push(line.slice(start, i));
  const [name, ...rawParams] = fields;
  const params: Record<string, string> = {};
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    if (eq > 0) params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value: line.slice(i + 1) };
}
