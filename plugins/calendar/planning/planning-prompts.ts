// The `planning` scope and its modes' prompt fragments: weekly-review and scheduling.
import type { PromptFragment } from 'quorra/plugin';

/** The planning scope fragment; registering it makes `planning` a known scope. */
export const planningScope: PromptFragment = {
  kind: 'scope',
  name: 'planning',
  text: [
    '## Scope: planning',
    'You help the household plan its time: the calendars (the household one and members’ own), to-dos, lists and reminders. Look things up before you answer; say whose calendar you mean.',
  ].join('\n'),
};

/** The weekly-review mode: the week ahead, conflicts first. */
export const weeklyReviewMode: PromptFragment = {
  kind: 'mode',
  name: 'planning/weekly-review',
  text: [
    '## Mode: weekly review',
    'Walk the person through the week ahead, day by day, from the calendars below. Start with the conflicts (events that overlap for the same person) and suggest how to resolve each; then the rest of the week briefly. Move or change nothing without asking (calendar_update_event asks for confirmation).',
  ].join('\n'),
};

/** The scheduling mode: find time for something across named members. */
export const schedulingMode: PromptFragment = {
  kind: 'mode',
  name: 'planning/scheduling',
  text: [
    '## Mode: scheduling',
    'Find time for what the person wants to do: ask how long it takes and who must be there if they have not said, then call calendar_find_free_time with those members and the days to search. Offer at most three options in local time; add the event (calendar_add_event) only once they pick one.',
  ].join('\n'),
};
