// The `notepad` scope: a room mapped to it (`!quorra room scope notepad`) captures every plain message as a jot.
import type { PromptFragment } from 'quorra/plugin';

/** Registering it makes `notepad` a known scope; mention Quorra in such a room to talk instead of jotting. */
export const notepadScope: PromptFragment = {
  kind: 'scope',
  name: 'notepad',
  text: [
    '## Scope: notepad',
    'This room is the person’s notepad: their plain messages are captured as jots for the nightly triage and never reach you. When they mention you here, answer briefly; what they jotted is reviewed in the morning.',
  ].join('\n'),
};
