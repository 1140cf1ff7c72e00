// Finds the person a command line names: by id, Matrix ID, email or display name, with a suggestion when none fits.
import type { User } from '../auth/user.entity.ts';
import type { UserStore } from '../auth/user-store.ts';
import { QuorraError } from '../contracts/errors.ts';
import { labelKey } from '../text/text-safety.ts';
import { editDistance } from './cli-help.ts';

/**
 * The person `ref` names. A display name matches case-insensitively (and whatever the accents' encoding), but only
 * when it names one person: two "Max" must be told apart by id.
 */
export async function findPerson(users: UserStore, ref: string): Promise<User> {
  const direct = await users.resolve(ref);
  if (direct) return direct;
  const everyone = await users.list();
  const key = labelKey(ref);
  const named = everyone.filter((u) => labelKey(u.displayName) === key);
  if (named.length === 1) return named[0];
  if (named.length > 1)
    throw new QuorraError(
      'QUORRA_USER_AMBIGUOUS',
      `${named.length} people are called "${named[0].displayName}": name one by id (${named.map((u) => u.id).join(', ')})`,
    );
  const near = suggestion(everyone, ref);
  throw new QuorraError(
    'QUORRA_USER_UNKNOWN',
    `no user "${ref}"${near ? `; did you mean ${near.id} (${near.displayName})?` : '; `quorra user list` shows everyone'}`,
  );
}

/** The person whose id or name is closest to what was typed (a prefix, a part, or a typo or two away). */
function suggestion(everyone: User[], ref: string): User | undefined {
  const typed = ref.toLowerCase();
  let best: { user: User; score: number } | undefined;
  for (const user of everyone) {
    for (const candidate of [
      user.id,
      user.displayName.toLowerCase(),
      ...user.matrixIds.map((m) => m.toLowerCase()),
    ]) {
      const score =
        candidate.startsWith(typed) || candidate.includes(typed) || typed.includes(candidate)
          ? 0
          : editDistance(typed, candidate);
      if (score <= Math.max(2, Math.floor(typed.length / 3)) && (!best || score < best.score))
        best = { user, score };
    }
  }
  return best?.user;
}
