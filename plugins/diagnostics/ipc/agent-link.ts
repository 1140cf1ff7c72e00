// Quorra's side of the socket: connects to the diagnostics agent, reports its own memory, asks for the summary or a
// check, and takes pushed alerts. Reconnects on its own; while the agent is away, Quorra keeps running.
import { createConnection, type Socket } from 'node:net';
import type { Logger } from 'quorra/plugin';
import type { Finding, HealthSummary } from '../finding.ts';
import { type AgentResponse, type Alert, lineReader } from './protocol.ts';

const REPORT_EVERY_MS = 30_000;
const REQUEST_TIMEOUT_MS = 15_000;

export class AgentLink {
  private sock?: Socket;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (r: AgentResponse) => void; timer: NodeJS.Timeout }
  >();
  private retryMs = 250;
  private retryTimer?: NodeJS.Timeout;
  private reportTimer?: NodeJS.Timeout;
  private closed = false;
  /** When the link was last up or down, for the health check's reason. */
  since = new Date();
  connected = false;

  constructor(
    private readonly socketPath: string,
    private readonly onAlert: (alert: Alert) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.connect();
    this.reportTimer = setInterval(() => void this.report().catch(() => undefined), REPORT_EVERY_MS);
    this.reportTimer.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.reportTimer);
    this.sock?.destroy();
  }

  /** The agent's latest summary; throws when it is not reachable. */
  async summary(): Promise<HealthSummary | null> {
    return (await this.request({ op: 'summary' })).summary ?? null;
  }

  /** Runs one check now in the agent. */
  async run(check: string): Promise<Finding> {
    return (await this.request({ op: 'run', check })).finding!;
  }

  /** Carries out an acting remedy in the agent (the caller has the owner's confirmation). */
  async act(action: 'prune_backups'): Promise<string[]> {
    return (await this.request({ op: 'act', action })).removed ?? [];
  }

  private connect(): void {
    if (this.closed) return;
    const sock = createConnection(this.socketPath);
    sock.on('connect', () => {
      this.sock = sock;
      this.connected = true;
      this.since = new Date();
      this.retryMs = 250;
      this.logger.info('connected to the diagnostics agent');
      void this.report()
        .then(() => this.request({ op: 'subscribe' }))
        .catch(() => undefined);
    });
    sock.on(
      'data',
      lineReader(
        (line) => this.receive(line),
        () => sock.destroy(),
      ),
    );
    sock.on('error', () => undefined);
    sock.on('close', () => {
      if (this.sock === sock) {
        this.sock = undefined;
        this.connected = false;
        this.since = new Date();
        this.logger.warn('the diagnostics agent went away; reconnecting');
      }
      for (const [id, w] of this.waiting) {
        clearTimeout(w.timer);
        w.resolve({ id, ok: false, error: 'the diagnostics agent went away' });
      }
      this.waiting.clear();
      if (this.closed) return;
      this.retryTimer = setTimeout(() => this.connect(), this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    });
  }

  private receive(line: string): void {
    let msg: any;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (msg?.push === 'alert' && msg.alert) {
      const alert = msg.alert as Alert;
      void this.onAlert(alert)
        .then(() => this.request({ op: 'ack', alertIds: [alert.id] }))
        .catch((err) =>
          this.logger.warn(
            { err, check: alert.check },
            'could not deliver a diagnostics alert; the agent keeps it',
          ),
        );
      return;
    }
    const w = typeof msg?.id === 'number' ? this.waiting.get(msg.id) : undefined;
    if (!w) return;
    this.waiting.delete(msg.id);
    clearTimeout(w.timer);
    w.resolve(msg as AgentResponse);
  }

  private report() {
    const m = process.memoryUsage();
    return this.request({
      op: 'report',
      main: { pid: process.pid, rssBytes: m.rss, heapUsedBytes: m.heapUsed, at: new Date().toISOString() },
    });
  }

  private request(
    body: Record<string, unknown>,
  ): Promise<AgentResponse & { ok: true; summary?: HealthSummary | null; finding?: Finding }> {
    const sock = this.sock;
    if (!sock) return Promise.reject(new Error('the diagnostics agent is not running'));
    const id = this.nextId++;
    return new Promise<AgentResponse>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ id, ok: false, error: 'the diagnostics agent did not answer in time' });
      }, REQUEST_TIMEOUT_MS);
      this.waiting.set(id, { resolve, timer });
      sock.write(`${JSON.stringify({ id, ...body })}\n`);
    }).then((r) => {
      if (!r.ok) throw new Error(r.error);
      return r;
    });
  }
}
