// Who a request or turn acts for: an authenticated household user, or a guest reservation with no user identity.

/** A household member (owner or member) authenticated by token, trusted adapter or Matrix mapping. */
export interface UserPrincipal {
  kind: 'user';
  userId: string;
  role: 'owner' | 'member';
  displayName: string;
  /** Present for a child: the only tools their turns are ever offered (the gate reads it, never the model). */
  child?: { tools: readonly string[] };
}

/** A rental guest, known only by reservation and the hosting workspace it belongs to. */
export interface ReservationPrincipal {
  kind: 'reservation';
  reservationId: string;
  workspace: string;
}

export type Principal = UserPrincipal | ReservationPrincipal;

/** True for a household user; guests never pass this check. */
export function isUser(p: Principal | undefined): p is UserPrincipal {
  return p?.kind === 'user';
}

/** True for the household owner. */
export function isOwner(p: Principal | undefined): p is UserPrincipal {
  return p?.kind === 'user' && p.role === 'owner';
}

/**
 * The seal a read runs under: whose private rows, which workspace (null = personal/household).
 * Guests get no seal at all: code that needs one calls `sealFor` and a guest is refused there.
 */
export interface Seal {
  userId: string;
  workspace: string | null;
}

/** The seal for a user's turn in a workspace (or personal chat when workspace is null); throws for a guest. */
export function sealFor(p: Principal, workspace: string | null): Seal {
  if (p.kind !== 'user') throw new Error('a guest principal has no access to household memory');
  return { userId: p.userId, workspace };
}
