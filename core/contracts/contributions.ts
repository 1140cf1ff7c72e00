// The shapes a plugin can contribute besides tools: modes, bang-commands, approval sources, reply and file handlers, prompt fragments.

/** A behavioural overlay within a scope; its prompt fragment lives at prompts/modes/<scope>/<name>.md. */
export interface ModeDefinition {
  scope: string;
  name: string;
  description: string;
  /** Extra context injected on the first turn after the mode is activated. */
  entryContext?: (ctx: { userId?: string; workspace?: string | null }) => Promise<string> | string;
}

/** Who may run a bang-command. */
export type CommandPermission = 'owner' | 'member';

/** A `!quorra <name> …` command; it never reaches the model. */
export interface CommandDefinition {
  name: string;
  description: string;
  usage: string;
  permission: CommandPermission;
  run(args: string[], ctx: CommandContext): Promise<string> | string;
  /** When set, a successful run is acknowledged with this reaction on the person's message instead of a reply (e.g. ✓ for a jot). */
  acknowledge?: string;
  /** In a Matrix room mapped to this scope, every plain (unmentioned) message runs this command with the message as its text. */
  captureScope?: string;
}

/** A command's answer: a reply, or a reaction on the person's message (an instant acknowledgement, e.g. ✓ for a jot). */
export type CommandAnswer = string | { react: string };

/** Thrown by a command when its arguments are wrong; the router answers `<message> Usage: \`<usage>\``. */
export class CommandUsageError extends Error {
  constructor(message = '') {
    super(message);
    this.name = 'CommandUsageError';
  }
}

/** What a command sees of the caller. */
export interface CommandContext {
  userId: string;
  role: 'owner' | 'member';
  roomId?: string;
  sessionId?: string;
  workspace?: string | null;
  /** The Matrix event the command came in (its id makes a capture idempotent). */
  eventId?: string;
  /** Everything after the command word, line breaks kept. */
  argsText?: string;
}

/** Something waiting on a person's yes or no that a plugin owns (e.g. a guest reply drafted for the owner). */
export interface PendingApproval {
  description: string;
  /** How to answer it in chat, e.g. "reply to the morning summary with `3: your answer`". */
  hint?: string;
  createdAt?: Date;
  /** Buttons the admin UI offers: each calls one of the plugin's own HTTP routes, so the rules are the route's. */
  actions?: ApprovalAction[];
}

/** One way to answer an approval over HTTP (e.g. Send, Edit and send, Discard). */
export interface ApprovalAction {
  label: string;
  /** The route to call: POST, with the plugin's full path (`/plugins/<id>/…`). */
  path: string;
  /** Asks for text first (pre-filled with `initial`) and sends it as `{[field]: text}`. */
  edit?: { field: string; initial: string };
  tone?: 'primary' | 'danger';
}

/** A plugin's list of approvals waiting on a user; `!quorra approvals` asks every source. */
export interface ApprovalSource {
  name: string;
  pending(user: { userId: string; role: 'owner' | 'member' }): Promise<PendingApproval[]> | PendingApproval[];
}

/** Who answered a notification, and the ref the notification was sent with. */
export interface ReplyContext {
  userId: string;
  role: 'owner' | 'member';
  ref: string;
}

/** Answers a person's Matrix reply to a notification sent with `notify(…, {replyTo: {handler: name, ref}})`. */
export interface ReplyHandler {
  name: string;
  /** Gets the reply text (reply fallback stripped); what it returns is sent back as a reply. */
  handle(text: string, ctx: ReplyContext): Promise<string> | string;
}

/** A file someone sent Quorra in Matrix, and where. */
export interface IncomingFile {
  filename: string;
  mimetype?: string;
  size?: number;
  /** The text sent with the file (a Matrix media caption: `body` when it differs from `filename`). */
  caption?: string;
  /** The room's scope and workspace (a DM is personal chat with scope general). */
  scope: string[];
  workspace: string | null;
}

/** Who sent the file. */
export interface FileContext {
  userId: string;
  role: 'owner' | 'member';
  roomId: string;
}

/** Takes files household members upload in Matrix (e.g. a bank statement in a finance room); the first that accepts gets it. */
export interface FileHandler {
  name: string;
  /** Decides from the file's name, type and room alone, before anything is downloaded. */
  accepts(file: IncomingFile): boolean;
  /** Gets the downloaded bytes; what it returns is the bot's answer in the room. */
  handle(data: Buffer, file: IncomingFile, ctx: FileContext): Promise<string> | string;
}

/** Prompt text contributed by a plugin for a scope, a mode (`scope/mode`), an origin or a task. */
export interface PromptFragment {
  kind: 'scope' | 'mode' | 'origin' | 'task';
  name: string;
  text: string;
}

/** The reply handler name a notice about one proposal names in notify's replyTo (its ref is the row id). */
export const APPROVAL_REPLY_HANDLER = 'approval';
