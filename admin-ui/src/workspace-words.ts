// A workspace's kind and Quorra's personas as the people of the house call them (the ids stay on the wire).
const kinds: Record<string, { name: string; line: string }> = {
  household: { name: 'Household', line: 'the family’s shared space' },
  hosting: { name: 'Hosting', line: 'a rental with guests' },
  personal: { name: 'Personal', line: 'one person’s own' },
};

const personas: Record<string, string> = {
  owner: 'The household’s assistant',
  child: 'A child’s assistant',
  'guest-concierge': 'Concierge for rental guests',
};

/** A kind with what it is for ("Hosting: a rental with guests"); an unknown one keeps its id. */
export function kindWords(kind: string): string {
  const k = kinds[kind];
  return k ? `${k.name}: ${k.line}` : kind;
}

/** A kind's name alone, for a card ("Hosting"). */
export function kindName(kind: string): string {
  return kinds[kind]?.name ?? kind;
}

/** A persona in words; a plugin's own keeps its id. */
export function personaWords(id: string): string {
  return personas[id] ?? id;
}
