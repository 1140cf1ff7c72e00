// Fetches a calendar feed over HTTP with caching (ETag / Last-Modified), a size cap while reading, and plain-words failures.
import { FeedError, MAX_FEED_BYTES } from './feed-check.ts';

/** What a fetch found: unchanged (304), or the new text with its validators. */
export type FeedResult =
  | { changed: false }
  | { changed: true; text: string; etag: string | null; lastModified: string | null };

/** The https:// address for what people paste: webcal:// is https:// by convention; other schemes are refused. */
export function feedUrl(input: string): string {
  const trimmed = input.trim().replace(/^webcals?:\/\//i, 'https://');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new FeedError('that is not a web address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new FeedError('only webcal://, https:// and http:// calendar addresses can be followed');
  return url.href;
}

/** GETs the feed; a changed one is read up to MAX_FEED_BYTES. Throws FeedError in Quorra's own words. */
export async function fetchFeed(
  url: string,
  cache: { etag: string | null; lastModified: string | null },
  timeoutMs = 15_000,
): Promise<FeedResult> {
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.1' };
  if (cache.etag) headers['if-none-match'] = cache.etag;
  if (cache.lastModified) headers['if-modified-since'] = cache.lastModified;
  let res: Response;
  try {
    res = await fetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new FeedError('the address did not answer');
  }
  if (res.status === 304) return { changed: false };
  if (!res.ok) {
    await res.body?.cancel();
    throw new FeedError(`the address answered ${res.status}${res.status === 404 ? ' (not found)' : ''}`);
  }
  if (/text\/html/i.test(res.headers.get('content-type') ?? '')) {
    await res.body?.cancel();
    throw new FeedError('it is a web page (HTML), not an iCalendar (.ics) calendar');
  }
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_FEED_BYTES) {
    await res.body?.cancel();
    throw new FeedError(`it is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`);
  }
  const text = await readCapped(res);
  return {
    changed: true,
    text,
    etag: res.headers.get('etag'),
    lastModified: res.headers.get('last-modified'),
  };
}

async function readCapped(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FEED_BYTES) {
      await reader.cancel();
      throw new FeedError(`it is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
