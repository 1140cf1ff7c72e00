// Reads a Quorra text/event-stream (with the same session or token as every other call) one event at a time.
import { apiResponse } from './api-client.ts';

/**
 * Calls `onEvent` for each event in order, awaiting it before the next, so a view can render every step. Resolves
 * when the server ends the stream or `signal` aborts (leaving the page hangs up, and the server drops its listener).
 */
export async function readEvents(
  path: string,
  onEvent: (event: string, data: unknown) => void | Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const res = await apiResponse(path, { signal });
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += value;
      for (let at = buf.indexOf('\n\n'); at >= 0; at = buf.indexOf('\n\n')) {
        const frame = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        await onEvent(event, data === undefined ? undefined : JSON.parse(data));
      }
    }
  } catch (err) {
    if (!signal.aborted) throw err;
  } finally {
    reader.releaseLock();
  }
}
