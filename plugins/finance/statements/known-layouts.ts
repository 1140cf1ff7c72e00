// CSV layouts of common banks and apps (as their exports document them), recognised by their header line.
import type { CsvMappingInput } from './csv-mapping.ts';

/** A bank's export: the header columns that identify it, and the mapping that reads it. */
export interface KnownLayout {
  id: string;
  name: string;
  /** Every one of these must be in the header line (compared without case). */
  signature: string[];
  mapping: Omit<CsvMappingInput, 'skipLines' | 'delimiter'>;
}

const dmy = 'DD.MM.YYYY' as const;
const slash = 'DD/MM/YYYY' as const;
const us = 'MM/DD/YYYY' as const;

export const knownLayouts: KnownLayout[] = [
  // Germany
  {
    id: 'sparkasse',
    name: 'Sparkasse (CSV-CAMT / CSV-MT940)',
    signature: [
      'Auftragskonto',
      'Buchungstag',
      'Valutadatum',
      'Buchungstext',
      'Verwendungszweck',
      'Beguenstigter/Zahlungspflichtiger',
      'Betrag',
    ],
    mapping: {
      date: 'Buchungstag',
      dateFormat: dmy,
      payee: 'Beguenstigter/Zahlungspflichtiger',
      kind: 'Buchungstext',
      memo: 'Verwendungszweck',
      amount: 'Betrag',
    },
  },
  {
    id: 'dkb',
    name: 'DKB',
    signature: [
      'Buchungsdatum',
      'Wertstellung',
      'Status',
      'Zahlungspflichtige*r',
      'Zahlungsempfänger*in',
      'Verwendungszweck',
      'Umsatztyp',
      'Betrag (€)',
    ],
    // money out names the recipient, money in the payer (the other column is the account holder)
    mapping: {
      date: 'Buchungsdatum',
      dateFormat: dmy,
      payee: 'Zahlungsempfänger*in',
      incomePayee: 'Zahlungspflichtige*r',
      kind: 'Umsatztyp',
      memo: 'Verwendungszweck',
      amount: 'Betrag (€)',
    },
  },
  {
    id: 'dkb-classic',
    name: 'DKB (before 2023)',
    signature: [
      'Buchungstag',
      'Wertstellung',
      'Buchungstext',
      'Auftraggeber / Begünstigter',
      'Verwendungszweck',
      'Betrag (EUR)',
    ],
    mapping: {
      date: 'Buchungstag',
      dateFormat: dmy,
      payee: 'Auftraggeber / Begünstigter',
      kind: 'Buchungstext',
      memo: 'Verwendungszweck',
      amount: 'Betrag (EUR)',
    },
  },
  {
    id: 'ing-de',
    name: 'ING Deutschland',
    signature: ['Buchung', 'Valuta', 'Auftraggeber/Empfänger', 'Buchungstext', 'Verwendungszweck', 'Betrag'],
    mapping: {
      date: 'Buchung',
      dateFormat: dmy,
      payee: 'Auftraggeber/Empfänger',
      kind: 'Buchungstext',
      memo: 'Verwendungszweck',
      amount: 'Betrag',
    },
  },
  {
    id: 'deutsche-bank',
    name: 'Deutsche Bank',
    signature: [
      'Buchungstag',
      'Wert',
      'Umsatzart',
      'Begünstigter / Auftraggeber',
      'Verwendungszweck',
      'Soll',
      'Haben',
    ],
    mapping: {
      date: 'Buchungstag',
      dateFormat: dmy,
      payee: 'Begünstigter / Auftraggeber',
      kind: 'Umsatzart',
      memo: 'Verwendungszweck',
      debit: 'Soll',
      credit: 'Haben',
    },
  },
  {
    id: 'n26',
    name: 'N26',
    signature: ['Booking Date', 'Value Date', 'Partner Name', 'Type', 'Payment Reference', 'Amount (EUR)'],
    mapping: {
      date: 'Booking Date',
      dateFormat: 'YYYY-MM-DD',
      payee: 'Partner Name',
      kind: 'Type',
      memo: 'Payment Reference',
      amount: 'Amount (EUR)',
    },
  },
  {
    id: 'n26-classic',
    name: 'N26 (before 2024)',
    signature: ['Date', 'Payee', 'Account number', 'Transaction type', 'Payment reference', 'Amount (EUR)'],
    mapping: {
      date: 'Date',
      dateFormat: 'YYYY-MM-DD',
      payee: 'Payee',
      kind: 'Transaction type',
      memo: 'Payment reference',
      amount: 'Amount (EUR)',
    },
  },
  {
    id: 'comdirect',
    name: 'comdirect',
    signature: ['Buchungstag', 'Wertstellung (Valuta)', 'Vorgang', 'Buchungstext', 'Umsatz in EUR'],
    mapping: {
      date: 'Buchungstag',
      dateFormat: dmy,
      payee: 'Buchungstext',
      kind: 'Vorgang',
      amount: 'Umsatz in EUR',
    },
  },
  // Switzerland
  {
    id: 'postfinance',
    name: 'PostFinance',
    signature: ['Datum', 'Bewegungstyp', 'Avisierungstext', 'Gutschrift in CHF', 'Lastschrift in CHF'],
    mapping: {
      date: 'Datum',
      dateFormat: dmy,
      payee: 'Avisierungstext',
      kind: 'Bewegungstyp',
      debit: 'Lastschrift in CHF',
      credit: 'Gutschrift in CHF',
    },
  },
  {
    id: 'postfinance-classic',
    name: 'PostFinance (before 2023)',
    signature: ['Buchungsdatum', 'Avisierungstext', 'Gutschrift in CHF', 'Lastschrift in CHF'],
    mapping: {
      date: 'Buchungsdatum',
      dateFormat: dmy,
      payee: 'Avisierungstext',
      debit: 'Lastschrift in CHF',
      credit: 'Gutschrift in CHF',
    },
  },
  {
    id: 'ubs',
    name: 'UBS',
    signature: ['Abschlussdatum', 'Buchungsdatum', 'Valutadatum', 'Belastung', 'Gutschrift', 'Beschreibung1'],
    mapping: {
      date: 'Buchungsdatum',
      dateFormat: 'YYYY-MM-DD',
      payee: 'Beschreibung1',
      memo: 'Beschreibung2',
      debit: 'Belastung',
      credit: 'Gutschrift',
      bankId: 'Transaktions-Nr.',
    },
  },
  // Spain
  {
    id: 'bbva',
    name: 'BBVA',
    signature: ['F.Valor', 'Fecha', 'Concepto', 'Movimiento', 'Importe', 'Disponible'],
    mapping: {
      date: 'Fecha',
      dateFormat: slash,
      payee: 'Concepto',
      kind: 'Movimiento',
      memo: 'Observaciones',
      amount: 'Importe',
    },
  },
  {
    id: 'santander-es',
    name: 'Santander (España)',
    signature: ['Fecha Operación', 'Fecha Valor', 'Concepto', 'Importe EUR', 'Saldo'],
    mapping: { date: 'Fecha Operación', dateFormat: slash, payee: 'Concepto', amount: 'Importe EUR' },
  },
  {
    id: 'caixabank',
    name: 'CaixaBank',
    signature: ['Fecha', 'Fecha valor', 'Movimiento', 'Más datos', 'Importe', 'Saldo'],
    mapping: { date: 'Fecha', dateFormat: slash, payee: 'Movimiento', memo: 'Más datos', amount: 'Importe' },
  },
  // United Kingdom
  {
    id: 'monzo',
    name: 'Monzo',
    signature: ['Transaction ID', 'Date', 'Time', 'Type', 'Name', 'Category', 'Amount', 'Currency'],
    mapping: {
      date: 'Date',
      dateFormat: slash,
      payee: 'Name',
      kind: 'Type',
      memo: 'Description',
      amount: 'Amount',
      bankId: 'Transaction ID',
    },
  },
  {
    id: 'starling',
    name: 'Starling',
    signature: ['Date', 'Counter Party', 'Reference', 'Type', 'Amount (GBP)', 'Balance (GBP)'],
    mapping: {
      date: 'Date',
      dateFormat: slash,
      payee: 'Counter Party',
      kind: 'Type',
      memo: 'Reference',
      amount: 'Amount (GBP)',
    },
  },
  {
    id: 'barclays',
    name: 'Barclays',
    signature: ['Number', 'Date', 'Account', 'Amount', 'Subcategory', 'Memo'],
    mapping: { date: 'Date', dateFormat: slash, payee: 'Memo', kind: 'Subcategory', amount: 'Amount' },
  },
  // United States
  {
    id: 'chase',
    name: 'Chase (checking)',
    signature: ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance'],
    mapping: { date: 'Posting Date', dateFormat: us, payee: 'Description', kind: 'Type', amount: 'Amount' },
  },
  {
    id: 'chase-card',
    name: 'Chase (credit card)',
    signature: ['Transaction Date', 'Post Date', 'Description', 'Category', 'Type', 'Amount'],
    mapping: {
      date: 'Transaction Date',
      dateFormat: us,
      payee: 'Description',
      kind: 'Type',
      memo: 'Memo',
      amount: 'Amount',
    },
  },
  {
    id: 'bank-of-america',
    name: 'Bank of America (checking)',
    signature: ['Date', 'Description', 'Amount', 'Running Bal.'],
    mapping: { date: 'Date', dateFormat: us, payee: 'Description', amount: 'Amount' },
  },
  {
    id: 'bank-of-america-card',
    name: 'Bank of America (credit card)',
    signature: ['Posted Date', 'Reference Number', 'Payee', 'Address', 'Amount'],
    mapping: {
      date: 'Posted Date',
      dateFormat: us,
      payee: 'Payee',
      amount: 'Amount',
      bankId: 'Reference Number',
    },
  },
];

/** A layout found in a file: which one, where its header is, and the mapping to confirm. */
export interface RecognisedLayout {
  layout: KnownLayout;
  mapping: CsvMappingInput;
}

const HEADER_SCAN_LINES = 40;
const unquote = (s: string) => s.trim().replace(/^"|"$/g, '').trim();

/** The header cells of a line, split on whichever separator splits it most. */
function cells(line: string): string[] {
  const delimiter = [';', ',', '\t', '|'].sort((a, b) => line.split(b).length - line.split(a).length)[0];
  return line.split(delimiter).map(unquote);
}

/** The known layout whose columns the file's header has (within its first lines, after any preamble). */
export function recogniseLayout(text: string, only?: KnownLayout[]): RecognisedLayout | undefined {
  const lines = text.split(/\r?\n/, HEADER_SCAN_LINES);
  const candidates = only ?? knownLayouts;
  for (const [i, line] of lines.entries()) {
    const header = new Set(cells(line).map((c) => c.toLowerCase()));
    if (header.size < 3) continue;
    // the layout naming the most columns wins ("Date, Description, Amount, Running Bal." is a subset of others)
    const hit = candidates
      .filter((l) => l.signature.every((c) => header.has(c.toLowerCase())))
      .sort((a, b) => b.signature.length - a.signature.length)[0];
    if (hit) return { layout: hit, mapping: { ...hit.mapping, skipLines: i } };
  }
  return undefined;
}

/** The header columns the file seems to have (the first line with three or more), for an error that shows them. */
export function headerColumns(text: string): string[] {
  for (const line of text.split(/\r?\n/, HEADER_SCAN_LINES)) {
    const found = cells(line).filter(Boolean);
    if (found.length >= 3) return found;
  }
  return [];
}
