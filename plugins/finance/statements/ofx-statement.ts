// Parses OFX/QFX statements (SGML 1.x without closing tags, and XML 2.x) into statement rows.

import { parseAmount } from '../amount-text.ts';
import { decimalMarkOf } from '../decimal-mark.ts';
import { isLocalDate } from '../local-date.ts';
import { rowPayee } from './payee-fallback.ts';
import type { ParsedStatement, StatementRow } from './statement-row.ts';

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};

/** OFX transaction types that say what a row without a NAME is. */
const ofxKinds: Record<string, string> = { FEE: 'fee', SRVCHG: 'service charge', INT: 'interest' };

/** The text of `<TAG>` inside a block: up to the next tag or line end (SGML leaves most tags unclosed). */
function field(block: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  return m ? m[1].trim().replace(/&(amp|lt|gt|quot|apos);/g, (e) => entities[e]) : undefined;
}

/** True when the text looks like OFX or QFX. */
export function looksLikeOfx(text: string): boolean {
  return /<OFX>/i.test(text) || /^\s*OFXHEADER:/i.test(text);
}

/** The statement's currency (CURDEF), when it names one. */
export function ofxCurrency(text: string): string | undefined {
  return field(text, 'CURDEF')?.toUpperCase();
}

export function parseOfxStatement(text: string, currency: string): ParsedStatement {
  const rows: StatementRow[] = [];
  const errors: ParsedStatement['errors'] = [];
  const blocks = text
    .split(/<STMTTRN>/i)
    .slice(1)
    .map((raw) => raw.split(/<\/STMTTRN>/i)[0]);
  // the file line each transaction starts on, so an error points where a person can look
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const m of text.matchAll(/<STMTTRN>/gi)) {
    for (let k = from; k < m.index; k++) if (text.charCodeAt(k) === 10) line++;
    from = m.index;
    lines.push(line);
  }
  // OFX amounts use a dot; a few European banks write a comma: decided once for the file, as for a CSV
  const decimal = decimalMarkOf(
    blocks.map((b, i) => ({ text: field(b, 'TRNAMT') ?? '', line: lines[i], column: 'TRNAMT' })),
    currency,
  );
  blocks.forEach((block, i) => {
    try {
      const posted = field(block, 'DTPOSTED') ?? '';
      const date = `${posted.slice(0, 4)}-${posted.slice(4, 6)}-${posted.slice(6, 8)}`;
      if (!isLocalDate(date)) throw new Error(`DTPOSTED: "${posted.slice(0, 20)}" is not a date (YYYYMMDD)`);
      const amountText = field(block, 'TRNAMT');
      if (!amountText) throw new Error('TRNAMT: there is no amount');
      const type = field(block, 'TRNTYPE')?.toUpperCase();
      const { payee, toReview } = rowPayee(
        [field(block, 'NAME'), field(block, 'PAYEE')],
        field(block, 'MEMO'),
        type && (ofxKinds[type] ?? type),
      );
      let amount: number;
      try {
        amount = parseAmount(amountText, currency, decimal);
      } catch (err) {
        throw new Error(`TRNAMT: ${(err as Error).message}`);
      }
      rows.push({
        date,
        amount,
        payee,
        ...(toReview ? { payeeToReview: true } : {}),
        bankId: field(block, 'FITID') || undefined,
        memo: field(block, 'MEMO') || undefined,
      });
    } catch (err) {
      const reason = (err as Error).message;
      const tag = /^([A-Z]+): /.exec(reason)?.[1];
      errors.push({ line: lines[i], ...(tag ? { column: tag } : {}), reason });
    }
  });
  return { rows, errors };
}
