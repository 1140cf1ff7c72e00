// The one way a statement's bytes become text (HTTP, Matrix uploads, the CLI): BOM, then jschardet, then iconv-lite.
import type * as Iconv from 'iconv-lite';
import type * as Jschardet from 'jschardet';
import { fail, lazyRequire } from 'quorra/plugin';
import { z } from 'zod';

// both load with the first statement imported, not with the server (jschardet's model costs ~100 ms once)
const iconv = lazyRequire<typeof Iconv>('iconv-lite');
const jschardet = lazyRequire<typeof Jschardet>('jschardet');

/** An encoding name a person may give (`latin1`, `windows-1252`, `utf-16le`…); unknown names are refused in words. */
export const encodingNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine((name) => iconv().encodingExists(name), {
    message: 'is not an encoding I know: try utf-8, windows-1252, iso-8859-1, iso-8859-15 or utf-16le',
  });

/** Decoded statement text and the encoding that was used (a canonical lower-case name). */
export interface DecodedStatement {
  text: string;
  encoding: string;
  /** How the encoding was chosen: given by the person, a byte-order mark, or detected. */
  by: 'given' | 'bom' | 'detected';
}

const boms: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

// what banks export in practice; an allowlist keeps the detector from answering cp862 for a short Latin-1 file
const candidates = ['UTF-8', 'UTF-16LE', 'UTF-16BE', 'windows-1252', 'ISO-8859-1', 'ISO-8859-15', 'ascii'];
// enough for the detector to decide; the whole file is still checked as UTF-8 below
const SAMPLE_BYTES = 16 * 1024;

/** Reads a statement's bytes as text; `encoding` (already validated) overrides detection. */
export function decodeStatement(bytes: Uint8Array, encoding?: string): DecodedStatement {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (encoding) {
    if (!iconv().encodingExists(encoding))
      throw fail.invalid(
        'FINANCE_BAD_ENCODING',
        `"${String(encoding).slice(0, 40)}" is not an encoding I know`,
      );
    return { text: stripBom(iconv().decode(data, encoding)), encoding: encoding.toLowerCase(), by: 'given' };
  }
  const bom = boms.find(([b]) => b.every((v, i) => data[i] === v));
  if (bom) return { text: stripBom(iconv().decode(data, bom[1])), encoding: bom[1], by: 'bom' };
  const chosen = detect(data);
  return { text: iconv().decode(data, chosen), encoding: chosen, by: 'detected' };
}

function detect(data: Buffer): string {
  const sample = data.subarray(0, SAMPLE_BYTES);
  const guess = (jschardet().detect(sample, { detectEncodings: candidates }).encoding ?? '').toLowerCase();
  if (guess === 'utf-16-le' || guess === 'utf-16le') return 'utf-16le';
  if (guess === 'utf-16-be' || guess === 'utf-16be') return 'utf-16be';
  // valid UTF-8 with any non-ASCII byte is UTF-8 beyond doubt; the detector's word is kept for the rest
  if (isUtf8(data)) return 'utf-8';
  return singleByte(data);
}

function isUtf8(data: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * The single-byte Western family, told apart by bytes rather than by the detector's near-equal scores: 0x80–0x9F are
 * printable only in Windows-1252 (€, “”, –); 0xA4 without them is ISO-8859-15's € (Latin-1's ¤ is never on a
 * statement); otherwise Latin-1 and Windows-1252 read the file identically and Latin-1 is named.
 */
function singleByte(data: Buffer): string {
  let sawA4 = false;
  for (let i = 0; i < data.length; i++) {
    const b = data[i];
    if (b >= 0x80 && b <= 0x9f) return 'windows-1252';
    if (b === 0xa4) sawA4 = true;
  }
  return sawA4 ? 'iso-8859-15' : 'iso-8859-1';
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
