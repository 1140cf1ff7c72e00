// The per-turn tool pick as the engine runs it: the tools in use, the words' matches, the one the message means.
import type { QuorraConfig } from '../config/schema.ts';
import type { ToolDefinition } from '../contracts/define-tool.ts';
import type { Logger } from '../logger.ts';
import { type ToolEmbedder, ToolMeaning } from './tool-meaning.ts';
import { selectTools } from './tool-selection.ts';
import { UsedTools } from './used-tools.ts';

/** How many of the last history messages, besides the new one, the pick reads. */
const RECENT_MESSAGES = 4;

/** Picks each turn's few tools and remembers, per session, the ones it went on to use. */
export class TurnToolPick {
  private readonly used = new UsedTools();
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
    // the embedding model is asked only when there is a pick to make
    const meant =
      allowed.length > limit ? await this.meaning.nearest(allowed, turn.message, turn.signal) : undefined;
    return selectTools(allowed, {
      message: turn.message,
      recent: turn.history.slice(-RECENT_MESSAGES).map((m) => String(m.content ?? '')),
      used: this.used.of(turn.sessionId),
      limit,
      schemaChars: this.settings.toolSchemaChars,
      ...(meant ? { meant } : {}),
    });
  }

  /** Records the tools a turn called, so its session's next turns keep them offered. */
  note(sessionId: string, names: readonly string[]): void {
    this.used.note(sessionId, names);
  }
}
