// Plain-language provenance and importance, as the owner's legibility listing shows them.
import type { Importance, Provenance } from './memory-input.ts';

/** How a memory came to be, in words. */
export const provenanceLabel: Record<Provenance, string> = {
  user_stated: 'You told Quorra',
  model_inference: 'Quorra inferred this',
  notepad: 'From your notepad',
  imported: 'Imported',
  owner_set: 'Set by the owner',
};

/** What importance means in practice. */
export const importanceLabel: Record<Importance, string> = {
  core: 'In every conversation',
  contextual: 'Looked up when the topic comes up',
};
