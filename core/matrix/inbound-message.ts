// A taken-in Matrix message made typed once, at the pipeline's door: nothing past it reads the raw event.
import { relationOf, stripReplyFallback } from './inbound-filter.ts';

/** The JSON of a timeline event as the homeserver sent it (only the fields the pipeline reads are named). */
export interface RawEvent {
  type?: unknown;
  sender?: unknown;
  event_id?: unknown;
  content?: unknown;
  [key: string]: unknown;
}

/** One message, as the classifier and the routes see it. */
export interface InboundMessage {
  roomId: string;
  eventId: string;
  sender: string;
  /** The text without a rich-reply fallback, trimmed ('' for a file). */
  text: string;
  /** The event's content (mentions, formatting, file fields), read only through typed helpers. */
  content: Readonly<Record<string, unknown>>;
  /** The thread it was written in and the event it replies to. */
  threadRoot?: string;
  inReplyTo?: string;
  /** An unencrypted file upload: its mxc URL. */
  fileUrl?: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The typed message of a raw timeline event (a reaction arrives here already turned into its typed reply). */
export function inboundOf(roomId: string, ev: RawEvent): InboundMessage {
  const content = (ev.content && typeof ev.content === 'object' ? ev.content : {}) as Record<string, unknown>;
  const isFile = content.msgtype === 'm.file' && typeof content.url === 'string';
  return {
    roomId,
    eventId: str(ev.event_id),
    sender: str(ev.sender),
    text: isFile ? '' : stripReplyFallback(String(content.body)).trim(),
    content,
    ...relationOf(content),
    ...(isFile ? { fileUrl: content.url as string } : {}),
  };
}
