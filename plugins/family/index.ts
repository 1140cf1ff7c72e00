// Family: a child asks a parent instead of hearing no — wishes outside a child's reach go to the parents' approvals.
import { definePlugin } from 'quorra/plugin';
import { askAParent } from './ask-a-parent.ts';
import { childRequestKind } from './child-request-kind.ts';
import { familySettings } from './family-settings.ts';

export default definePlugin({
  id: 'family',
  description:
    'Lets a child ask a parent for what is outside their reach; a parent allows it once or says no.',
  settings: familySettings,
  activate(ctx) {
    ctx.approvals.registerKind(childRequestKind(ctx));
    ctx.tools.add(askAParent({ ...ctx, noAsking: () => ctx.settings.noAsking }));
  },
});
