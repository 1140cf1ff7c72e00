// Pins a server's tools: the first list the owner configured is trusted; anything new or changed waits for approval.
import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { DataSource } from 'typeorm';
import { ToolPin } from './tool-pin.entity.ts';

/** The fingerprint of what the model would read of a tool and what it may be called with. */
export function fingerprint(tool: Tool): string {
  const seen = {
    name: tool.name,
    title: tool.title ?? null,
    description: tool.description ?? null,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations ?? null,
  };
  return createHash('sha256').update(canonical(seen)).digest('hex');
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** What a sync found: tools to offer, and tools waiting for the owner (new, or changed since approved). */
export interface PinVerdict {
  offered: Tool[];
  waiting: { tool: Tool; hash: string; change: 'new' | 'changed' }[];
}

/**
 * The row that says a server's list was seen once (no tool has an empty name worth trusting): without it, a server
 * whose first list was empty would have the first tools it shows later trusted as if the owner had configured them.
 */
const SEEN_MARK = '';

export class ToolPins {
  constructor(private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(ToolPin);
  }

  /** Records what the server shows now and sorts its tools into offered and waiting. */
  async sync(serverId: string, tools: Tool[]): Promise<PinVerdict> {
    const pins = new Map((await this.repo.findBy({ serverId })).map((p) => [p.toolName, p]));
    const firstSight = pins.size === 0;
    const verdict: PinVerdict = { offered: [], waiting: [] };
    const now = new Date();
    if (firstSight)
      await this.repo.save(
        this.repo.create({ serverId, toolName: SEEN_MARK, seenHash: '', approvedHash: null, updatedAt: now }),
      );
    for (const tool of tools) {
      const hash = fingerprint(tool);
      let pin = pins.get(tool.name);
      if (!pin) {
        pin = this.repo.create({
          serverId,
          toolName: tool.name,
          seenHash: hash,
          approvedHash: firstSight ? hash : null,
          updatedAt: now,
        });
        await this.repo.save(pin);
      } else if (pin.seenHash !== hash) {
        pin.seenHash = hash;
        pin.updatedAt = now;
        await this.repo.save(pin);
      }
      if (pin.approvedHash === hash) verdict.offered.push(tool);
      else verdict.waiting.push({ tool, hash, change: pin.approvedHash === null ? 'new' : 'changed' });
    }
    return verdict;
  }

  /** Approves the version with `hash`, if the server still shows it; false when it changed again meanwhile. */
  async approve(serverId: string, toolName: string, hash: string): Promise<boolean> {
    const pin = await this.repo.findOneBy({ serverId, toolName });
    if (!pin || pin.seenHash !== hash) return false;
    pin.approvedHash = hash;
    pin.updatedAt = new Date();
    await this.repo.save(pin);
    return true;
  }
}
