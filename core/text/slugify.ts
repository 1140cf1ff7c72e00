// Turns a human name into a kebab-case identifier (users, workspaces, files).

/** Lowercase ASCII kebab-case of `name`, at most `max` characters; `fallback` when nothing is left. */
export function slugify(name: string, max = 48, fallback = 'item'): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, max)
      .replace(/-+$/, '') || fallback
  );
}
