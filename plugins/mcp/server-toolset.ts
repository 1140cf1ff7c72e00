// Keeps one server's tools in Quorra's registry in step with what the server lists and what the owner approved.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ApprovalsCapability, Disposable, Logger, PluginContext, ToolDefinition } from 'quorra/plugin';
import type { McpServerSettings } from './mcp-settings.ts';
import { mcpTool, ruleFor } from './mcp-tool.ts';
import type { ServerConnection } from './server-connection.ts';
import { TOOL_CHANGE_KIND, toolChangePayload } from './tool-change-kind.ts';
import { quorraToolName } from './tool-names.ts';
import { fingerprint, type ToolPins } from './tool-pins.ts';

export interface ToolsetDeps {
  tools: PluginContext['tools'];
  pins: ToolPins;
  approvals: ApprovalsCapability;
  logger: Logger;
}

export class ServerToolset {
  /** Quorra name → its registration. */
  private readonly registered = new Map<
    string,
    { def: ToolDefinition<any>; hash: string; handle: Disposable }
  >();
  /** Tools seen but held back (waiting for approval, or refused as unsafe), by Quorra name. */
  held: { name: string; reason: string }[] = [];
  private chain: Promise<void> = Promise.resolve();
  private latest: Tool[] = [];

  constructor(
    private readonly server: McpServerSettings,
    private readonly connection: ServerConnection,
    private readonly deps: ToolsetDeps,
  ) {}

  /** The Quorra names offered now. */
  names(): string[] {
    return [...this.registered.keys()];
  }

  /** Takes a fresh list from the server; syncs run one after another so pins never race. */
  update(tools: Tool[]): Promise<void> {
    this.latest = tools;
    this.chain = this.chain
      .then(() => this.sync(tools))
      .catch((err) => {
        this.deps.logger.error({ err, server: this.server.id }, 'could not update the MCP tools');
      });
    return this.chain;
  }

  /** Syncs the last list again (after the owner approved a change). */
  resync(): Promise<void> {
    return this.update(this.latest);
  }

  private async sync(tools: Tool[]): Promise<void> {
    const verdict = await this.deps.pins.sync(this.server.id, tools);
    const taken = new Set<string>();
    const nameOf = new Map<Tool, string>();
    for (const t of tools) {
      const n = quorraToolName(this.server.id, t.name, taken);
      taken.add(n);
      nameOf.set(t, n);
    }
    const wanted = new Map<string, { def: ToolDefinition<any>; hash: string }>();
    const held: { name: string; reason: string }[] = [];
    for (const tool of verdict.offered) {
      const name = nameOf.get(tool)!;
      if (ruleFor(this.server, tool.name, name)?.enabled === false) continue;
      const built = mcpTool(this.server, this.connection, tool, name);
      if (!built) held.push({ name, reason: 'its inputs cannot be offered safely' });
      else wanted.set(name, { def: built, hash: fingerprint(tool) });
    }
    for (const w of verdict.waiting) {
      const name = nameOf.get(w.tool)!;
      held.push({
        name,
        reason: w.change === 'new' ? 'new, waiting for approval' : 'changed, waiting for approval',
      });
      await this.propose(w.tool, name, w.hash, w.change);
    }
    for (const [name, reg] of this.registered)
      if (!wanted.has(name)) {
        await reg.handle.dispose();
        this.registered.delete(name);
      }
    for (const [name, { def, hash }] of wanted) {
      const reg = this.registered.get(name);
      if (reg?.hash === hash) continue; // the rules only change with the settings, which restart the plugin
      if (reg) await reg.handle.dispose();
      try {
        this.registered.set(name, { def, hash, handle: this.deps.tools.add(def) });
      } catch (err) {
        this.registered.delete(name);
        held.push({ name, reason: (err as Error).message });
      }
    }
    this.held = held;
  }

  private async propose(tool: Tool, name: string, hash: string, change: 'new' | 'changed') {
    const sourceId = `${this.server.id}:${hash.slice(0, 40)}`;
    // one request per version: a version already asked about (open or settled) is not asked again
    if ((await this.deps.approvals.bySource(sourceId)).length) return;
    await this.deps.approvals.propose({
      kind: TOOL_CHANGE_KIND,
      sourceId,
      payload: toolChangePayload(this.server, tool, name, hash, change),
    });
  }

  async dispose(): Promise<void> {
    for (const reg of this.registered.values()) await reg.handle.dispose();
    this.registered.clear();
  }
}
