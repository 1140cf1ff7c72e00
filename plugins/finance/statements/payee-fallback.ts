// A row's payee: the first non-empty candidate column, else what the row is (a fee, interest) or its description.

/** The payee a row gives, or the one the import fills in (then `toReview`: a person should check it). */
export interface RowPayee {
  payee: string;
  toReview: boolean;
}

// words banks put in a fee or interest row's type or text (English, German, Spanish, French, Italian)
const kinds: [RegExp, string][] = [
  [/\b(interest|zins\w*|habenzins\w*|sollzins\w*|inter[eé]s\w*|int[ée]r[êe]ts?|interessi)\b/i, 'Interest'],
  [
    /\b(fees?|charges?|service charge|geb[üu]hr\w*|\w*geb[üu]hr\w*|entgelt\w*|\w*entgelt|kontof[üu]hrung\w*|rechnungsabschluss|abschluss|comisi[oó]n\w*|commission\w*|frais|spesen|commissioni)\b/i,
    'Bank fee',
  ],
];

/** "Bank fee" or "Interest" when a row's texts say so, else undefined. */
export function rowKind(...texts: (string | undefined)[]): string | undefined {
  // FEE_TRANSACTION (Chase), Monzo_fee: an underscore would hide the word from \b
  const words = texts.map((t) => t?.replace(/_/g, ' '));
  for (const [pattern, kind] of kinds) if (words.some((t) => t && pattern.test(t))) return kind;
  return undefined;
}

/**
 * First non-empty candidate wins; a row with none is never refused: it gets the kind of row ("Bank fee",
 * "Interest"), else its description, else its raw type text, else "Unknown payee" — marked for review.
 */
export function rowPayee(
  candidates: (string | undefined)[],
  description: string | undefined,
  kindText: string | undefined,
): RowPayee {
  for (const c of candidates) if (c?.trim()) return { payee: c.trim(), toReview: false };
  const filled = rowKind(kindText, description) ?? description?.trim() ?? kindText?.trim();
  return { payee: (filled || 'Unknown payee').slice(0, 200), toReview: true };
}
