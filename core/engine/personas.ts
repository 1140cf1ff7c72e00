// Personas: who Quorra is for a session. A persona fixes the prompt family and an optional tool allow-list.

import { fail } from '../contracts/errors.ts';
import type { Principal } from '../contracts/principal.ts';

/** A persona; `allowTools` undefined means no allow-list (the household), a list means exactly those tools. */
export interface Persona {
  id: string;
  description: string;
  /** Prompt file replacing the base identity (under prompts/), or undefined for prompts/base.md. */
  basePrompt?: string;
  allowTools?: readonly string[];
  /** Whether turns may be recorded by the inspector and written to the notes log. */
  recordable: boolean;
}

/** The code registry of personas; adding one is an entry here plus its prompt file. */
export const personas: Readonly<Record<string, Persona>> = Object.freeze({
  owner: { id: 'owner', description: 'a household member talking to their assistant', recordable: true },
  child: {
    id: 'child',
    description: 'a child of the household, in plain words and within the reach a parent set',
    basePrompt: 'personas/child',
    recordable: true,
  },
  'guest-concierge': {
    id: 'guest-concierge',
    description: 'the concierge answering a rental guest for the owner',
    basePrompt: 'personas/guest-concierge',
    allowTools: Object.freeze(['search_knowledge', 'check_this_booking', 'escalate_to_owner']),
    recordable: false,
  },
});

/** The persona by id; unknown ids are a programming error. */
export function persona(id: string): Persona {
  const p = personas[id];
  if (!p) throw new Error(`unknown persona "${id}"`);
  return p;
}

/**
 * The persona a new session gets: the one asked for, else `owner` for a user and `guest-concierge` for a guest.
 * A guest never gets a recordable (household) persona, whatever the caller asks for.
 */
export function personaFor(principal: Principal, requested?: string): string {
  // a child talks to the child persona, whatever the surface asks for
  if (principal.kind === 'user' && principal.child) return 'child';
  const id = requested ?? (principal.kind === 'user' ? 'owner' : 'guest-concierge');
  const p = personas[id];
  if (!p) throw fail.invalid('UNKNOWN_PERSONA', `unknown persona "${id}"`, { known: Object.keys(personas) });
  if (principal.kind !== 'user' && p.recordable)
    throw fail.forbidden(`a guest cannot talk to Quorra as persona "${id}"`);
  return id;
}
