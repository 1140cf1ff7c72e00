// The memory recall bench's household: Zipf-distributed words and invented names, query kinds, the seeding.

import type { sqliteConnection } from '../../core/db/sqlite-connection.ts';
import type { MemoryStore } from '../../core/memory/memory-store.ts';
import { prng } from './prng.ts';

export const rand = prng(20300601);
export const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

/** Draws ranks 0..n-1 with Zipf-like frequencies, as words and names occur in real text. */
function zipf(n: number, s = 1.05): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= n; r++) {
    total += 1 / r ** s;
    cumulative.push(total);
  }
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const split = (s: string) => s.split(',').map((w) => w.trim());
const people = split(
  'Mia,Leo,Cara,Gary,Kurt,Anna,Tom,Rosa,Ben,Ivy,Omar,Lena,Jonas,Priya,Sam,Grandma,Grandpa,the twins,Aunt Ruth,Uncle Joe',
);
const foods = split(
  'oat milk,peanuts,gluten free bread,spicy curry,mushrooms,strawberries,shellfish,dark chocolate,porridge,lasagne,' +
    'green tea,sourdough,feta,lentil soup,sushi,pancakes,olives,avocado,salmon,plain yoghurt',
);
const appointments = split(
  'dentist appointment,eye test,flu jab,physio session,school meeting,car service,haircut,vet check-up,' +
    'parents evening,blood test,piano exam,swimming lesson,tax advisor meeting,boiler inspection',
);
const items = split(
  'boiler,dishwasher,garden hose,car battery,roof gutter,smoke alarm,fridge filter,bike chain,heat pump,' +
    'garage door,washing machine,router,hot tub,chimney,kitchen tap,solar panel,lawn mower,sofa bed,printer',
);
const places = split(
  'clinic,town hall,lake house,rental flat,office,primary school,farmers market,garden centre,library,' +
    'train station,sports hall,allotment,hardware store,pharmacy,bakery,community centre',
);
const days = split('Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday,weekend,first of the month');
const months = split('January,February,March,April,May,June,July,August,September,October,November,December');
const activities = split(
  'yoga,football practice,chess club,rock climbing,choir,board games,long walks,gardening,baking,' +
    'cycling to work,karate,book club,pottery,sailing,birdwatching',
);
const relations = split(
  'sister,brother,cousin,colleague,neighbour,godmother,landlord,plumber,babysitter,friend',
);
const topicTags = split(
  'health,school,finance,car,home,food,travel,kids,rental,guests,work,pets,hobby,insurance,maintenance,family,' +
    'schedule,shopping,garden,allergy,birthday,utilities,doctor,holiday,cleaning,security,bakery,recipes,sport,music',
);

// The long tail: invented proper nouns (shops, streets, people) with Zipf frequencies, so that, as in real
// household text, the vocabulary keeps growing with the number of memories.
const syllables = split(
  'bra,ken,lo,mi,sta,vo,rin,dal,fe,gu,tor,wen,sha,pel,mar,tis,hol,ne,quin,ab,zu,ro,cal,dre',
);
const longTail = Array.from({ length: 30_000 }, (_, i) => {
  let n = i + 7;
  let name = '';
  do {
    name += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  } while (n > 0);
  return name[0].toUpperCase() + name.slice(1);
});
const tailRank = zipf(longTail.length);
const name = () => longTail[tailRank()];

const templates: Array<() => string> = [
  () => `${pick(people)} prefers ${pick(foods)} for breakfast on ${pick(days)}`,
  () => `${pick(people)} is allergic to ${pick(foods)}, check labels at ${name()} market`,
  () => `${pick(people)} has a ${pick(appointments)} with ${name()} at the ${pick(places)} on ${pick(days)}`,
  () =>
    `The ${pick(items)} at the ${pick(places)} needs fixing before ${pick(months)}, ${name()} quoted ${Math.floor(rand() * 900) + 40} euros`,
  () => `We decided to replace the ${pick(items)} in ${pick(months)} because the old one kept failing`,
  () => `${pick(people)}'s ${pick(relations)} ${name()} lives on ${name()} Street`,
  () =>
    `Guests at the rental flat should leave the ${pick(items)} alone and call ${name()} if something breaks`,
  () => `${pick(people)} paid ${Math.floor(rand() * 500) + 5} euros for the ${pick(items)} at ${name()}`,
  () => `${pick(people)} does not enjoy ${pick(activities)} on ${pick(days)} evenings`,
  () => `${name()} from ${name()} delivers ${pick(foods)} every ${pick(days)}`,
  () => `${pick(people)} wants to try ${pick(activities)} in ${pick(months)} with ${name()}`,
  () => `The ${pick(appointments)} for ${pick(people)} moved to ${pick(days)} at the ${pick(places)}`,
];

/** Each query kind with the label its recall@8 is printed under. */
export const queryKinds: Array<[string, () => { text?: string; tags?: string[] }]> = [
  ['person + appointment', () => ({ text: `When is ${pick(people)}'s ${pick(appointments)}?` })],
  ['person + food', () => ({ text: `Does ${pick(people)} like ${pick(foods)}?` })],
  ['a name alone', () => ({ text: `Who is ${name()} again?` })],
  ['item + a tag', () => ({ text: `what did we decide about the ${pick(items)}`, tags: [pick(topicTags)] })],
  ['item + shop name', () => ({ text: `how much did we pay for the ${pick(items)} at ${name()}` })],
  ['two tags', () => ({ tags: [pick(topicTags), pick(topicTags)] })],
  [
    'person + activity + month',
    () => ({ text: `remind me what ${pick(people)} said about ${pick(activities)} in ${pick(months)}` }),
  ],
  ['place + item', () => ({ text: `is anything at the ${pick(places)} broken? the ${pick(items)} maybe` })],
];
export const queryTemplates = queryKinds.map(([, make]) => make);

/** One thing a household said: a memory's content, a note's text, a line of a document. */
export const householdSentence = (): string => pick(templates)();
/** None to three topic tags, as memories carry them. */
export const someTags = (): string[] => Array.from({ length: Math.floor(rand() * 4) }, () => pick(topicTags));
/** A question a member asks in words (the query kinds that have text). */
export function householdQuestion(): string {
  for (;;) {
    const { text } = pick(queryTemplates)();
    if (text) return text;
  }
}

export const users = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
export const workspaces = [null, null, 'rental', 'bakery', 'allotment'];

/** Adds `count` generated memories through the store, 5,000 per transaction. */
export async function seed(store: MemoryStore, conn: ReturnType<typeof sqliteConnection>, count: number) {
  const BATCH = 5_000;
  for (let done = 0; done < count; done += BATCH) {
    // One transaction per batch keeps seeding quick; each row still goes through create() and the FTS triggers.
    conn.exec('BEGIN');
    for (let i = 0; i < Math.min(BATCH, count - done); i++) {
      await store.create(
        { content: householdSentence(), tags: someTags(), importance: rand() < 0.05 ? 'core' : 'contextual' },
        {
          workspace: pick(workspaces),
          ownerUserId: rand() < 0.3 ? null : pick(users),
          provenance: 'user_stated',
        },
      );
    }
    conn.exec('COMMIT');
  }
}
