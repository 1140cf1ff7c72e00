// The owner's answer to a contradiction Dream put in front of them: keep the newer belief, or revert to the older.
import type { DataSource } from 'typeorm';
import { fail } from '../contracts/errors.ts';
import type { MemoryStore } from '../memory/memory-store.ts';
import { DreamReview } from './dream-review.entity.ts';

export type ReviewDecision = 'accept' | 'revert';

/**
 * accept: the newer belief stands and the older stays superseded. revert: the older belief holds again and the
 * newer one is archived (restorable). Either way both rows are kept; only the review's status closes.
 */
export async function resolveReview(
  db: DataSource,
  store: MemoryStore,
  id: number,
  decision: ReviewDecision,
): Promise<DreamReview> {
  const repo = db.getRepository(DreamReview);
  const review = await repo.findOneBy({ id });
  if (!review) throw fail.notFound('review');
  if (review.status !== 'open')
    throw fail.conflict('REVIEW_RESOLVED', `this review was already ${review.status}`);
  if (decision === 'revert') {
    await store.reinstate(review.olderMemoryId);
    await store.archive(review.newerMemoryId);
  }
  review.status = decision === 'accept' ? 'accepted' : 'reverted';
  return repo.save(review);
}
