// Incrementally strips <think> reasoning and captures <tool_call> spans from model text, under any chunking.

type Span = 'text' | 'think' | 'tool';

const OPEN: Record<string, Span> = { '<think>': 'think', '<tool_call>': 'tool' };
const CLOSE: Record<Exclude<Span, 'text'>, string> = { think: '</think>', tool: '</tool_call>' };

/** How much of `s`'s tail could be the start of one of `tags` (so it must be held back). */
function partialTail(s: string, tags: string[]): number {
  let keep = 0;
  for (const tag of tags) {
    for (let n = Math.min(tag.length - 1, s.length); n > keep; n--) {
      if (s.endsWith(tag.slice(0, n))) {
        keep = n;
        break;
      }
    }
  }
  return keep;
}

/**
 * Feed deltas with push(); visible text comes back at once (minus any held-back partial tag), reasoning
 * goes to `reasoning`, and each completed <tool_call> body lands in `toolCalls`. The emitted text is the
 * same whatever the chunking.
 */
export class ReplyCleaner {
  private buf = '';
  private span: Span = 'text';
  private spanText = '';
  reasoning = '';
  readonly toolCalls: string[] = [];
  text = '';

  /** Adds a delta; returns the visible text it released. */
  push(delta: string): string {
    this.buf += delta;
    let out = '';
    for (;;) {
      if (this.span === 'text') {
        const hits = Object.keys(OPEN)
          .map((tag) => ({ tag, at: this.buf.indexOf(tag) }))
          .filter((h) => h.at >= 0)
          .sort((a, b) => a.at - b.at);
        if (hits.length) {
          out += this.buf.slice(0, hits[0].at);
          this.buf = this.buf.slice(hits[0].at + hits[0].tag.length);
          this.span = OPEN[hits[0].tag];
          this.spanText = '';
          continue;
        }
        const keep = partialTail(this.buf, Object.keys(OPEN));
        out += this.buf.slice(0, this.buf.length - keep);
        this.buf = this.buf.slice(this.buf.length - keep);
        break;
      }
      const close = CLOSE[this.span];
      const at = this.buf.indexOf(close);
      if (at >= 0) {
        this.closeSpan(this.spanText + this.buf.slice(0, at));
        this.buf = this.buf.slice(at + close.length);
        this.span = 'text';
        continue;
      }
      const keep = partialTail(this.buf, [close]);
      this.spanText += this.buf.slice(0, this.buf.length - keep);
      this.buf = this.buf.slice(this.buf.length - keep);
      break;
    }
    this.text += out;
    return out;
  }

  private closeSpan(body: string): void {
    if (this.span === 'think') this.reasoning += body;
    else this.toolCalls.push(body.trim());
  }

  /** Ends the stream: a held-back partial tag is text after all; an unterminated span is closed as it stands. */
  end(): string {
    let out = '';
    if (this.span === 'text') out = this.buf;
    else this.closeSpan(this.spanText + this.buf);
    this.buf = '';
    this.span = 'text';
    this.text += out;
    return out;
  }
}

/** Cleans a whole reply at once (same result as streaming it through a ReplyCleaner). */
export function cleanReply(raw: string): { text: string; reasoning: string; toolCalls: string[] } {
  const c = new ReplyCleaner();
  c.push(raw);
  c.end();
  return { text: c.text, reasoning: c.reasoning, toolCalls: c.toolCalls };
}
