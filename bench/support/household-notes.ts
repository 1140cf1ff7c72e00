// A household's notes for Dream's bench: short chat turns, notepad lines and long documents made of sentences about
// people, food, things and places, from a seeded generator so every run sees the same night.
import { prng } from './prng.ts';

const rand = prng(20300601);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const split = (s: string) => s.split(',').map((w) => w.trim());
const people = split('Mia,Leo,Cara,Gary,Kurt,Anna,Tom,Rosa,Ben,Ivy,Omar,Lena,Jonas,Priya,Sam,Grandma');
const foods = split(
  'oat milk,peanuts,gluten free bread,spicy curry,mushrooms,strawberries,shellfish,dark chocolate',
);
const items = split(
  'boiler,dishwasher,garden hose,car battery,roof gutter,smoke alarm,fridge filter,bike chain',
);
const places = split('clinic,town hall,lake house,rental flat,office,primary school,farmers market,library');
const days = split('Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday');
const syllables = split('bra,ken,lo,mi,sta,vo,rin,dal,fe,gu,tor,wen,sha,pel,mar,tis,hol,ne,quin,ab,zu,ro');
const name = () => {
  let n = Math.floor(rand() * 20_000) + 7;
  let out = '';
  do {
    out += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  } while (n > 0);
  return out[0].toUpperCase() + out.slice(1);
};
const sentences: Array<() => string> = [
  () => `${pick(people)} prefers ${pick(foods)} for breakfast on ${pick(days)}`,
  () => `${pick(people)} is allergic to ${pick(foods)}, check labels at ${name()} market`,
  () =>
    `The ${pick(items)} at the ${pick(places)} needs fixing, ${name()} quoted ${Math.floor(rand() * 900) + 40} euros`,
  () => `${pick(people)}'s friend ${name()} lives on ${name()} Street`,
  () => `We decided to replace the ${pick(items)} because it kept failing`,
];

/** One sentence of the kinds the household says. */
export const randomSentence = (): string => pick(sentences)();

/** A realistic night's notes: mostly short chat turns, some notepad lines, now and then a long pasted document. */
export function mixedNote(): { sourceKind: 'chat_turn' | 'notepad' | 'document'; text: string } {
  const r = rand();
  if (r < 0.7) return { sourceKind: 'chat_turn', text: `User (Alice): ${randomSentence()}\nQuorra: Noted.` };
  if (r < 0.95) return { sourceKind: 'notepad', text: randomSentence() };
  // about 5,000 characters: well over half a batch's budget, so it is extracted alone
  return { sourceKind: 'document', text: Array.from({ length: 80 }, () => randomSentence()).join('. ') };
}

/** The words a claim may quote: a chat turn's user part, anything else whole. */
export const personText = (text: string) => /^User \(.*?\): ([^\n]*)/.exec(text)?.[1] ?? text.slice(0, 200);
