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

/** Whose memory a label speaks about, as the viewer sees it. */
export interface LabelSubject {
  /** The memory's owner (null: the household's). */
  ownerUserId: string | null;
  /** Their display name, when known. */
  ownerName: string | null;
  /** Who is looking. */
  viewerId: string;
}

/** The provenance in words for whoever is looking: "You told Quorra" to Max, "Max told Quorra" to the owner. */
export function provenanceLabelFor(p: Provenance, s: LabelSubject): string {
  const yours = s.ownerUserId === s.viewerId;
  const who = s.ownerUserId === null ? null : yours ? 'You' : (s.ownerName ?? 'A former member');
  if (p === 'user_stated') return who ? `${who} told Quorra` : 'Told Quorra for the household';
  if (p === 'notepad')
    return who === null
      ? 'From the household notepad'
      : yours
        ? 'From your notepad'
        : `From ${who}’s notepad`;
  return provenanceLabel[p];
}
