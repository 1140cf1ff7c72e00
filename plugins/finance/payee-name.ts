// Payee names as banks write them, normalised for matching and dedup ("LIDL SAGT DANKE 1234" → "lidl sagt danke").

/** Lower case, no accents, no punctuation, no tokens with digits (card numbers, store ids, dates). */
export function normalisePayee(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((t) => t && !/\d/.test(t))
    .join(' ');
}

/** The known name matching `name` (same normalised form, or one starting with the other), else undefined. */
export function matchName(name: string, known: string[]): string | undefined {
  const n = normalisePayee(name);
  if (!n) return undefined;
  const exact = known.find((k) => normalisePayee(k) === n);
  if (exact) return exact;
  const near = known.filter((k) => {
    const kn = normalisePayee(k);
    return kn && (kn.startsWith(`${n} `) || n.startsWith(`${kn} `));
  });
  return near.length === 1 ? near[0] : undefined;
}
