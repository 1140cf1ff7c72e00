// The diagnostics agent (its own process: `quorra diagnostics`): runs the playbooks on a timer, keeps the latest
// summary, and serves it to Quorra over a Unix socket, pushing alerts to whichever Quorra process is subscribed.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { backupSources, type Logger, pruneArchives, type QuorraConfig } from 'quorra/plugin';
import type { DiagnosticsSettings } from '../diagnostics-settings.ts';
import { type Finding, finding, type HealthSummary, worst } from '../finding.ts';
import {
  type AgentRequest,
  type AgentResponse,
  agentSocketPath,
  lineReader,
  requestSchema,
} from '../ipc/protocol.ts';
import { allPlaybooks } from '../playbooks/index.ts';
import type { MainReport, Playbook } from '../playbooks/playbook.ts';
import { AlertTracker, type TrackerState } from './alert-tracker.ts';

export interface AgentOptions {
  config: QuorraConfig;
  settings: DiagnosticsSettings;
  logger: Logger;
  playbooks?: Playbook[];
}

export class DiagnosticsAgent {
  readonly socketPath: string;
  private readonly statePath: string;
  private readonly playbooks: Playbook[];
  private readonly tracker: AlertTracker;
  private server?: Server;
  private timer?: NodeJS.Timeout;
  private summary: HealthSummary | null = null;
  private main?: MainReport;
  /** Connections that asked for alerts, with their send function. */
  private subscribers = new Map<Socket, (msg: unknown) => void>();
  /** Every open connection: server.close() waits for them all, so stop() must end them. */
  private readonly connections = new Set<Socket>();
  private round?: Promise<HealthSummary>;

  constructor(private readonly o: AgentOptions) {
    this.socketPath = agentSocketPath(o.config.dataDir, o.settings.socketPath);
    this.statePath = path.join(path.dirname(this.socketPath), 'agent-state.json');
    this.playbooks = o.playbooks ?? allPlaybooks();
    this.tracker = new AlertTracker(this.loadState());
  }

  /** Listens on the socket (taking over a stale one) and runs the first round. */
  async start(): Promise<void> {
    mkdirSync(path.dirname(this.socketPath), { recursive: true });
    if (existsSync(this.socketPath)) {
      if (await answers(this.socketPath))
        throw new Error(`another diagnostics agent is already listening on ${this.socketPath}`);
      rmSync(this.socketPath, { force: true });
    }
    this.server = createServer((sock) => this.serve(sock));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.socketPath, resolve);
    });
    this.o.logger.info(
      { socket: this.socketPath, checks: this.playbooks.map((p) => p.name) },
      'diagnostics agent listening',
    );
    await this.runRound();
    this.timer = setInterval(
      () => void this.runRound().catch(() => undefined),
      this.o.settings.intervalSeconds * 1000,
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const s of this.connections) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
    await this.round?.catch(() => undefined);
    rmSync(this.socketPath, { force: true });
  }

  /** Runs every playbook once (one round at a time) and pushes what changed. */
  runRound(): Promise<HealthSummary> {
    this.round ??= (async () => {
      try {
        const findings: Finding[] = [];
        for (const p of this.playbooks) findings.push(await this.runOne(p));
        this.summary = { status: worst(findings), at: new Date().toISOString(), findings };
        for (const f of findings) {
          const alert = this.tracker.observe(f);
          if (alert)
            this.o.logger.warn(
              { check: alert.check, kind: alert.kind, severity: alert.severity },
              alert.summary,
            );
        }
        this.saveState();
        this.pushPending();
        return this.summary;
      } finally {
        this.round = undefined;
      }
    })();
    return this.round;
  }

  private async runOne(p: Playbook): Promise<Finding> {
    try {
      return await p.run({
        config: this.o.config,
        settings: this.o.settings,
        main: this.main,
        now: new Date(),
      });
    } catch (err) {
      return finding(p.name, 'warning', `The ${p.name} check itself failed.`, {
        details: { reason: (err as Error).message },
      });
    }
  }

  private serve(sock: Socket): void {
    sock.on('error', () => undefined);
    this.connections.add(sock);
    sock.on('close', () => {
      this.subscribers.delete(sock);
      this.connections.delete(sock);
    });
    const send = (msg: unknown) => {
      if (!sock.destroyed) sock.write(`${JSON.stringify(msg)}\n`);
    };
    sock.on(
      'data',
      lineReader(
        (line) =>
          void this.handle(line, sock, send).then(send, (err) =>
            send({ id: null, ok: false, error: (err as Error).message }),
          ),
        () => sock.destroy(),
      ),
    );
  }

  private async handle(line: string, sock: Socket, send: (msg: unknown) => void): Promise<AgentResponse> {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return { id: null, ok: false, error: 'not JSON' };
    }
    const parsed = requestSchema.safeParse(raw);
    if (!parsed.success)
      return {
        id: (raw as any)?.id ?? null,
        ok: false,
        error: `bad request: ${parsed.error.issues[0]?.message}`,
      };
    if (parsed.data.op === 'subscribe') this.subscribers.set(sock, send);
    return this.answer(parsed.data);
  }

  private async answer(req: AgentRequest): Promise<AgentResponse> {
    switch (req.op) {
      case 'summary':
        return { id: req.id, ok: true, summary: this.summary };
      case 'run': {
        const p = this.playbooks.find((x) => x.name === req.check);
        if (!p)
          return {
            id: req.id,
            ok: false,
            error: `no check named "${req.check}" (known: ${this.playbooks.map((x) => x.name).join(', ')})`,
          };
        const f = await this.runOne(p);
        if (this.summary)
          this.summary = {
            ...this.summary,
            findings: this.summary.findings.map((x) => (x.check === f.check ? f : x)),
          };
        if (this.summary) this.summary.status = worst(this.summary.findings);
        this.tracker.observe(f);
        this.saveState();
        this.pushPending();
        return { id: req.id, ok: true, finding: f };
      }
      case 'report':
        this.main = req.main;
        return { id: req.id, ok: true };
      case 'subscribe':
        // the response goes out first; pending alerts follow on the next tick
        setImmediate(() => this.pushPending());
        return { id: req.id, ok: true };
      case 'ack':
        this.tracker.ack(req.alertIds);
        this.saveState();
        return { id: req.id, ok: true };
      case 'act': {
        const removed = pruneArchives(backupSources(this.o.config).backupDir, this.o.config.backup.keep);
        this.o.logger.info({ action: req.action, removed: removed.length }, 'remedy carried out');
        return { id: req.id, ok: true, removed };
      }
    }
  }

  /** Sends every unacknowledged alert to the subscribed clients (they dedup by id). */
  private pushPending(): void {
    for (const send of this.subscribers.values())
      for (const alert of this.tracker.state.pending) send({ push: 'alert', alert });
  }

  private loadState(): TrackerState | undefined {
    try {
      return JSON.parse(readFileSync(this.statePath, 'utf8'));
    } catch {
      return undefined;
    }
  }

  private saveState(): void {
    const tmp = `${this.statePath}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.tracker.state));
    renameSync(tmp, this.statePath);
  }
}

/** Whether something answers on a Unix socket (a leftover file from a killed agent does not). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = createConnection(socketPath);
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}
