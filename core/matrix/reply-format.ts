// Replies as Matrix content: Markdown rendered to sanitized HTML beside a plain body, thread/reply relations, apologies.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { QuorraError } from '../contracts/errors.ts';

const marked = new Marked({ gfm: true, breaks: true, async: false });

/** The HTML subset the Matrix spec recommends clients render. */
const allowedTags = [
  'font',
  'del',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'p',
  'a',
  'ul',
  'ol',
  'sup',
  'sub',
  'li',
  'b',
  'i',
  'u',
  'strong',
  'em',
  's',
  'strike',
  'code',
  'hr',
  'br',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
  'pre',
  'span',
  'details',
  'summary',
];

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'title'],
    ol: ['start'],
    code: ['class'],
    span: ['data-mx-color', 'data-mx-bg-color', 'data-mx-spoiler'],
    font: ['data-mx-color', 'data-mx-bg-color', 'color'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'matrix'],
  allowedClasses: { code: [/^language-[\w-]+$/] },
  disallowedTagsMode: 'discard',
};

/** Markdown → sanitized HTML through the full renderer (markdownToHtml takes a shortcut for plain sentences). */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, sanitizeOptions).trim();
}

// One line of words and sentence punctuation, starting with a letter: no Markdown syntax, no HTML, no autolink
// (a `www.` literal is one), so the renderer would only wrap it in <p>. Most chat answers are this.
const PLAIN_SENTENCE = /^\p{L}[\p{L}\p{M}\p{N} ,.;?!'"‘’“”…–—-]*$/u;

/** Whether the renderer would only wrap the text in <p>: HTML that says nothing the plain body does not. */
export function isPlainSentence(markdown: string): boolean {
  return PLAIN_SENTENCE.test(markdown) && !/www\./i.test(markdown);
}

/** Markdown → sanitized HTML for formatted_body; a plain sentence skips the parse and sanitise (same output). */
export function markdownToHtml(markdown: string): string {
  return isPlainSentence(markdown) ? `<p>${markdown}</p>` : renderMarkdown(markdown);
}

/** Where a reply goes: into a thread, and/or as a reply to a message. */
export interface ReplyPlacement {
  threadRoot?: string;
  inReplyTo?: string;
}

/**
 * An m.room.message: the Markdown as the plain body, its sanitized HTML as formatted_body, and the relation. A plain
 * sentence goes as body alone, as Element sends plain text: its HTML would be the same words in a <p>, which every
 * client renders from the body anyway, and each member's client would only have it to carry and parse.
 */
export function messageContent(
  text: string,
  place: ReplyPlacement = {},
  opts: { notice?: boolean } = {},
): Record<string, unknown> {
  const body = text.trim() || '…';
  const content: Record<string, unknown> = { msgtype: opts.notice ? 'm.notice' : 'm.text', body };
  if (!isPlainSentence(body)) {
    content.format = 'org.matrix.custom.html';
    content.formatted_body = renderMarkdown(body);
  }
  if (place.threadRoot) {
    content['m.relates_to'] = {
      rel_type: 'm.thread',
      event_id: place.threadRoot,
      is_falling_back: true,
      ...(place.inReplyTo ? { 'm.in_reply_to': { event_id: place.inReplyTo } } : {}),
    };
  } else if (place.inReplyTo) {
    content['m.relates_to'] = { 'm.in_reply_to': { event_id: place.inReplyTo } };
  }
  return content;
}

/** A short apology naming what failed (the model, a timeout, …), never silence. */
export function apologyFor(err: unknown): string {
  if (err instanceof QuorraError && err.kind !== 'internal') {
    switch (err.code) {
      case 'MODEL_TIMEOUT':
        return 'Sorry — the model took too long to answer, so I have no reply this time. Please try again.';
      case 'MODEL_UNAVAILABLE':
        return 'Sorry — I can’t reach the language model right now, so I can’t answer. Please try again later.';
      case 'MODEL_BUSY':
        return 'Sorry — the language model is busy right now. Please try again in a moment.';
      case 'MODEL_ERROR':
        return `Sorry — the language model failed (${err.message}). Please try again.`;
      default:
        return `Sorry — I couldn’t do that: ${err.message}.`;
    }
  }
  if (err instanceof QuorraError) return `Sorry — something failed on my side (${err.code}).`;
  return 'Sorry — something failed on my side while answering. Please try again.';
}
