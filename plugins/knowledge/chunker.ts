// Cuts a Markdown body into retrieval chunks that keep prose together and keep structure out of it.
import { type Block, parseBlocks } from './markdown-blocks.ts';

/** How big a chunk may get and how much of the previous chunk the next one repeats. */
export interface ChunkOptions {
  chunkTokens: number;
  overlapTokens: number;
}

/**
 * `prose` chunks never contain code or table lines (terse structure gives low-discrimination vectors and
 * would dilute the prose around it); code and tables become chunks of their own kind. Task-list items
 * are dropped: their state (done or not) cannot be embedded and belongs in the database.
 */
export type ChunkKind = 'prose' | 'code' | 'table';

/** One chunk with where it came from: heading trail and 1-based inclusive line range in the file. */
export interface Chunk {
  kind: ChunkKind;
  text: string;
  headings: string[];
  lineStart: number;
  lineEnd: number;
  tokens: number;
}

/** A rough token count (~4 characters per token, at least one per word); no tokenizer dependency needed. */
export function estimateTokens(text: string): number {
  const words = text.match(/\S+/g)?.length ?? 0;
  return Math.max(words, Math.ceil(text.length / 4));
}

interface Unit {
  text: string;
  tokens: number;
  lineStart: number;
  lineEnd: number;
  /** Joins this unit to the previous one: a paragraph break, a line break (list items) or a space. */
  sep: '\n\n' | '\n' | ' ';
  overlap?: boolean;
}

const listItem = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/;
const taskItem = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[[ xX]\]/;
const sentenceEnd = /(?<=[.!?…]["'’”)\]]*)\s+(?=\S)/g;

/** Chunks a Markdown body; `firstLine` is the file line the body starts on. */
export function chunkMarkdown(body: string, opts: ChunkOptions, firstLine = 1): Chunk[] {
  const budget = Math.max(8, opts.chunkTokens);
  const overlap = Math.max(0, Math.min(opts.overlapTokens, Math.floor(budget / 2)));
  const chunks: Chunk[] = [];
  const trail: { level: number; text: string }[] = [];
  let section: Unit[] = [];
  const headings = () => trail.map((h) => h.text).filter(Boolean);
  const closeSection = () => {
    chunks.push(...packProse(section, headings(), budget, overlap));
    section = [];
  };
  for (const block of parseBlocks(body, firstLine)) {
    if (block.kind === 'heading') {
      closeSection();
      while (trail.length && trail[trail.length - 1].level >= block.level) trail.pop();
      trail.push({ level: block.level, text: block.text });
    } else if (block.kind === 'paragraph') {
      section.push(...paragraphUnits(block, budget));
    } else {
      chunks.push(...structuredChunks(block, headings(), budget));
    }
  }
  closeSection();
  return chunks.sort((a, b) => a.lineStart - b.lineStart || a.lineEnd - b.lineEnd);
}

/** Splits a paragraph into sentences (prose) or items (lists), dropping task items. */
function paragraphUnits(block: Extract<Block, { kind: 'paragraph' }>, budget: number): Unit[] {
  const units: Unit[] = [];
  let prose: { text: string; line: number }[] = [];
  let item: { lines: string[]; line: number; task: boolean } | undefined;
  const pushUnit = (text: string, lineStart: number, lineEnd: number, sep: Unit['sep']) => {
    splitOversized(text, budget).forEach((piece, i) => {
      units.push({
        text: piece,
        // +1 pays for the separator joining it to its neighbour, so a packed chunk stays within budget.
        tokens: estimateTokens(piece) + 1,
        lineStart,
        lineEnd,
        sep: i === 0 ? sep : ' ',
      });
    });
  };
  const flushProse = () => {
    if (!prose.length) return;
    const run = prose.map((p) => p.text).join('\n');
    let offset = 0;
    for (const sentence of run.split(sentenceEnd)) {
      const start = run.indexOf(sentence, offset);
      offset = start + sentence.length;
      const startLine = prose[0].line + countNewlines(run, 0, start);
      const endLine = prose[0].line + countNewlines(run, 0, offset);
      const text = sentence.replace(/\s*\n\s*/g, ' ').trim();
      if (text) pushUnit(text, startLine, endLine, ' ');
    }
    prose = [];
  };
  const flushItem = () => {
    if (item && !item.task)
      pushUnit(item.lines.join('\n'), item.line, item.line + item.lines.length - 1, '\n');
    item = undefined;
  };
  block.lines.forEach((line, i) => {
    const lineNo = block.lineStart + i;
    if (listItem.test(line)) {
      flushProse();
      flushItem();
      item = { lines: [line.trimEnd()], line: lineNo, task: taskItem.test(line) };
    } else if (item) {
      item.lines.push(line.trimEnd());
    } else {
      prose.push({ text: line, line: lineNo });
    }
  });
  flushProse();
  flushItem();
  if (units.length) units[0].sep = '\n\n';
  return units;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Hard-splits a unit bigger than the budget at word boundaries. */
function splitOversized(text: string, budget: number): string[] {
  if (estimateTokens(text) <= budget) return [text];
  const pieces: string[] = [];
  let current = '';
  for (const word of text.split(/(?<=\s)/)) {
    if (current && estimateTokens(current + word) > budget) {
      pieces.push(current.trim());
      current = '';
    }
    // A single "word" longer than the budget (a URL, a base64 blob) is cut by characters.
    if (estimateTokens(word) > budget) {
      for (let i = 0; i < word.length; i += budget * 4) pieces.push(word.slice(i, i + budget * 4).trim());
      continue;
    }
    current += word;
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces.filter(Boolean);
}

/** Packs a section's units into prose chunks, preferring paragraph breaks, repeating a tail as overlap. */
function packProse(units: Unit[], headings: string[], budget: number, overlap: number): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Unit[] = [];
  const tokensOf = (list: Unit[]) => list.reduce((n, u) => n + u.tokens, 0);
  const hasFresh = () => current.some((u) => !u.overlap);
  const flush = () => {
    if (!hasFresh()) return;
    const text = current.map((u, i) => (i === 0 ? u.text : u.sep + u.text)).join('');
    chunks.push({
      kind: 'prose',
      text,
      headings,
      lineStart: Math.min(...current.map((u) => u.lineStart)),
      lineEnd: Math.max(...current.map((u) => u.lineEnd)),
      tokens: estimateTokens(text),
    });
    const tail: Unit[] = [];
    for (let i = current.length - 1; i > 0 && overlap > 0; i--) {
      if (tokensOf(tail) + current[i].tokens > overlap) break;
      tail.unshift({ ...current[i], overlap: true });
    }
    current = tail;
  };
  units.forEach((unit, index) => {
    if (unit.sep === '\n\n') {
      // Break before a paragraph that would not fit rather than in the middle of it.
      let paragraphTokens = unit.tokens;
      for (let j = index + 1; j < units.length && units[j].sep !== '\n\n'; j++)
        paragraphTokens += units[j].tokens;
      if (tokensOf(current) + paragraphTokens > budget && paragraphTokens <= budget) {
        flush();
        // A paragraph that fits on its own is kept whole, even at the cost of some overlap.
        while (current.length && tokensOf(current) + paragraphTokens > budget) current.shift();
      }
    }
    if (hasFresh() && tokensOf(current) + unit.tokens > budget) flush();
    while (current.length && tokensOf(current) + unit.tokens > budget) current.shift();
    current.push(unit);
  });
  flush();
  return chunks;
}

/** Code fences and tables become chunks of their own, split by lines when over budget. */
function structuredChunks(
  block: Extract<Block, { kind: 'code' | 'table' }>,
  headings: string[],
  budget: number,
): Chunk[] {
  const isCode = block.kind === 'code';
  const lines = block.lines;
  // A split table repeats its header and a split fence repeats its opening line, so each piece stands alone.
  const head = isCode ? lines.slice(0, 1) : lines.slice(0, Math.min(2, lines.length));
  const tailFence =
    isCode && lines.length > 1 && /^ {0,3}(`{3,}|~{3,})[ \t]*$/.test(lines[lines.length - 1]) ? 1 : 0;
  const bodyLines = lines.slice(head.length, lines.length - tailFence);
  const close = tailFence
    ? [lines[lines.length - 1]]
    : isCode
      ? [head[0].trim().replace(/[^`~].*$/, '')]
      : [];
  const chunks: Chunk[] = [];
  const emit = (part: string[], firstIndex: number, lastIndex: number) => {
    if (!part.join('').trim()) return;
    const text = [...head, ...part, ...close].join('\n').trim();
    chunks.push({
      kind: block.kind,
      text,
      headings,
      lineStart: block.lineStart + (chunks.length === 0 ? 0 : firstIndex),
      lineEnd: block.lineStart + lastIndex,
      tokens: estimateTokens(text),
    });
  };
  const fixed = estimateTokens([...head, ...close].join('\n'));
  let part: string[] = [];
  let partTokens = 0;
  let partStart = head.length;
  bodyLines.forEach((line, i) => {
    const index = head.length + i;
    const lineTokens = estimateTokens(line) + 1;
    if (part.length && fixed + partTokens + lineTokens > budget) {
      emit(part, partStart, index - 1);
      part = [];
      partTokens = 0;
      partStart = index;
    }
    part.push(line);
    partTokens += lineTokens;
  });
  emit(part, partStart, lines.length - 1);
  return chunks;
}
