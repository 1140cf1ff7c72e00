// Prompt fragments: Markdown files under prompts/, loaded once at start-up, plus fragments plugins register.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PromptFragment } from '../contracts/contributions.ts';
import { QuorraError } from '../contracts/errors.ts';
import type { Registry } from '../contracts/registry.ts';

const folderOf: Record<PromptFragment['kind'], string> = {
  scope: 'scopes',
  mode: 'modes',
  origin: 'origin',
  task: 'tasks',
};

/** Reads every .md file under dir into a map keyed by relative path without extension (`scopes/general`). */
export function readPromptFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md'))
        out.set(
          path.relative(dir, full).slice(0, -3).split(path.sep).join('/'),
          readFileSync(full, 'utf8').trim(),
        );
    }
  };
  walk(dir);
  return out;
}

/** Looks fragments up by kind and name: a plugin-registered fragment wins over a file. */
export class PromptLibrary {
  constructor(
    private readonly files: Map<string, string>,
    private readonly registered: Registry<PromptFragment>,
  ) {}

  /** The scope names as of a registry version (files never change after start). */
  private scopes?: { version: number; names: readonly string[]; known: ReadonlySet<string> };

  /** The fragment text, or undefined. */
  find(kind: PromptFragment['kind'], name: string): string | undefined {
    return this.registered.get(`${kind}:${name}`)?.text ?? this.files.get(`${folderOf[kind]}/${name}`);
  }

  /** The fragment text; a missing one is a coded error naming the file it expected. */
  get(kind: PromptFragment['kind'], name: string): string {
    const text = this.find(kind, name);
    if (text === undefined) {
      throw new QuorraError(
        'QUORRA_PROMPT_MISSING',
        `no prompt fragment for ${kind} "${name}" (expected prompts/${folderOf[kind]}/${name}.md)`,
      );
    }
    return text;
  }

  /** A top-level file such as `base` or `personas/guest-concierge`. */
  file(name: string): string {
    const text = this.files.get(name);
    if (text === undefined) throw new QuorraError('QUORRA_PROMPT_MISSING', `missing prompts/${name}.md`);
    return text;
  }

  /** Names of the scope fragments that exist (files and registered); every turn asks, so kept until a change. */
  scopeNames(): readonly string[] {
    if (this.scopes?.version !== this.registered.version) {
      const fromFiles = [...this.files.keys()]
        .filter((k) => k.startsWith('scopes/'))
        .map((k) => k.slice('scopes/'.length));
      const fromPlugins = this.registered
        .list()
        .filter((f) => f.kind === 'scope')
        .map((f) => f.name);
      const names = Object.freeze([...new Set([...fromFiles, ...fromPlugins])].sort());
      this.scopes = { version: this.registered.version, names, known: new Set(names) };
    }
    return this.scopes.names;
  }

  /** Whether a scope has a fragment (a file or a registered one). */
  hasScope(name: string): boolean {
    this.scopeNames();
    return this.scopes!.known.has(name);
  }
}
