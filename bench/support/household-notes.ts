// A night's notes for Dream's bench: short chat turns, notepad lines and long documents, written in the household
// sentences every bench shares (memory-corpus.ts).
import { householdSentence, rand } from './memory-corpus.ts';

/** A realistic night's notes: mostly short chat turns, some notepad lines, now and then a long pasted document. */
export function mixedNote(): { sourceKind: 'chat_turn' | 'notepad' | 'document'; text: string } {
  const r = rand();
  if (r < 0.7)
    return { sourceKind: 'chat_turn', text: `User (Alice): ${householdSentence()}\nQuorra: Noted.` };
  if (r < 0.95) return { sourceKind: 'notepad', text: householdSentence() };
  // about 5,000 characters: well over half a batch's budget, so it is extracted alone
  return { sourceKind: 'document', text: Array.from({ length: 70 }, () => householdSentence()).join('. ') };
}

/** The words a claim may quote: a chat turn's user part, anything else whole. */
export const personText = (text: string) => /^User \(.*?\): ([^\n]*)/.exec(text)?.[1] ?? text.slice(0, 200);
