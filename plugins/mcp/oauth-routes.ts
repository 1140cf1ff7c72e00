// The owner signs Quorra in to an OAuth-protected MCP server: start (the server's authorize page) and the way back.
import { fail, type HttpCapability, type Logger, withStatus } from 'quorra/plugin';
import { z } from 'zod';
import './errors.ts';
import { mcpSdk } from './mcp-sdk.ts';
import type { McpServerSettings } from './mcp-settings.ts';
import type { GrantProvider } from './oauth-provider.ts';
import type { ServerConnection } from './server-connection.ts';

/** What starting a sign-in answers (the admin UI types its read from this). */
export const signInReply = z.object({ signed_in: z.boolean(), authorize_url: z.string().optional() });

/** Where the owner comes back to, under Quorra's address. */
export const CALLBACK_PATH = '/plugins/mcp/oauth/callback';

export interface OAuthRouteDeps {
  servers: () => McpServerSettings[];
  grant(serverId: string): Promise<GrantProvider>;
  byState(state: string): Promise<GrantProvider | null>;
  connection(serverId: string): ServerConnection | undefined;
  logger: Logger;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page in the owner's words (the server's own text never goes into it). */
function page(title: string, words: string, status = 200) {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><main style="font-family:system-ui;max-width:32rem;margin:3rem auto;padding:0 1rem">
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(words)}</p><p><a href="/admin/#/plugins">Back to Quorra</a></p></main></html>`;
  return withStatus(status, body, 'text/html; charset=utf-8');
}

export function addOAuthRoutes(http: HttpCapability, deps: OAuthRouteDeps): void {
  http.route({
    method: 'POST',
    path: '/servers/:id/sign-in',
    auth: 'owner',
    summary: "Starts signing Quorra in to an MCP server that uses OAuth: answers the server's sign-in page",
    params: z.object({ id: z.string().regex(/^[a-z][a-z0-9]{0,11}$/) }),
    // the admin UI sends its own address: the server sends the owner back there
    body: z.object({ back_to: z.url({ protocol: /^https?$/ }) }).strict(),
    response: signInReply,
    async handler({ params, body }) {
      const s = deps.servers().find((x) => x.id === params.id);
      if (!s) throw fail.notFound('outside service');
      if (!s.url || s.token)
        throw fail.unprocessable(
          'MCP_NO_SIGN_IN',
          `${s.label} ${s.token ? 'uses an access token' : 'is a program Quorra starts'}; there is nothing to sign in to`,
        );
      const grant = await deps.grant(s.id);
      await grant.useRedirect(`${new URL(body.back_to).origin}${CALLBACK_PATH}`);
      grant.authorizeUrl = undefined;
      let result: string;
      try {
        result = await (await mcpSdk()).auth.auth(grant, { serverUrl: s.url });
      } catch (err) {
        deps.logger.warn({ server: s.id, err: (err as Error).name }, 'MCP sign-in could not start');
        throw fail.upstream(
          'MCP_SIGN_IN_FAILED',
          `${s.label} does not offer a sign-in Quorra can use (OAuth with registration), or could not be reached`,
        );
      }
      if (result === 'AUTHORIZED') {
        await deps.connection(s.id)?.restart();
        return { signed_in: true };
      }
      return { signed_in: false, authorize_url: grant.authorizeUrl!.href };
    },
  });
  http.route({
    method: 'GET',
    path: '/oauth/callback',
    auth: 'public',
    summary: 'Where an MCP server sends the owner back after signing in; finishes the sign-in (works once)',
    query: z.object({
      state: z.string().max(200).optional(),
      code: z.string().max(2000).optional(),
      error: z.string().max(200).optional(),
    }),
    addressLimit: { max: 20, windowMs: 60_000, count: 'failures' },
    async handler({ query }) {
      const grant = query.state ? await deps.byState(query.state) : null;
      if (!grant)
        return page(
          'Sign-in not found',
          'This sign-in link is old or was used already. Start again from Quorra.',
          400,
        );
      const s = deps.servers().find((x) => x.id === grant.serverId);
      await grant.settle();
      if (!s?.url) return page('Sign-in not found', 'That service is no longer set up in Quorra.', 400);
      if (!query.code)
        return page(
          'Not signed in',
          `${s.label} did not let Quorra in (you may have said no). Start again from Quorra.`,
          400,
        );
      try {
        await (await mcpSdk()).auth.auth(grant, { serverUrl: s.url, authorizationCode: query.code });
      } catch (err) {
        deps.logger.warn({ server: s.id, err: (err as Error).name }, 'MCP sign-in could not finish');
        return page('Not signed in', `${s.label} did not accept the sign-in. Start again from Quorra.`, 502);
      }
      await deps.connection(s.id)?.restart();
      return page('Signed in', `Quorra is signed in to ${s.label}. Its tools are on their way.`);
    },
  });
}
