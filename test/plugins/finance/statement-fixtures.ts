// The statement fixture files (test/fixtures/statements, written by make-fixtures.ts) read as raw bytes.
import { readFileSync } from 'node:fs';

const dir = new URL('../../fixtures/statements/', import.meta.url);

/** A fixture's bytes exactly as a bank (or Excel) wrote them. */
export function fixture(name: string): Buffer {
  return readFileSync(new URL(name, dir));
}

/** A fixture's path on disk (for the CLI). */
export function fixturePath(name: string): string {
  return new URL(name, dir).pathname;
}
