// Strangers' text inside Markdown a person reads: escaped so it renders literally, quoted so it cannot leave its frame.
import { cleanDisplayText, cleanLabel } from './text-safety.ts';

/**
 * Backslash-escapes what Markdown would turn into markup (emphasis, code, links, autolinks, HTML, headings, lists,
 * rules, tables), and nothing else, so the plain body stays readable.
 */
export function escapeMarkdown(s: string): string {
  return s
    .replace(/[\\`*_[\]<>&~|#@]/g, '\\$&')
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/^(\s*)([-+=])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** A stranger's one-line value (a name, a title) inside a trusted Markdown line. */
export function inlineUntrusted(s: string, max = 200): string {
  const one = cleanLabel(s);
  return escapeMarkdown(one.length > max ? `${one.slice(0, max - 1)}…` : one);
}

/** A stranger's text as one Markdown block quote: every line quoted and escaped, so no line can be a header or a label. */
export function quoteUntrusted(s: string): string {
  const text = cleanDisplayText(s).trim();
  return (text || '(empty)')
    .split('\n')
    .map((line) => (line.trim() ? `> ${escapeMarkdown(line)}` : '>'))
    .join('\n');
}

/** One labelled part of a framed notice: the label is ours, the text a stranger's (or the model's). */
export interface FramedSection {
  label: string;
  text: string;
}

/**
 * A notice whose frame (title, labels, footer: trusted Markdown) is fixed and whose untrusted parts each sit in their
 * own quote under their label. Whatever the sections contain, the lines outside the quotes are exactly the frame.
 */
export function framedNotice(title: string, sections: (FramedSection | string)[], footer?: string): string {
  const parts = [
    title,
    // a plain string is a trusted paragraph of the frame
    ...sections.map((s) => (typeof s === 'string' ? s : `${s.label}\n${quoteUntrusted(s.text)}`)),
  ];
  if (footer) parts.push(footer);
  return parts.join('\n\n');
}
