// Splits a Markdown file into its YAML front matter (title, tags, guest_visible, …) and its body.

import { lazyRequire } from 'quorra/plugin';
import type * as Yaml from 'yaml';

// loaded with the first file indexed, not with the server
const yaml = lazyRequire<typeof Yaml>('yaml');

/** The front-matter fields the knowledge plugin understands; everything else stays in `data`. */
export interface FrontMatter {
  title?: string;
  tags: string[];
  /** Only a literal YAML `true` opens a file to guests: anything else (missing, "yes", 1) is a deny. */
  guestVisible: boolean;
  /** The whole parsed mapping, for fields later layers care about. */
  data: Record<string, unknown>;
}

/** A parsed file: its front matter, its body and the 1-based line the body starts on. */
export interface ParsedMarkdown {
  frontMatter: FrontMatter;
  body: string;
  bodyStartLine: number;
}

/** Front matter that is present but cannot be used; the indexer skips the file with this message. */
export class FrontMatterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrontMatterError';
  }
}

const fence = /^---[ \t]*$/;
const closing = /^(---|\.\.\.)[ \t]*$/;

/** Parses front matter delimited by `---` lines at the very top; throws FrontMatterError when malformed. */
export function parseFrontMatter(source: string): ParsedMarkdown {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const lines = text.split(/\r?\n/);
  if (!fence.test(lines[0] ?? '')) {
    return { frontMatter: emptyFrontMatter(), body: text, bodyStartLine: 1 };
  }
  const end = lines.findIndex((line, i) => i > 0 && closing.test(line));
  if (end < 0) throw new FrontMatterError('front matter is not closed by a --- line');
  let data: unknown;
  try {
    data = yaml().parse(lines.slice(1, end).join('\n'), { prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    throw new FrontMatterError(`front matter is not valid YAML: ${firstLine((err as Error).message)}`);
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new FrontMatterError('front matter must be a YAML mapping (key: value lines)');
  }
  return {
    frontMatter: normalise(data as Record<string, unknown>),
    body: lines.slice(end + 1).join('\n'),
    bodyStartLine: end + 2,
  };
}

function emptyFrontMatter(): FrontMatter {
  return { tags: [], guestVisible: false, data: {} };
}

function normalise(data: Record<string, unknown>): FrontMatter {
  const title = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : undefined;
  return { title, tags: normaliseTags(data.tags), guestVisible: data.guest_visible === true, data };
}

// Obsidian-style vaults write tags either as a list or as one comma/space separated string.
function normaliseTags(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,\s]+/) : [];
  const tags = items
    .filter((t): t is string | number => typeof t === 'string' || typeof t === 'number')
    .map((t) => String(t).trim().replace(/^#/, ''))
    .filter(Boolean);
  return [...new Set(tags)];
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}
