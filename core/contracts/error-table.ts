// The plugin guide's error table, made from the catalogue so the guide can never list a code core does not raise.
import { coreErrors } from './errors.ts';

export const tableStart =
  '<!-- error-table:start (generated from core/contracts/errors.ts: npx tsx tools/error-table.ts) -->';
export const tableEnd = '<!-- error-table:end -->';

/** The catalogue as a markdown table, one row per code, in catalogue order. */
export function errorTable(): string {
  const rows = Object.entries(coreErrors).map(([code, e]) => `| \`${code}\` | ${e.status} | ${e.says} |`);
  return ['| code | status | when |', '|---|---|---|', ...rows].join('\n');
}

/** The guide with the text between the markers replaced by the current table. */
export function withErrorTable(guide: string): string {
  const start = guide.indexOf(tableStart);
  const end = guide.indexOf(tableEnd);
  if (start < 0 || end < start) throw new Error('the guide has no error-table markers');
  return `${guide.slice(0, start + tableStart.length)}\n${errorTable()}\n${guide.slice(end)}`;
}
