// What a server answered, as text the model can read: content blocks described, capped, cleaned and framed.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { capText, cleanText } from './untrusted-text.ts';

const bytesOf = (base64: string) => Math.floor((base64.length * 3) / 4);

/** One content block in words; binary parts are described, never passed on as bytes the model cannot read. */
function blockText(block: CallToolResult['content'][number]): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} (${cleanText(block.mimeType).slice(0, 60)}, ${bytesOf(block.data)} bytes) not shown]`;
    case 'resource_link':
      return `[link: ${cleanText(block.name).slice(0, 100)} ${cleanText(block.uri).slice(0, 300)}]`;
    case 'resource': {
      const r = block.resource as { uri: string; text?: string; mimeType?: string };
      return typeof r.text === 'string'
        ? r.text
        : `[file ${cleanText(r.uri).slice(0, 300)} (${cleanText(r.mimeType ?? 'binary').slice(0, 60)}) not shown]`;
    }
    default:
      return '[a part in a form Quorra does not read]';
  }
}

/** The answer as cleaned text of at most `max` characters (before framing), and whether the server called it an error. */
export function resultText(result: CallToolResult, max: number): { text: string; isError: boolean } {
  const content = Array.isArray(result.content) ? result.content : [];
  let text = content.map(blockText).join('\n');
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  // cut before cleaning too, so a 10 MB answer is not normalised whole
  const rough = text.length > max * 2 ? text.slice(0, max * 2) : text;
  const cleaned = cleanText(rough, { lines: true });
  const capped =
    text.length > rough.length
      ? `${cleaned.slice(0, max)}… [cut: ${text.length} characters, the first ${max} shown]`
      : capText(cleaned, max);
  return { text: capped || '(no content)', isError: result.isError === true };
}
