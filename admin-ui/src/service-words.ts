// What each workspace service is called by the people of the house, and a line on what it gives a workspace.
const words: Record<string, { name: string; line: string }> = {
  general: { name: 'Everyday help', line: 'Answers, notes and reminders in plain conversation.' },
  calendar: { name: 'Calendar and reminders', line: 'Events, to-dos, shared lists and reminders.' },
  planning: { name: 'Planning', line: 'Finding free time and looking over the week ahead.' },
  finance: { name: 'Money', line: 'Budgets, spending and bank statements.' },
  knowledge: { name: 'Documents', line: 'Answers from the household’s own notes and files.' },
  concierge: {
    name: 'Guest messages',
    line: 'Drafted replies to rental guests, each approved before it goes.',
  },
  system: { name: 'Quorra’s own health', line: 'How Quorra and its computer are doing.' },
  notepad: { name: 'Notepad', line: 'Quick jots sorted into tasks, reminders and notes overnight.' },
};

/** The service's everyday name and line; an unknown one (a plugin's own) keeps its id. */
export function serviceWords(id: string): { name: string; line: string } {
  return words[id] ?? { name: id, line: '' };
}
