// Whether Dream may run for a workspace: stored setting over environment default, and any doubt means off.
import type { StoredDreamSetting } from './dream-settings.ts';

/** The environment (config) defaults. */
export interface DreamDefaults {
  allowLlmText: boolean;
  workspaces: readonly string[];
  semanticDedup: boolean;
}

/** Where a switch's value came from. */
export type FlagSource = 'stored' | 'env' | 'error';

/** The effective switches of one workspace key. */
export interface DreamFlags {
  workspace: string;
  allowLlmText: boolean;
  enrolled: boolean;
  semanticDedup: boolean;
  /** Runs only when note text may go to the model and the workspace is enrolled. */
  enabled: boolean;
  sources: { allowLlmText: FlagSource; enrolled: FlagSource; semanticDedup: FlagSource };
  /** Why the flags are off when reading the stored setting failed. */
  error?: string;
}

/** Applies the precedence: a stored non-null switch wins in either direction; otherwise the default. */
export function resolveFlags(
  workspace: string,
  defaults: DreamDefaults,
  stored: Pick<StoredDreamSetting, 'allowLlmText' | 'enrolled' | 'semanticDedup'> | null,
): DreamFlags {
  const one = (s: boolean | null | undefined, d: boolean): [boolean, FlagSource] =>
    typeof s === 'boolean' ? [s, 'stored'] : [d, 'env'];
  const [allowLlmText, a] = one(stored?.allowLlmText, defaults.allowLlmText === true);
  const [enrolled, e] = one(stored?.enrolled, defaults.workspaces.includes(workspace));
  const [semanticDedup, s] = one(stored?.semanticDedup, defaults.semanticDedup === true);
  return {
    workspace,
    allowLlmText,
    enrolled,
    semanticDedup,
    enabled: allowLlmText && enrolled,
    sources: { allowLlmText: a, enrolled: e, semanticDedup: s },
  };
}

/** Every switch off: what an unreadable setting means. */
export function closedFlags(workspace: string, error: string): DreamFlags {
  return {
    workspace,
    allowLlmText: false,
    enrolled: false,
    semanticDedup: false,
    enabled: false,
    sources: { allowLlmText: 'error', enrolled: 'error', semanticDedup: 'error' },
    error,
  };
}

/** Reads the stored setting and resolves the flags; a failed read (or a throwing reader) yields all-off. */
export async function readFlags(
  workspace: string,
  defaults: DreamDefaults,
  read: (workspace: string) => Promise<StoredDreamSetting | null>,
): Promise<DreamFlags> {
  try {
    return resolveFlags(workspace, defaults, await read(workspace));
  } catch (err) {
    return closedFlags(workspace, (err as Error)?.message ?? String(err));
  }
}

/** The workspace keys worth evaluating: the enrolment list plus every workspace with a stored setting. */
export async function candidateWorkspaces(
  defaults: DreamDefaults,
  list: () => Promise<StoredDreamSetting[]>,
): Promise<{ keys: string[]; error?: string }> {
  const keys = new Set(defaults.workspaces);
  try {
    for (const s of await list()) keys.add(s.workspace);
    return { keys: [...keys].sort() };
  } catch (err) {
    // the enrolment list alone is still evaluated, and readFlags fails closed for each of those
    return { keys: [...keys].sort(), error: (err as Error)?.message ?? String(err) };
  }
}
