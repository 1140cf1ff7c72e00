// Splits a Markdown body into line-ranged blocks: headings, prose paragraphs, code fences and tables.

/** One block of the body with its 1-based inclusive line range in the original file. */
export type Block =
  | { kind: 'heading'; level: number; text: string; lineStart: number; lineEnd: number }
  | { kind: 'paragraph'; lines: string[]; lineStart: number; lineEnd: number }
  | { kind: 'code'; lines: string[]; lineStart: number; lineEnd: number }
  | { kind: 'table'; lines: string[]; lineStart: number; lineEnd: number };

const atxHeading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const fenceOpen = /^ {0,3}(`{3,}|~{3,})/;
const thematicBreak = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const tableSeparator = /^[ \t]*\|?[ \t]*:?-{1,}:?[ \t]*(\|[ \t]*:?-{1,}:?[ \t]*)*\|?[ \t]*$/;
const htmlComment = /^ {0,3}<!--/;

function isTableStart(lines: string[], i: number): boolean {
  const line = lines[i];
  if (/^[ \t]*\|/.test(line)) return true;
  return (
    line.includes('|') &&
    i + 1 < lines.length &&
    tableSeparator.test(lines[i + 1]) &&
    lines[i + 1].includes('-')
  );
}

/**
 * Parses the body line by line; `firstLine` is the file line the body starts on (after front matter).
 * ATX headings (`# …`) only: an underlined (setext) heading reads as a paragraph, which costs little.
 */
export function parseBlocks(body: string, firstLine = 1): Block[] {
  const lines = body.split(/\r?\n/);
  const blocks: Block[] = [];
  let para: string[] = [];
  let paraStart = 0;
  const flushPara = (endIndex: number) => {
    if (para.length) {
      blocks.push({
        kind: 'paragraph',
        lines: para,
        lineStart: firstLine + paraStart,
        lineEnd: firstLine + endIndex,
      });
    }
    para = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = fenceOpen.exec(line);
    if (fence) {
      flushPara(i - 1);
      const marker = fence[1];
      const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
      let j = i + 1;
      while (j < lines.length && !close.test(lines[j])) j++;
      const end = Math.min(j, lines.length - 1);
      blocks.push({
        kind: 'code',
        lines: lines.slice(i, end + 1),
        lineStart: firstLine + i,
        lineEnd: firstLine + end,
      });
      i = end + 1;
      continue;
    }
    if (htmlComment.test(line)) {
      // Comments are for the human editor, never for retrieval.
      flushPara(i - 1);
      let j = i;
      while (j < lines.length && !lines[j].includes('-->')) j++;
      i = j + 1;
      continue;
    }
    const heading = atxHeading.exec(line);
    if (heading) {
      flushPara(i - 1);
      const text = (heading[2] ?? '').trim();
      blocks.push({
        kind: 'heading',
        level: heading[1].length,
        text,
        lineStart: firstLine + i,
        lineEnd: firstLine + i,
      });
      i++;
      continue;
    }
    if (!line.trim() || thematicBreak.test(line)) {
      flushPara(i - 1);
      i++;
      continue;
    }
    if (isTableStart(lines, i)) {
      flushPara(i - 1);
      let j = i;
      while (j + 1 < lines.length && lines[j + 1].trim() && lines[j + 1].includes('|')) j++;
      blocks.push({
        kind: 'table',
        lines: lines.slice(i, j + 1),
        lineStart: firstLine + i,
        lineEnd: firstLine + j,
      });
      i = j + 1;
      continue;
    }
    if (!para.length) paraStart = i;
    para.push(line);
    i++;
  }
  flushPara(lines.length - 1);
  return blocks;
}
