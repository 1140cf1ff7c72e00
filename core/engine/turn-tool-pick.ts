// The per-turn tool pick as the engine runs it: the tools in use, the words' matches, the one the message means.
import type { QuorraConfig } from '../config/schema.ts';
import type { ToolDefinition } from '../contracts/define-tool.ts';
import type { Logger } from '../logger.ts';
import { MORE_TOOLS } from './more-tools.ts';
import { RecentSessions } from './recent-sessions.ts';
import { type ToolEmbedder, ToolMeaning } from './tool-meaning.ts';
import { offerOf, offerStillFits, type SelectionInput, selectTools } from './tool-selection.ts';
import { UsedTools } from './used-tools.ts';

/** How many of the last history messages, besides the new one, the pick reads. */
const RECENT_MESSAGES = 4;

/**
 * Picks each turn's few tools and remembers, per session, the ones it went on to use and the last offer: a
 * follow-up keeps that offer while it still holds what the new message asks for, since a changed tool block makes
 * the model read the person's part and the whole conversation again (the tool block comes before them).
 */
export class TurnToolPick {
  private readonly used = new UsedTools();
  private readonly lastOffer = new RecentSessions<string[]>();
  private readonly meaning: ToolMeaning;

  constructor(
    model: ToolEmbedder,
    private readonly settings: QuorraConfig['model'],
    logger: Logger,
  ) {
    this.meaning = new ToolMeaning(model, (err) =>
      logger.debug({ err }, 'tool pick without embeddings this turn'),
    );
  }

  /** The offered tools (see selectTools: the array grows if the model asks `more_tools` for one of the others). */
  async pick(
    allowed: ToolDefinition<any>[],
    turn: { sessionId: string; message: string; history: { content?: unknown }[]; signal?: AbortSignal },
  ): Promise<ToolDefinition<any>[]> {
    const limit = this.settings.toolsPerTurn;
    if (allowed.length <= limit) return [...allowed];
    // the embedding model is asked only when there is a pick to make
    const meant = await this.meaning.nearest(allowed, turn.message, turn.signal);
    const input: SelectionInput = {
      message: turn.message,
      recent: turn.history.slice(-RECENT_MESSAGES).map((m) => String(m.content ?? '')),
      used: this.used.of(turn.sessionId),
      limit,
      schemaChars: this.settings.toolSchemaChars,
      ...(meant ? { meant } : {}),
    };
    const offered = this.kept(allowed, turn.sessionId, input) ?? selectTools(allowed, input);
    this.lastOffer.set(
      turn.sessionId,
      offered.filter((t) => t.name !== MORE_TOOLS).map((t) => t.name),
    );
    return offered;
  }

  /** The session's last offer again, if every tool of it is still allowed, it holds those in use and still fits. */
  private kept(allowed: ToolDefinition<any>[], sessionId: string, input: SelectionInput) {
    const names = this.lastOffer.get(sessionId);
    if (!names) return undefined;
    const chosen = new Set(allowed.filter((t) => names.includes(t.name)));
    if (chosen.size !== names.length || input.used.some((n) => !names.includes(n))) return undefined;
    return offerStillFits(allowed, chosen, input) ? offerOf(allowed, chosen) : undefined;
  }

  /** Records the tools a turn called, so its session's next turns keep them offered. */
  note(sessionId: string, names: readonly string[]): void {
    this.used.note(sessionId, names);
  }
}
