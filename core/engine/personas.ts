// Personas: who Quorra is for a session. A persona fixes the prompt family and an optional tool allow-list.

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
