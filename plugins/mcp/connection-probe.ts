// Test connection for the admin form: connects to each service as typed (nothing saved), answers in Quorra's words.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { createLogger } from 'quorra/plugin';
import type { McpServerSettings, McpSettings } from './mcp-settings.ts';
import { ruleFor, tierFromAnnotations } from './mcp-tool.ts';
import { ServerConnection } from './server-connection.ts';
import { quorraToolName } from './tool-names.ts';

/** The longest a test waits for one service (a form is waiting). */
const PROBE_MS = 10_000;
const TIER_WORDS = ['looks things up', 'acts, kept in the log', 'asks first'] as const;
const MAX_LISTED = 40;

/** Why a connection failed, in the owner's words: the service's own error text is never repeated. */
export function failureInWords(
  s: McpServerSettings,
  failure: { error: string | null; code: string | number | null; needsSignIn: boolean },
): string {
  if (failure.needsSignIn) return 'it asks you to sign in: save, then use Sign in on the Plugins page';
  const e = `${failure.code ?? ''} ${failure.error ?? ''}`;
  if (/\b401\b|unauthori[sz]ed/i.test(e))
    return s.token ? 'it refused the access token' : 'it wants an access token or a sign-in';
  if (/\b403\b/.test(e)) return 'it refused Quorra (not allowed)';
  if (/\b404\b/.test(e)) return 'nothing MCP answers at that address (check the path, e.g. /mcp)';
  if (/ENOENT|spawn/i.test(e)) return 'the command could not be started (is it installed?)';
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|fetch failed|connect/i.test(e))
    return 'nothing answered at that address';
  if (/timed? ?out|-32001/i.test(e) || !e) return `it did not answer within ${PROBE_MS / 1000} seconds`;
  return 'it answered something that is not MCP';
}

/** One tool as the owner will meet it: Quorra's name, its level, who may use it. */
export function toolInWords(s: McpServerSettings, tool: Tool, name: string): string {
  const rule = ruleFor(s, tool.name, name);
  if (rule?.enabled === false) return `${name} (turned off)`;
  const tier = rule?.tier ?? tierFromAnnotations(tool);
  const who = (rule?.audience ?? s.audience) === 'owner' ? 'owners only' : 'everyone';
  return `${name} (${TIER_WORDS[tier]}, ${who})`;
}

/** True once connected; false at the first failure (a form should not wait through the reconnect back-off). */
async function firstAnswer(connection: ServerConnection): Promise<boolean> {
  const until = Date.now() + PROBE_MS;
  while (Date.now() < until) {
    if (connection.state === 'ready') return true;
    if (connection.state === 'down') return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function probe(s: McpServerSettings): Promise<{ ok: boolean; words: string }> {
  const connection = new ServerConnection(
    { ...s, timeoutSeconds: Math.min(s.timeoutSeconds, 10) },
    createLogger('silent'),
    () => {},
  );
  connection.start();
  try {
    const ok = await firstAnswer(connection);
    if (!ok)
      return {
        ok: false,
        words: `${s.label}: does not work, ${failureInWords(s, {
          error: connection.lastError,
          code: connection.lastCode,
          needsSignIn: connection.needsSignIn,
        })}`,
      };
    const taken = new Set<string>();
    const listed = connection.tools.map((t) => {
      const name = quorraToolName(s.id, t.name, taken);
      taken.add(name);
      return toolInWords(s, t, name);
    });
    const more = listed.length > MAX_LISTED ? `, and ${listed.length - MAX_LISTED} more` : '';
    const count = `${listed.length} tool${listed.length === 1 ? '' : 's'}`;
    return {
      ok: true,
      words: `${s.label}: connected, ${count}${listed.length ? `: ${listed.slice(0, MAX_LISTED).join(', ')}${more}` : ''}`,
    };
  } finally {
    await connection.stop();
  }
}

/** Tries every service in the settings at once; works only when each one does. */
export async function testServers(settings: McpSettings): Promise<{ ok: boolean; message: string }> {
  if (!settings.servers.length) return { ok: false, message: 'add a service first' };
  const results = await Promise.all(settings.servers.map(probe));
  return { ok: results.every((r) => r.ok), message: results.map((r) => r.words).join('. ') };
}
