// Which collections a vault file belongs to, from where it sits in the vault and its guest_visible flag.

/**
 * The vault layout and the collection names it maps to:
 *
 *   <vaultRoot>/household/**            → `household`            (every household member)
 *   <vaultRoot>/members/<userId>/**     → `member:<userId>`      (that member only)
 *   <vaultRoot>/workspaces/<slug>/**    → `workspace:<slug>`     (that workspace's members)
 *                                         + `guest:<slug>` when the file says `guest_visible: true` and the
 *                                           workspace hosts guests (has a guest window)
 *
 * Anything else (templates/, guests/, loose files at the root, dot-folders) is not indexed. A file reaches
 * a guest window only through an explicit `guest_visible: true`; there is no other way in.
 */
export type VaultArea =
  | { area: 'household' }
  | { area: 'member'; userId: string }
  | { area: 'workspace'; slug: string };

/** Collection name constants and builders, so no caller spells them by hand. */
export const collectionNames = {
  household: 'household',
  member: (userId: string) => `member:${userId}`,
  workspace: (slug: string) => `workspace:${slug}`,
  guest: (slug: string) => `guest:${slug}`,
};

/** Tells whether a workspace hosts guests (and so has a guest window). */
export type GuestWindowPredicate = (slug: string) => boolean;

/** The area of a vault-relative path (forward slashes), or undefined when the path is outside every area. */
export function areaOf(relPath: string): VaultArea | undefined {
  const parts = relPath.split('/');
  if (parts.some((p) => !p || p === '.' || p === '..' || p.startsWith('.'))) return undefined;
  if (parts[0] === 'household' && parts.length >= 2) return { area: 'household' };
  if (parts[0] === 'members' && parts.length >= 3) return { area: 'member', userId: parts[1] };
  if (parts[0] === 'workspaces' && parts.length >= 3) return { area: 'workspace', slug: parts[1] };
  return undefined;
}

/** The collections a file's chunks go to; empty when the file is outside every area. */
export function collectionsFor(
  relPath: string,
  guestVisible: boolean,
  hasGuestWindow: GuestWindowPredicate,
): string[] {
  const area = areaOf(relPath);
  if (!area) return [];
  if (area.area === 'household') return [collectionNames.household];
  if (area.area === 'member') return [collectionNames.member(area.userId)];
  const out = [collectionNames.workspace(area.slug)];
  if (guestVisible === true && hasGuestWindow(area.slug)) out.push(collectionNames.guest(area.slug));
  return out;
}
