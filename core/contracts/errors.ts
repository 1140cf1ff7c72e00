// Coded domain errors: every error Quorra raises on purpose has a stable code, a kind, a message and details.

/**
 * What went wrong, as a closed set; surfaces map it (HTTP: core/http/error-status.ts, Matrix: the apology).
 * The code names the precise failure (`SCOPE_MISMATCH`, `ALREADY_SENT`), the kind says how a caller should treat it.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unprocessable'
  | 'unavailable'
  | 'upstream'
  | 'timeout'
  | 'storage-full'
  | 'rate-limited'
  | 'internal';

/** One entry of the catalogue: the HTTP status a surface answers with, and one line on when it happens. */
export interface ErrorEntry {
  readonly status: number;
  readonly says: string;
}

/**
 * Every code core raises, with its status and one line; plugins/README.md's table is generated from it
 * (`npx tsx tools/error-table.ts`, a test keeps the two equal). The status is the one its kind maps to where it
 * reaches HTTP (core/http/error-status.ts); a code only the CLI or boot raises is 500.
 */
export const coreErrors = {
  BAD_REQUEST: { status: 400, says: 'the request is not one Quorra can act on' },
  UNAUTHORIZED: { status: 401, says: 'missing or unknown credentials' },
  FORBIDDEN: { status: 403, says: 'the caller may not do this' },
  NOT_FOUND: { status: 404, says: 'the thing named does not exist (or is not the caller’s to see)' },
  INTERNAL: { status: 500, says: 'something failed inside Quorra; the log has the details' },
  CSRF_TOKEN_MISSING: { status: 403, says: 'a write from the browser came without the CSRF header' },
  INVALID_JSON: { status: 400, says: 'the request body is not JSON' },
  INCOMPLETE_BODY: { status: 400, says: 'the request body ended early' },
  UNSUPPORTED_MEDIA_TYPE: { status: 400, says: 'a JSON body that is not UTF-8' },
  VALIDATION_FAILED: {
    status: 400,
    says: 'the body, query or params fail the route’s schema (issues in details)',
  },
  PAYLOAD_TOO_LARGE: { status: 413, says: 'the request body is over the limit' },
  NOT_CONFIGURED: { status: 503, says: 'a signed route has no signing secret configured' },
  MESSAGE_TOO_LONG: { status: 413, says: 'a chat message over engine.maxMessageChars' },
  SCOPE_MISMATCH: { status: 400, says: 'the session is locked to other scopes; start a new one' },
  WORKSPACE_MISMATCH: { status: 400, says: 'the session belongs to another workspace' },
  SESSION_NOT_COMMITTED: { status: 409, says: 'the session has no scope yet' },
  UNKNOWN_MODE: { status: 400, says: 'no such mode in the session’s scope' },
  UNKNOWN_PERSONA: { status: 400, says: 'a persona no prompt declares' },
  CONFIRMATION_EXPIRED: { status: 409, says: 'the confirmation timed out; ask again' },
  CONFIRMATION_RESOLVED: { status: 409, says: 'the confirmation was already answered' },
  MODEL_BUSY: { status: 503, says: 'the model is busy with other conversations' },
  SHUTTING_DOWN: {
    status: 503,
    says: 'Quorra is stopping; the turn was not finished (send it again shortly)',
  },
  MODEL_ERROR: { status: 502, says: 'the model answered with an error' },
  MODEL_MISSING: { status: 503, says: 'the embedded model file is not there yet' },
  MODEL_TIMEOUT: { status: 504, says: 'the model did not answer in time' },
  MODEL_UNAVAILABLE: { status: 502, says: 'the model endpoint cannot be reached' },
  MODEL_UNKNOWN: { status: 500, says: '`quorra model pull` names a model the manifest does not list' },
  MODEL_UNSUPPORTED: { status: 500, says: 'no chat template fits the model file' },
  MODEL_PULL_CHECKSUM: { status: 500, says: 'a downloaded model does not match its checksum' },
  MODEL_PULL_HTTP: { status: 500, says: 'the model mirror answered with an HTTP error' },
  MODEL_PULL_INTERRUPTED: { status: 500, says: 'a model download stopped part way (it resumes next time)' },
  MODEL_PULL_OFFLINE: { status: 500, says: 'the model mirror cannot be reached' },
  USAGE: { status: 500, says: 'a CLI command was called with the wrong arguments' },
  QUORRA_USAGE: { status: 500, says: 'a CLI command was called with the wrong arguments' },
  QUORRA_CONFIG_INVALID: { status: 500, says: 'the config file or environment fails the config schema' },
  APPLY_FAILED: { status: 502, says: 'an approved proposal failed when applied' },
  INVALID_PAYLOAD: { status: 400, says: 'a proposal’s payload fails its kind’s schema' },
  KIND_UNAVAILABLE: { status: 503, says: 'the plugin that applies this proposal is off' },
  NOT_APPLIABLE: { status: 503, says: 'a proposal cannot be applied right now' },
  NOT_EDITABLE: { status: 409, says: 'a proposal that cannot be edited' },
  NO_PERSON: { status: 400, says: 'a proposal kind that needs the person it is for' },
  PROPOSAL_SETTLED: { status: 409, says: 'the proposal was already approved, rejected or withdrawn' },
  UNKNOWN_KIND: { status: 400, says: 'a proposal of a kind nobody registered' },
  DREAM_RUNNING: { status: 409, says: 'a Dream run is already in progress' },
  REVIEW_RESOLVED: { status: 409, says: 'the Dream review was already resolved' },
  MATRIX_NOT_CONNECTED: { status: 503, says: 'Quorra is not connected to Matrix right now' },
  QUORRA_MATRIX_NO_CREDENTIALS: { status: 500, says: 'no usable Matrix access token and no password' },
  QUORRA_NOTIFY_EMPTY: { status: 400, says: 'a notification without text' },
  QUORRA_NOTIFY_REPLY_TO: { status: 400, says: 'a notification’s replyTo lacks a handler or ref' },
  QUORRA_NOTIFY_SECRET: { status: 400, says: 'a notification naming a secret kind nobody defined' },
  QUORRA_NOTIFY_TOO_LONG: { status: 400, says: 'a notification over the length limit' },
  QUORRA_NOTIFY_URGENCY: { status: 400, says: 'a notification with an unknown urgency' },
  QUORRA_UNKNOWN_USER: { status: 400, says: 'a notification for a user who does not exist' },
  UNKNOWN_SCOPE: { status: 400, says: 'a scope no prompt declares' },
  UNKNOWN_SERVICE: { status: 400, says: 'a service no plugin offers' },
  UNKNOWN_WORKSPACE: { status: 400, says: 'no workspace by that name' },
  SCOPE_NOT_BOUND: { status: 400, says: 'the workspace has no service for that scope' },
  PERSONA_NOT_ALLOWED: { status: 400, says: 'only a hosting workspace offers the guest concierge' },
  PERSONA_NOT_OFFERED: { status: 400, says: 'the workspace does not offer that persona' },
  ROOM_TAKEN: { status: 409, says: 'the Matrix room already belongs to another workspace' },
  WORKSPACE_NAME_TAKEN: { status: 409, says: 'a workspace with that name exists' },
  WORKSPACE_REQUIRED: { status: 400, says: 'a guest session needs a hosting workspace' },
  QUORRA_SEAL_INVALID: { status: 500, says: 'a memory read without a user seal (guests have none)' },
  QUORRA_LAST_OWNER: { status: 409, says: 'the household needs at least one owner' },
  QUORRA_REMOVE_SELF: { status: 409, says: 'an owner cannot remove themselves' },
  QUORRA_USER_EXISTS: { status: 409, says: 'a user with that name exists' },
  QUORRA_USER_MATRIX_TAKEN: { status: 409, says: 'the Matrix ID already belongs to a user' },
  QUORRA_USER_UNKNOWN: { status: 404, says: 'no user by that id' },
  QUORRA_USER_AMBIGUOUS: { status: 500, says: 'a CLI display name that names more than one person' },
  QUORRA_INVALID_INPUT: { status: 500, says: 'a CLI command was given a value that is not valid' },
  QUORRA_TOKEN_UNKNOWN: { status: 500, says: '`quorra token` names no token' },
  QUORRA_BACKUP_CORRUPT: { status: 500, says: 'the backup archive cannot be read' },
  QUORRA_BACKUP_FAILED: { status: 500, says: 'a backup could not be written' },
  QUORRA_RESTORE_NOT_EMPTY: { status: 500, says: 'a restore into a database that already holds rows' },
  QUORRA_RESTORE_NO_ARCHIVE: { status: 500, says: 'a restore names no archive' },
  QUORRA_DATA_DIR_UNWRITABLE: { status: 500, says: 'the data directory is not writable' },
  QUORRA_DATA_DIR_IN_USE: { status: 500, says: 'another Quorra is serving the same data directory' },
  QUORRA_MATRIX_REGISTRATION_FAILED: {
    status: 502,
    says: 'the homeserver would not create a family member’s account',
  },
  QUORRA_MATRIX_ACCOUNTS_OFF: {
    status: 409,
    says: 'Quorra cannot create Matrix accounts on this homeserver; give the person’s Matrix ID',
  },
  QUORRA_PORT_IN_USE: { status: 500, says: 'the API or metrics port is taken by another program' },
  QUORRA_DB_OPEN_FAILED: { status: 500, says: 'the database cannot be opened' },
  QUORRA_DB_UNSUPPORTED: { status: 500, says: 'an operation the database driver does not offer' },
  QUORRA_MIGRATION_FAILED: { status: 500, says: 'a core migration failed (rolled back)' },
  QUORRA_ENTITY_NO_TABLE: { status: 500, says: 'a core entity has no table after migrations' },
  QUORRA_MIGRATE_DB_SOURCE: { status: 500, says: '`quorra migrate-db` finds no SQLite database' },
  QUORRA_MIGRATE_DB_TARGET_NOT_EMPTY: { status: 500, says: 'the copy target already holds rows (--force)' },
  QUORRA_MIGRATE_DB_TARGET_TABLES: { status: 500, says: 'the copy target lacks tables' },
  QUORRA_MIGRATE_DB_COUNT_MISMATCH: { status: 500, says: 'row counts differ after a database copy' },
  QUORRA_PROMPT_MISSING: { status: 500, says: 'no prompt fragment for a scope, mode or persona' },
  QUORRA_ROUTE_AUTH: { status: 500, says: 'a route declares an unknown auth' },
  QUORRA_ROUTE_SIGNATURE: { status: 500, says: 'a signed route without a signature' },
  QUORRA_INVALID_CRON: { status: 500, says: 'a job with an invalid cron expression' },
  QUORRA_UNKNOWN_JOB: { status: 500, says: 'no job by that name' },
  QUORRA_DUPLICATE_JOB: { status: 500, says: 'a job name another plugin (or core) scheduled' },
  QUORRA_DUPLICATE_ROUTE: { status: 500, says: 'a route another plugin (or core) registered' },
  QUORRA_DUPLICATE_TOOL: { status: 500, says: 'a tool name another plugin (or core) registered' },
  QUORRA_DUPLICATE_MODE: { status: 500, says: 'a mode another plugin (or core) registered' },
  QUORRA_DUPLICATE_COMMAND: { status: 500, says: 'a command word another plugin (or core) registered' },
  QUORRA_DUPLICATE_PROMPT: { status: 500, says: 'a prompt fragment another plugin (or core) registered' },
  'QUORRA_DUPLICATE_APPROVAL SOURCE': { status: 500, says: 'an approval source name already registered' },
  'QUORRA_DUPLICATE_APPROVAL KIND': { status: 500, says: 'an approval kind already registered' },
  'QUORRA_DUPLICATE_REPLY HANDLER': { status: 500, says: 'a reply handler name already registered' },
  'QUORRA_DUPLICATE_FILE HANDLER': { status: 500, says: 'a file handler name already registered' },
  QUORRA_PLUGIN_SETTINGS_UNKNOWN: {
    status: 500,
    says: '`plugins.<id>` in config names no installed plugin; boot stops',
  },
  QUORRA_PLUGIN_DUPLICATE_ID: { status: 500, says: 'the same id in two plugin folders; neither copy runs' },
  QUORRA_PLUGIN_ID_MISMATCH: { status: 500, says: 'the folder and the plugin’s `id` differ' },
  QUORRA_PLUGIN_INVALID: { status: 500, says: 'index.ts does not default-export definePlugin({...})' },
  QUORRA_PLUGIN_MISSING_MODULE: {
    status: 500,
    says: 'an import the plugin needs is nowhere; the package is named',
  },
  QUORRA_PLUGIN_LOAD_FAILED: { status: 500, says: 'the plugin’s index.ts throws on import' },
  QUORRA_PLUGIN_MIGRATION_FAILED: {
    status: 500,
    says: 'one of its migrations throws (rolled back); the rest runs',
  },
  QUORRA_PLUGIN_ENTITY_NO_TABLE: { status: 500, says: 'a plugin entity has no table after migrations' },
  QUORRA_PLUGIN_MISSING_DEPENDENCY: { status: 500, says: 'a `dependsOn` plugin is not installed' },
  QUORRA_PLUGIN_DEPENDENCY_INACTIVE: { status: 500, says: 'a `dependsOn` plugin is not active' },
  QUORRA_PLUGIN_DEPENDENCY_CYCLE: { status: 500, says: 'plugins that depend on each other in a circle' },
  QUORRA_PLUGIN_UNDECLARED_DEPENDENCY: {
    status: 500,
    says: '`ctx.dependency` names a plugin not in dependsOn',
  },
  QUORRA_PLUGIN_INVALID_SETTINGS: {
    status: 500,
    says: 'settings fail the plugin’s zod schema; each issue listed',
  },
  QUORRA_PLUGIN_ACTIVATE_FAILED: { status: 500, says: '`activate` throws; what it registered is undone' },
  QUORRA_PLUGIN_UNKNOWN: { status: 404, says: 'no plugin by that id' },
  QUORRA_PLUGIN_HAS_DEPENDENTS: { status: 409, says: 'a plugin others depend on cannot be turned off' },
  QUORRA_TOOL_UNKNOWN_SCOPE: { status: 500, says: 'a tool names a scope no prompt declares' },
  TOO_MANY_REQUESTS: { status: 429, says: 'one address asked too often (sign-in codes, webhook failures)' },
  STORAGE_FULL: {
    status: 507,
    says: 'a write met a full disk (the data directory’s or the database server’s)',
  },
} as const satisfies Record<string, ErrorEntry>;

type CoreErrors = typeof coreErrors;

/**
 * Every code there is: core's, and each plugin's, which a plugin adds by declaration merging
 * (`declare module 'quorra/plugin' { interface ErrorCatalogue extends MyErrors {} }`, see plugins/README.md).
 */
export interface ErrorCatalogue extends CoreErrors {}

/** A code Quorra or a plugin raises: a key of the catalogue, so a typo or an unlisted code fails to compile. */
export type ErrorCode = keyof ErrorCatalogue & string;

/** An error with a stable machine-readable code (e.g. `QUORRA_PLUGIN_MISSING_DEPENDENCY`) and a kind. */
export class QuorraError extends Error {
  readonly kind: ErrorKind;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    kind: ErrorKind = 'internal',
  ) {
    super(message);
    this.name = 'QuorraError';
    this.kind = kind;
  }
}

/** The domain errors the engine, stores and plugins throw; the kind decides the HTTP status, not the thrower. */
export const fail = {
  invalid: (code: ErrorCode, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'invalid'),
  badRequest: (message: string, details?: unknown) =>
    new QuorraError('BAD_REQUEST', message, details, 'invalid'),
  unauthenticated: (message = 'missing or unknown credentials') =>
    new QuorraError('UNAUTHORIZED', message, undefined, 'unauthenticated'),
  forbidden: (message = 'not allowed') => new QuorraError('FORBIDDEN', message, undefined, 'forbidden'),
  notFound: (what = 'resource') => new QuorraError('NOT_FOUND', `${what} not found`, undefined, 'not-found'),
  conflict: (code: ErrorCode, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'conflict'),
  tooLarge: (code: ErrorCode, message: string) => new QuorraError(code, message, undefined, 'too-large'),
  unprocessable: (code: ErrorCode, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'unprocessable'),
  unavailable: (code: ErrorCode, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'unavailable'),
  upstream: (code: ErrorCode, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'upstream'),
  timeout: (code: ErrorCode, message: string) => new QuorraError(code, message, undefined, 'timeout'),
  rateLimited: (message: string, retryAfterSeconds: number) =>
    new QuorraError('TOO_MANY_REQUESTS', message, { retryAfterSeconds }, 'rate-limited'),
  storageFull: () =>
    new QuorraError(
      'STORAGE_FULL',
      'Quorra’s disk is full, so nothing new can be saved right now. What is already saved is safe. ' +
        'Free some space on the disk (or ask the household’s owner to) and try again.',
      undefined,
      'storage-full',
    ),
};

/** True for a domain error of the given kind (callers branch on kinds or codes, never on HTTP statuses). */
export function isKind(err: unknown, kind: ErrorKind): err is QuorraError {
  return err instanceof QuorraError && err.kind === kind;
}
