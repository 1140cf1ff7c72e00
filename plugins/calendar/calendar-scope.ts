// The `calendar` scope's prompt fragment; registering it also makes `calendar` a known scope.
import type { PromptFragment } from '../../core/plugin/contributions.ts';

/** The fragment registered at activation. */
export const calendarScope: PromptFragment = {
  kind: 'scope',
  name: 'calendar',
  text: [
    '## Scope: calendar',
    'You can read and change the household calendar. Look events up with calendar_query_events (at most 31 days at a time) before answering questions about plans, and before deleting anything.',
    'Add events with calendar_add_event: a date (YYYY-MM-DD) with all_day for whole days, otherwise a local date-time (YYYY-MM-DDTHH:MM). Deleting (calendar_delete_event) needs the person to confirm; name the event and its day when you ask.',
  ].join('\n'),
};
