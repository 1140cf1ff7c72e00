// A reply that grows in place while a slow model writes: posted once the wait gets long, then edited (m.replace) at most once a second; the last edit is the whole, formatted answer.
import { messageContent, type ReplyPlacement } from './reply-format.ts';

/** How a streamed reply paces itself. */
export interface StreamPace {
  /** Nothing is posted before the model has taken this long (fast answers arrive as one message). */
  firstAfterMs: number;
  /** At most one edit per this many ms. */
  editEveryMs: number;
}

/** The default pace: first words after 1 s, then at most one edit a second. */
export const STREAM_PACE: StreamPace = { firstAfterMs: 1000, editEveryMs: 1000 };

/** Sends one message content under an idempotency key; resolves with its event id. */
export type SendContent = (content: Record<string, unknown>, key: string) => Promise<string>;

/** An m.replace edit of the bot's own message to the given text. */
export function editContent(
  originalId: string,
  text: string,
  opts: { notice?: boolean } = {},
): Record<string, unknown> {
  const fresh = messageContent(text, {}, opts);
  return {
    msgtype: fresh.msgtype,
    body: `* ${fresh.body}`,
    ...(fresh.formatted_body ? { format: fresh.format, formatted_body: `* ${fresh.formatted_body}` } : {}),
    'm.new_content': fresh,
    'm.relates_to': { rel_type: 'm.replace', event_id: originalId },
  };
}

const partial = (text: string) => `${text.trimEnd()} …`;

/** Collects the model's tokens and mirrors them into one message, throttled; finish() makes it final. */
export class StreamedReply {
  private text = '';
  private eventId?: string;
  private busy?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private lastSentAt = 0;
  private edits = 0;
  private finished = false;
  private failed = false;
  private readonly startedAt = Date.now();

  constructor(
    private readonly send: SendContent,
    private readonly place: ReplyPlacement,
    private readonly key: string,
    private readonly pace: StreamPace = STREAM_PACE,
    /** The message an earlier run posted for this reply before it stopped: this one edits it instead. */
    posted?: string,
  ) {
    this.eventId = posted;
  }

  /** Whether part of the reply has been posted already. */
  get started(): boolean {
    return !!this.eventId;
  }

  /** The message the reply grows in, once posted. */
  get postedId(): string | undefined {
    return this.eventId;
  }

  /** Takes the next piece of the model's text. */
  readonly onToken = (delta: string): void => {
    this.text += delta;
    this.schedule();
  };

  private schedule(): void {
    if (this.finished || this.failed || this.timer || this.busy || !this.text.trim()) return;
    const due = this.eventId
      ? this.lastSentAt + this.pace.editEveryMs
      : this.startedAt + this.pace.firstAfterMs;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.busy = this.post().finally(() => {
          this.busy = undefined;
          this.schedule();
        });
      },
      Math.max(0, due - Date.now()),
    );
  }

  private async post(): Promise<void> {
    if (this.finished) return;
    const snapshot = this.text;
    try {
      if (!this.eventId)
        this.eventId = await this.send(messageContent(partial(snapshot), this.place), this.key);
      else await this.send(editContent(this.eventId, partial(snapshot)), `${this.key}:edit:${++this.edits}`);
    } catch {
      // streaming is a nicety: on trouble, stop editing and let finish() deliver the answer whole
      this.failed = true;
    }
    this.lastSentAt = Date.now();
  }

  /** Stops streaming (nothing more is posted by itself) once any send in flight is done. */
  async settle(): Promise<void> {
    this.finished = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.busy;
  }

  /** Delivers the complete answer: one message if nothing was posted yet, else a final, formatted edit. */
  async finish(text: string, opts: { notice?: boolean } = {}): Promise<string> {
    await this.settle();
    if (!this.eventId) return this.send(messageContent(text, this.place, opts), this.key);
    const wait = this.lastSentAt + this.pace.editEveryMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await this.send(editContent(this.eventId, text, opts), `${this.key}:edit:final`);
    return this.eventId;
  }
}
