// Types for unicode-confusables@0.1.1, whose package points "types" at index.d.ts but ships the file as index.ts.d.
declare module 'unicode-confusables' {
  /** Each character replaced by its confusables.txt prototype (zero-width characters dropped). */
  export function rectifyConfusion(input: string): string;
  export function isConfusing(input: string): boolean;
}
