// Decides a file's decimal mark from all of a column's values (never per row), refusing when the values disagree.
import { fail } from 'quorra/plugin';
import { amountParts, type DecimalMark, decimalEvidence } from './amount-text.ts';
import { exponentOf } from './money.ts';

/** One value and where it was found, for an error a person can act on. */
export interface PlacedValue {
  text: string;
  line?: number;
  column?: string;
}

const where = (v: PlacedValue) =>
  [v.line !== undefined ? `line ${v.line}` : '', v.column ? `column "${v.column}"` : '']
    .filter(Boolean)
    .join(', ');
const name = (m: DecimalMark) => (m === ',' ? 'a decimal comma' : 'a decimal point');

/**
 * The decimal mark the values prove (`1.234,56` → comma; `12.50` → point; `1,234` → point for a 2-decimal currency),
 * a point when nothing tells (whole numbers only). Values that prove different marks, or only an undecidable
 * `1,234` in a 3-decimal currency, are refused with where they are, instead of guessed.
 */
export function decimalMarkOf(values: PlacedValue[], currency: string): DecimalMark {
  const exponent = exponentOf(currency);
  const first: Partial<Record<DecimalMark | 'either', PlacedValue>> = {};
  for (const v of values) {
    if (!v.text.trim()) continue;
    let number: string;
    try {
      number = amountParts(v.text).number;
    } catch {
      continue; // not an amount at all: that row's own error says so
    }
    const says = decimalEvidence(number, exponent);
    if (says && !first[says]) first[says] = v;
    if (first['.'] && first[',']) {
      const [a, b] = [first['.'], first[',']].sort((x, y) => (x.line ?? 0) - (y.line ?? 0));
      const markOf = (x: PlacedValue) => (x === first['.'] ? '.' : ',');
      throw fail.invalid(
        'FINANCE_AMBIGUOUS_DECIMAL',
        `the amounts disagree on the decimal mark: ${where(a)} has "${a.text.trim()}" (${name(markOf(a))}), ` +
          `${where(b)} has "${b.text.trim()}" (${name(markOf(b))}); say which the file uses with "decimal"`,
      );
    }
  }
  if (first['.']) return '.';
  if (first[',']) return ',';
  const either = first.either;
  if (either)
    throw fail.invalid(
      'FINANCE_AMBIGUOUS_DECIMAL',
      `${where(either)} has "${either.text.trim()}": is that a decimal ${either.text.includes(',') ? 'comma' : 'point'} or a thousands separator? ` +
        'Say which the file uses with "decimal"',
    );
  return '.';
}
