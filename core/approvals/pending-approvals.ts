// Asks every approval source what waits on a user; a failing source is skipped, never hiding the others.
import type { ApprovalSource, PendingApproval } from '../contracts/contributions.ts';

/** Every source's pending items for the user, tagged with the source name. */
export async function collectApprovals(
  sources: readonly ApprovalSource[],
  user: { userId: string; role: 'owner' | 'member' },
): Promise<(PendingApproval & { source: string })[]> {
  const all = await Promise.all(
    sources.map(async (source) => {
      try {
        return (await source.pending(user)).map((a) => ({ ...a, source: source.name }));
      } catch {
        return [];
      }
    }),
  );
  return all.flat();
}
