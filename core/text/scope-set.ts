// Scope lists are sets: the one comparison engine and Matrix use to tell whether two scopes are the same.

/** True when both are unset, or both list the same scopes in any order. */
export function sameScope(
  a: readonly string[] | null | undefined,
  b: readonly string[] | null | undefined,
): boolean {
  if (!a || !b) return (a ?? null) === (b ?? null);
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((s) => y.has(s));
}
