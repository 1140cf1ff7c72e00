// One MCP server as Quorra's client sees it: connects, lists tools, follows list changes, reconnects with back-off.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'quorra/plugin';
import { loadedMcpSdk, mcpSdk } from './mcp-sdk.ts';
import type { McpServerSettings } from './mcp-settings.ts';

export type ConnectionState = 'connecting' | 'ready' | 'down' | 'stopped';

const MAX_TOOLS = 200;
const MAX_PAGES = 10;
const BACKOFF_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/** A call that did not reach an answer: the service is down, slow or said something unreadable. */
export class McpCallError extends Error {}

export class ServerConnection {
  state: ConnectionState = 'connecting';
  tools: Tool[] = [];
  lastError: string | null = null;
  /** The code of the last failure (an HTTP status, a JSON-RPC code, ENOENT…), for saying it in words. */
  lastCode: string | number | null = null;
  /** How many times the connection was made again after it was lost. */
  restarts = 0;
  /** The server refused us and offers no way in but the owner signing in (OAuth): no retries until they do. */
  needsSignIn = false;
  private client?: Client;
  private transport?: Transport;
  private attempt = 0;
  private timer?: NodeJS.Timeout;
  private connecting?: Promise<void>;
  private readonly readyWaiters = new Set<() => void>();

  constructor(
    readonly settings: McpServerSettings,
    private readonly logger: Logger,
    /** Called with the server's tool list whenever it is (re)read. */
    private readonly onTools: (tools: Tool[]) => void | Promise<void>,
    /** The server's OAuth sign-in (HTTP servers without a token), sent once the owner has signed in. */
    private readonly oauth?: () => Promise<OAuthClientProvider & { signedIn: boolean }>,
  ) {}

  /** The child process id of a stdio server (for tests and diagnostics). */
  get pid(): number | null {
    const sdk = loadedMcpSdk();
    return sdk && this.transport instanceof sdk.stdio.StdioClientTransport
      ? (this.transport as StdioClientTransport).pid
      : null;
  }

  start(): void {
    this.connecting = this.connect();
  }

  /** Resolves once the server is ready or `ms` passed (whichever first); true when ready. */
  async ready(ms = 10_000): Promise<boolean> {
    if (this.state === 'ready') return true;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.readyWaiters.delete(done);
        resolve(this.state === 'ready');
      };
      const t = setTimeout(done, ms);
      this.readyWaiters.add(done);
    });
  }

  private async transportFor(): Promise<Transport> {
    const s = this.settings;
    const { stdio, http } = await mcpSdk();
    if (s.command) {
      const t = new stdio.StdioClientTransport({
        command: s.command,
        args: s.args,
        env: { ...stdio.getDefaultEnvironment(), ...s.env },
        stderr: 'pipe',
      });
      // a piped stderr nobody reads fills up and stalls the child: drain it (its text is not ours to log)
      t.stderr?.on('data', () => {});
      return t;
    }
    const headers: Record<string, string> = s.token ? { authorization: `Bearer ${s.token}` } : {};
    const provider = !s.token && this.oauth ? await this.oauth() : undefined;
    return new http.StreamableHTTPClientTransport(new URL(s.url!), {
      requestInit: { headers },
      // only a signed-in grant is handed over: the SDK then refreshes expired tokens by itself
      ...(provider?.signedIn ? { authProvider: provider } : {}),
    });
  }

  private async connect(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'connecting';
    const { client: sdkClient } = await mcpSdk();
    const client = new sdkClient.Client(
      { name: 'quorra', version: '1' },
      {
        listChanged: {
          tools: {
            autoRefresh: false,
            // a list that cannot be read now keeps the last one; the next change or reconnection reads it again
            onChanged: () =>
              void this.refresh().catch((err: Error) =>
                this.logger.warn(
                  { server: this.settings.id, code: (err as { code?: unknown }).code ?? null },
                  'could not re-read the MCP tool list',
                ),
              ),
          },
        },
      },
    );
    this.client = client;
    try {
      const transport = await this.transportFor();
      this.transport = transport;
      await client.connect(transport, { timeout: this.settings.timeoutSeconds * 1000 });
      if ((this.state as ConnectionState) === 'stopped' || this.client !== client)
        return void (await client.close());
      client.onclose = () => this.lost(client, 'the connection closed');
      await this.refresh();
      this.state = 'ready';
      this.attempt = 0;
      this.lastError = null;
      this.needsSignIn = false;
      for (const w of [...this.readyWaiters]) w();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      this.lastCode = typeof code === 'string' || typeof code === 'number' ? code : null;
      if (this.refusedUs(err)) {
        this.needsSignIn = true;
        this.state = 'down';
        this.lastError = 'needs the owner to sign in';
        this.client = undefined;
        void client.close().catch(() => {});
        for (const w of [...this.readyWaiters]) w();
        return;
      }
      this.lost(client, (err as Error).message);
    }
  }

  /** A 401 from an HTTP server we hold no token for: only the owner signing in helps, retrying does not. */
  private refusedUs(err: unknown): boolean {
    if (this.settings.token || !this.settings.url || !this.oauth) return false;
    const sdk = loadedMcpSdk();
    if (!sdk) return false;
    return (
      err instanceof sdk.auth.UnauthorizedError ||
      (err instanceof sdk.http.StreamableHTTPError && err.code === 401)
    );
  }

  /** Connects again now (after the owner signed in). */
  async restart(): Promise<void> {
    if (this.state === 'stopped') return;
    clearTimeout(this.timer);
    const old = this.client;
    this.client = undefined;
    await old?.close().catch(() => {});
    this.attempt = 0;
    this.connecting = this.connect();
    await this.connecting;
  }

  /** Reads the tool list again (paged, capped) and hands it on. */
  async refresh(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES && tools.length < MAX_TOOLS; page++) {
      const res = await client.listTools(cursor ? { cursor } : undefined, {
        timeout: this.settings.timeoutSeconds * 1000,
      });
      tools.push(...res.tools);
      cursor = res.nextCursor;
      if (!cursor) break;
    }
    this.tools = tools.slice(0, MAX_TOOLS);
    await this.onTools(this.tools);
  }

  private lost(client: Client, reason: string): void {
    if (this.client !== client || this.state === 'stopped') return;
    this.client = undefined;
    this.state = 'down';
    this.lastError = reason;
    void client.close().catch(() => {});
    const delay = BACKOFF_MS[Math.min(this.attempt++, BACKOFF_MS.length - 1)];
    this.logger.warn({ server: this.settings.id, delay }, 'MCP server lost; connecting again');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.restarts++;
      this.connecting = this.connect();
    }, delay);
  }

  /** Calls one tool within the server's time limit; anything but an answer becomes an McpCallError. */
  async call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    const client = this.client;
    if (this.state !== 'ready' || !client)
      throw new McpCallError(`${this.settings.label} is not reachable right now; try again in a moment`);
    const timeout = this.settings.timeoutSeconds * 1000;
    try {
      return (await client.callTool({ name, arguments: args }, undefined, {
        timeout,
        maxTotalTimeout: timeout,
        signal,
      })) as CallToolResult;
    } catch (err) {
      const code = (err as { code?: number }).code;
      if (code === -32001)
        throw new McpCallError(
          `${this.settings.label} did not answer within ${this.settings.timeoutSeconds} seconds`,
        );
      // a JSON-RPC error is the server's answer; anything else (network, parse) means the link is suspect
      if (typeof code !== 'number' || code === -32700) this.lost(client, 'a call failed on the connection');
      throw new McpCallError(
        `${this.settings.label} could not run the tool (error ${code ?? 'on the connection'})`,
      );
    }
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    clearTimeout(this.timer);
    for (const w of [...this.readyWaiters]) w();
    const client = this.client;
    this.client = undefined;
    await this.connecting?.catch(() => {});
    await client?.close().catch(() => {});
  }
}
