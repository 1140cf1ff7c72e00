// Makes a chat history fit the context window by dropping the oldest turns first, so a long chat never fails.
import type { ChatHistoryItem } from 'node-llama-cpp';

/** What was trimmed, for the log. */
export interface FitResult {
  history: ChatHistoryItem[];
  droppedItems: number;
  cutChars: number;
}

function textLength(item: ChatHistoryItem): number {
  return item.type === 'model' ? 0 : typeof item.text === 'string' ? item.text.length : 0;
}

/**
 * Drops the oldest non-system items before the current user message until `count` fits `budget`;
 * if the system prompt and the current message alone are too long, cuts the oldest text off the
 * longest of them (its start, keeping the end, where the question is).
 */
export function fitHistory(
  history: ChatHistoryItem[],
  count: (h: ChatHistoryItem[]) => number,
  budget: number,
  /** A bound no rendering of `history` can exceed; when it fits, counting (tokenizing) is skipped. */
  upperBound = Number.POSITIVE_INFINITY,
): FitResult {
  let h = history;
  let droppedItems = 0;
  let cutChars = 0;
  if (upperBound <= budget) return { history: h, droppedItems, cutChars };
  let tokens = count(h);
  while (tokens > budget) {
    const lastUser = h.findLastIndex((i) => i.type === 'user');
    const victim = h.findIndex((item, idx) => item.type !== 'system' && idx < lastUser);
    if (victim < 0) break;
    h = [...h.slice(0, victim), ...h.slice(victim + 1)];
    droppedItems++;
    tokens = count(h);
  }
  for (let guard = 0; tokens > budget && guard < 64; guard++) {
    const chars = h.reduce((n, i) => n + textLength(i), 0);
    const longest = h.reduce((best, item, idx) => (textLength(item) > textLength(h[best]) ? idx : best), 0);
    const item = h[longest];
    if (item.type === 'model' || typeof item.text !== 'string' || item.text.length < 32) break;
    const perToken = Math.max(1, chars / Math.max(1, tokens));
    const cut = Math.min(item.text.length - 16, Math.ceil((tokens - budget) * perToken) + 16);
    h = h.map((x, idx) => (idx === longest ? { ...item, text: `…${item.text.slice(cut)}` } : x));
    cutChars += cut;
    tokens = count(h);
  }
  return { history: h, droppedItems, cutChars };
}

/** Most tokens `history` can render to: every token holds at least one UTF-8 byte, plus the template's own. */
export function tokenUpperBound(history: ChatHistoryItem[], extraText = '', perItem = 48): number {
  let bytes = Buffer.byteLength(extraText) * 2;
  for (const item of history)
    bytes += perItem + Buffer.byteLength(JSON.stringify(item.type === 'model' ? item.response : item.text));
  return bytes;
}
