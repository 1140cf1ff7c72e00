// An OAuth-protected MCP server (the SDK's auth router, bearer middleware and McpServer) on 127.0.0.1, in memory.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/sdk/server/auth/provider.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import express from 'express';
import { z } from 'zod';

interface Issued {
  clientId: string;
  expiresAt: number;
  resource?: string;
}

/** Clients, codes and tokens in memory; the owner's consent is given at once (the authorize page redirects back). */
class MemoryAuthProvider implements OAuthServerProvider {
  readonly clients = new Map<string, OAuthClientInformationFull>();
  readonly codes = new Map<string, { client: OAuthClientInformationFull; params: AuthorizationParams }>();
  readonly access = new Map<string, Issued>();
  readonly refresh = new Map<string, Issued>();
  counts = { registered: 0, authorized: 0, exchanged: 0, refreshed: 0 };
  /** Seconds a fresh access token lives. */
  lifetime = 3600;

  get clientsStore(): OAuthRegisteredClientsStore {
    return {
      getClient: async (id) => this.clients.get(id),
      registerClient: async (info) => {
        this.counts.registered++;
        const full = info as OAuthClientInformationFull;
        this.clients.set(full.client_id, full);
        return full;
      },
    };
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: express.Response) {
    if (!client.redirect_uris.includes(params.redirectUri)) throw new Error('unregistered redirect_uri');
    this.counts.authorized++;
    const code = randomUUID();
    this.codes.set(code, { client, params });
    const back = new URL(params.redirectUri);
    back.searchParams.set('code', code);
    if (params.state !== undefined) back.searchParams.set('state', params.state);
    res.redirect(back.href);
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string) {
    const found = this.codes.get(code);
    if (!found) throw new Error('unknown code');
    return found.params.codeChallenge;
  }

  private issue(clientId: string, resource?: string): OAuthTokens {
    const token = `at-${randomUUID()}`;
    const refresh = `rt-${randomUUID()}`;
    this.access.set(token, { clientId, expiresAt: Date.now() / 1000 + this.lifetime, resource });
    this.refresh.set(refresh, { clientId, expiresAt: Number.POSITIVE_INFINITY, resource });
    return { access_token: token, token_type: 'bearer', expires_in: this.lifetime, refresh_token: refresh };
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string) {
    const found = this.codes.get(code);
    if (!found || found.client.client_id !== client.client_id) throw new Error('bad code');
    this.codes.delete(code);
    this.counts.exchanged++;
    return this.issue(client.client_id, found.params.resource?.href);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string) {
    const found = this.refresh.get(refreshToken);
    if (!found || found.clientId !== client.client_id) throw new Error('bad refresh token');
    this.refresh.delete(refreshToken);
    this.counts.refreshed++;
    return this.issue(client.client_id, found.resource);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const found = this.access.get(token);
    if (!found) throw new Error('unknown token');
    return { token, clientId: found.clientId, scopes: [], expiresAt: found.expiresAt };
  }
}

export class OAuthMcpServer {
  url = '';
  readonly auth = new MemoryAuthProvider();
  /** Calls of the `whoami` tool, with the client id the token was issued to. */
  readonly calls: string[] = [];
  private http!: Server;
  private readonly sockets = new Set<Socket>();

  static async start(): Promise<OAuthMcpServer> {
    const s = new OAuthMcpServer();
    const app = express();
    const listening = await new Promise<Server>((resolve) => {
      const h = app.listen(0, '127.0.0.1', () => resolve(h));
    });
    s.http = listening;
    s.http.on('connection', (sock) => {
      s.sockets.add(sock);
      sock.on('close', () => s.sockets.delete(sock));
    });
    const base = new URL(`http://127.0.0.1:${(listening.address() as AddressInfo).port}`);
    const mcpUrl = new URL('/mcp', base);
    s.url = mcpUrl.href;
    app.use(
      mcpAuthRouter({
        provider: s.auth,
        issuerUrl: base,
        resourceServerUrl: mcpUrl,
        // the test's handful of requests never meets a limit meant for the open internet
        authorizationOptions: { rateLimit: false },
        clientRegistrationOptions: { rateLimit: false },
        tokenOptions: { rateLimit: false },
      }),
    );
    const bearer = requireBearerAuth({
      verifier: s.auth,
      resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
    });
    app.post('/mcp', express.json(), bearer, async (req, res) => {
      const server = new McpServer({ name: 'oauth-protected', version: '1.0.0' });
      server.registerTool(
        'whoami',
        { description: 'Says which signed-in client is calling.', annotations: { readOnlyHint: true } },
        async () => {
          s.calls.push(req.auth!.clientId);
          return { content: [{ type: 'text', text: `hello, client ${req.auth!.clientId}` }] };
        },
      );
      server.registerTool(
        'shout',
        { description: 'Says a word loudly.', inputSchema: { word: z.string() } },
        async ({ word }) => ({
          content: [{ type: 'text', text: word.toUpperCase() }],
        }),
      );
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      res.on('close', () => void transport.close());
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    });
    // stateless: no event stream, no session to end
    app.get('/mcp', (_req, res) => void res.status(405).end());
    app.delete('/mcp', (_req, res) => void res.status(405).end());
    return s;
  }

  /** Every access token issued so far stops working (as an hour passing would do); refresh tokens still work. */
  expireAccessTokens(): void {
    for (const t of this.auth.access.values()) t.expiresAt = Date.now() / 1000 - 1;
  }

  async close(): Promise<void> {
    for (const sock of this.sockets) sock.destroy();
    await new Promise<void>((r) => this.http.close(() => r()));
  }
}
