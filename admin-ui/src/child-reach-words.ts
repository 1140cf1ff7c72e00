// A child's reach in the words a parent reads on the People page, from the tool names the server lists.

const WORDS: Record<string, string> = {
  list_add_items: 'add to the family lists',
  list_show: 'read the lists',
  list_check_items: 'tick things off the lists',
  reminder_set: 'set reminders',
  reminder_list: 'see their reminders',
  calendar_query_events: "see what's on the calendar",
  calendar_list_tasks: 'see their to-do list',
  calendar_create_task: 'add to-dos',
  calendar_complete_task: 'tick off to-dos',
  search_knowledge: "look things up in the family's notes",
  memory_recall: 'recall what they told Quorra',
  memory_save: 'ask Quorra to remember things',
};

/** "Can set reminders, read the lists, … Anything else, they ask a parent." */
export function childReachWords(reach: readonly string[]): string {
  const can = reach.filter((t) => t !== 'ask_a_parent').map((t) => WORDS[t] ?? t.replaceAll('_', ' '));
  const asks = reach.includes('ask_a_parent')
    ? 'For anything else they ask a parent, who can say yes or no.'
    : 'Anything else is out of reach.';
  return `${can.length ? `Can ${can.join(', ')}.` : 'Can use nothing on their own.'} Never money, passwords or deleting things. ${asks}`;
}
