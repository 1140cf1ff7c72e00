// The JSON protocol between Quorra and its diagnostics agent over a Unix socket: one JSON object per line.
// Requests carry an id and get one response with it; the agent also pushes alerts to a subscribed client.
import path from 'node:path';
import { z } from 'zod';
import type { Finding, HealthSummary } from '../finding.ts';

export const mainReportSchema = z.object({
  pid: z.number().int(),
  rssBytes: z.number().nonnegative(),
  heapUsedBytes: z.number().nonnegative(),
  at: z.string(),
});

export const requestSchema = z.discriminatedUnion('op', [
  z.object({ id: z.number().int(), op: z.literal('summary') }),
  z.object({ id: z.number().int(), op: z.literal('run'), check: z.string().min(1).max(64) }),
  z.object({ id: z.number().int(), op: z.literal('report'), main: mainReportSchema }),
  z.object({ id: z.number().int(), op: z.literal('subscribe') }),
  z.object({ id: z.number().int(), op: z.literal('ack'), alertIds: z.array(z.string().max(64)).max(1000) }),
  /** A remedy that acts; Quorra only sends it after the owner confirmed the tier-2 tool. */
  z.object({ id: z.number().int(), op: z.literal('act'), action: z.enum(['prune_backups']) }),
]);
export type AgentRequest = z.infer<typeof requestSchema>;

/** A problem that started, got worse, or recovered; the id is what dedups redelivery. */
export interface Alert {
  id: string;
  kind: 'problem' | 'recovery';
  check: string;
  severity: Finding['severity'];
  summary: string;
  remedy?: string;
  at: string;
}

export type AgentResponse =
  | { id: number; ok: true; summary?: HealthSummary | null; finding?: Finding; removed?: string[] }
  | { id: number | null; ok: false; error: string };

export interface AlertPush {
  push: 'alert';
  alert: Alert;
}

/** Largest line either side accepts; anything longer is a broken peer. */
export const MAX_LINE = 1_000_000;

/** Splits a byte stream into lines and hands each to `onLine`; drops the connection's buffer past MAX_LINE. */
export function lineReader(onLine: (line: string) => void, onOverflow: () => void): (chunk: Buffer) => void {
  let buf = '';
  return (chunk) => {
    buf += chunk.toString('utf8');
    if (buf.length > MAX_LINE) {
      buf = '';
      onOverflow();
      return;
    }
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      const line = buf.slice(0, nl).trim();
      buf = buf.slice(nl + 1);
      if (line) onLine(line);
      nl = buf.indexOf('\n');
    }
  };
}

/** Where the agent listens unless settings say otherwise (one place for both processes). */
export function agentSocketPath(dataDir: string, configured?: string): string {
  return path.resolve(configured ?? path.join(dataDir, 'plugins', 'diagnostics', 'agent.sock'));
}
