// Reads defaults, the YAML file and the environment (later wins) into one validated config.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type * as Yaml from 'yaml';
import type { ZodError } from 'zod';
import { lazyRequire } from '../lazy-require.ts';
import { redactDatabaseUrls } from '../text/database-url.ts';
import { configSchema, envVariables, type QuorraConfig } from './schema.ts';
import { setupConfigLayer } from './setup-file.ts';

// most households configure through the environment: the YAML parser loads only when there is a file to read
const yaml = lazyRequire<typeof Yaml>('yaml');

/** One thing wrong with the configuration, in words an operator can act on. */
export interface ConfigProblem {
  key: string;
  expected: string;
  got: string;
}

/** Thrown when configuration cannot be used; carries every problem, not only the first. */
export class ConfigError extends Error {
  readonly code = 'QUORRA_CONFIG_INVALID';
  constructor(
    readonly problems: ConfigProblem[],
    readonly source: string,
  ) {
    super(`invalid configuration (${source}):\n${problems.map(formatProblem).join('\n')}`);
  }
}

function formatProblem(p: ConfigProblem): string {
  return `  - ${p.key}: expected ${p.expected}, got ${p.got}`;
}

export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Extra values applied last (tests and the CLI use this). */
  overrides?: Record<string, unknown>;
}

/** Loads and validates configuration; throws ConfigError listing every problem. */
export function loadConfig(options: LoadConfigOptions = {}): QuorraConfig & { configFile?: string } {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const explicit = env.QUORRA_CONFIG;
  const file = path.resolve(cwd, explicit ?? 'config/quorra.yaml');
  let fromFile: Record<string, unknown> = {};
  if (existsSync(file)) {
    fromFile = withNewNames(readYaml(file));
  } else if (explicit) {
    throw new ConfigError([{ key: 'QUORRA_CONFIG', expected: 'a readable YAML file', got: file }], file);
  }
  const above = deepMerge(fromEnv(env), options.overrides ?? {});
  // what the owner set up in the browser sits between the file and the environment: an operator's variable wins
  const dataDir = (above.dataDir ?? fromFile.dataDir ?? './data') as string;
  const fromSetup = setupConfigLayer(path.resolve(cwd, dataDir));
  const merged = deepMerge(deepMerge(fromFile, fromSetup), above);
  const result = configSchema.safeParse(merged);
  if (!result.success) {
    const envNames = Object.fromEntries(
      Object.entries(envVariables)
        .filter(([n]) => env[n])
        .map(([n, k]) => [k, n]),
    );
    throw new ConfigError(
      describeIssues(result.error, merged, envNames),
      existsSync(file) ? file : 'defaults and environment',
    );
  }
  return { ...result.data, configFile: existsSync(file) ? file : undefined };
}

/** A file copied from an older example keeps working: a key renamed since is read under its new name. */
function withNewNames(doc: Record<string, unknown>): Record<string, unknown> {
  const server = doc.server as Record<string, unknown> | undefined;
  if (!server || typeof server !== 'object' || !('shutdownTimeoutMs' in server)) return doc;
  const { shutdownTimeoutMs, ...rest } = server;
  return { ...doc, server: { shutdownGraceMs: shutdownTimeoutMs, ...rest } };
}

function readYaml(file: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = yaml().parse(readFileSync(file, 'utf8')) ?? {};
  } catch (err) {
    throw new ConfigError(
      [{ key: '(file)', expected: 'valid YAML', got: (err as Error).message.split('\n')[0] }],
      file,
    );
  }
  if (typeof doc !== 'object' || Array.isArray(doc)) {
    throw new ConfigError([{ key: '(file)', expected: 'a mapping at the top level', got: typeof doc }], file);
  }
  return doc as Record<string, unknown>;
}

function fromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(envVariables)) {
    const value = env[name] || fromFile(name, env[`${name}_FILE`]);
    if (value === undefined || value === '') continue;
    setPath(out, key.split('.'), key === 'developerMode' ? value === 'true' || value === '1' : value);
  }
  return out;
}

/** The trimmed content of a `<NAME>_FILE` variable's file; a missing file is a config problem, not a crash. */
function fromFile(name: string, file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new ConfigError(
      [
        {
          key: `${name}_FILE`,
          expected: 'a readable file',
          got: `${file} (${(err as NodeJS.ErrnoException).code})`,
        },
      ],
      'environment',
    );
  }
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown): void {
  let node = target;
  for (const k of keys.slice(0, -1)) {
    node[k] = (node[k] as Record<string, unknown>) ?? {};
    node = node[k] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Merges b over a, recursing into plain objects only. */
export function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    out[k] = isPlainObject(v) && isPlainObject(out[k]) ? deepMerge(out[k] as Record<string, unknown>, v) : v;
  }
  return out;
}

function valueAt(root: unknown, keys: PropertyKey[]): unknown {
  let node = root;
  for (const k of keys) node = isPlainObject(node) || Array.isArray(node) ? (node as any)[k] : undefined;
  return node;
}

/** Turns zod issues into operator-readable problems (key, expected, got). */
export function describeIssues(
  error: ZodError,
  input: unknown,
  envNames: Record<string, string> = {},
): ConfigProblem[] {
  return error.issues.map((issue) => {
    const key = issue.path.map(String).join('.') || '(root)';
    const got = valueAt(input, issue.path);
    if (issue.code === 'unrecognized_keys') {
      return {
        key: [key === '(root)' ? '' : key, issue.keys.join(', ')].filter(Boolean).join('.'),
        expected: 'a known key',
        got: 'unknown key',
      };
    }
    return {
      key: key + (envNames[key] ? ` (${envNames[key]})` : ''),
      expected: expectedOf(issue),
      // a database URL's password never reaches the terminal, even when the URL is wrong
      got: got === undefined ? 'nothing' : redactDatabaseUrls(JSON.stringify(got)),
    };
  });
}

function expectedOf(issue: ZodError['issues'][number]): string {
  switch (issue.code) {
    case 'invalid_type':
      return `a ${issue.expected}`;
    case 'invalid_format':
      return `a valid ${issue.format}`;
    case 'invalid_value':
      return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'too_big':
      return `at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : ''}`;
    default:
      return issue.message.replace(/^Invalid input: /, '');
  }
}
