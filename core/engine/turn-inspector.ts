// The turn inspector: an in-memory ring of what each model call was sent, bounded by count and bytes.
import { randomUUID } from 'node:crypto';

/** One model call as sent: the payload is serialised before the request goes out. */
export interface TurnRecord {
  id: string;
  userId: string;
  sessionId: string;
  at: string;
  round: number;
  /** The exact JSON payload (system prompt, history window, tool results so far, tools offered). */
  payload: string;
  truncated: boolean;
  /** Filled in when the call returns. */
  response?: string;
  error?: string;
}

/** Holds the last `maxRecords` records; each is cut to `maxRecordBytes` with `truncated` set. */
export class TurnInspector {
  private records: TurnRecord[] = [];

  constructor(
    private readonly maxRecords = 50,
    private readonly maxRecordBytes = 64_000,
  ) {}

  private cut(s: string, budget: number): { text: string; truncated: boolean } {
    if (Buffer.byteLength(s) <= budget) return { text: s, truncated: false };
    return { text: `${Buffer.from(s).subarray(0, budget).toString('utf8')}…`, truncated: true };
  }

  /** Records a call about to be made; returns the record so the caller can add the response. */
  begin(fields: { userId: string; sessionId: string; round: number; payload: unknown }): TurnRecord {
    const { text, truncated } = this.cut(JSON.stringify(fields.payload), this.maxRecordBytes);
    const record: TurnRecord = {
      id: randomUUID(),
      userId: fields.userId,
      sessionId: fields.sessionId,
      round: fields.round,
      at: new Date().toISOString(),
      payload: text,
      truncated,
    };
    this.records.push(record);
    if (this.records.length > this.maxRecords) this.records.splice(0, this.records.length - this.maxRecords);
    return record;
  }

  /** Adds the outcome of a call to its record. */
  finish(record: TurnRecord, outcome: { response?: unknown; error?: string }): void {
    if (outcome.response !== undefined) {
      const { text, truncated } = this.cut(
        JSON.stringify(outcome.response),
        Math.max(1000, this.maxRecordBytes - Buffer.byteLength(record.payload)),
      );
      record.response = text;
      record.truncated ||= truncated;
    }
    if (outcome.error) record.error = outcome.error;
  }

  /** A user's records, newest first. */
  list(userId: string): TurnRecord[] {
    return this.records.filter((r) => r.userId === userId).reverse();
  }

  /** One record, only if it is the user's. */
  get(userId: string, id: string): TurnRecord | undefined {
    return this.records.find((r) => r.id === id && r.userId === userId);
  }

  /** Forgets a user's records; returns how many. */
  clear(userId: string): number {
    const before = this.records.length;
    this.records = this.records.filter((r) => r.userId !== userId);
    return before - this.records.length;
  }
}
