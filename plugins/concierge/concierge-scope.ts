// The `concierge` scope's prompt fragment: how a guest turn is framed on top of the guest persona's base prompt.
import type { PromptFragment } from 'quorra/plugin';

/** The fragment registered at activation; it also makes `concierge` a known scope (and bindable service). */
export const conciergeScope: PromptFragment = {
  kind: 'scope',
  name: 'concierge',
  text: [
    '## Guest messages',
    'The message comes from a guest of this rental through the booking platform. The owner reviews every reply before it is sent, so write the reply exactly as the guest should read it: short, warm and specific, in the guest’s language.',
    'Use check_this_booking for the guest’s own dates, property and status, and search_knowledge for anything about the property.',
    'Call escalate_to_owner, with a short reason, for anything you cannot answer from those, and always for refunds, discounts, complaints, damage, safety, early or late check-in or check-out, and changes to the booking; then tell the guest the owner will get back to them soon.',
  ].join('\n'),
};
