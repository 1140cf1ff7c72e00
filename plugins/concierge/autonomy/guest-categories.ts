// What guests ask about, in two fixed lists: the easy questions an owner may let Quorra answer alone, and those it never may.

/** Questions the owner may allow to be answered without review, each with its name for people. */
export const AUTO_CATEGORIES = {
  wifi: 'Wi-Fi and internet',
  check_in_time: 'Check-in time and how to get in (after arrival)',
  check_out_time: 'Check-out time and what to do when leaving',
  parking: 'Parking',
  directions: 'Directions and getting there',
  house_rules: 'House rules (quiet hours, pets, smoking, rubbish)',
  amenities: 'What the house has (towels, kitchen, heating)',
} as const;

export type AutoCategory = keyof typeof AUTO_CATEGORIES;

/** Questions that always wait for the owner, whatever any policy or model says. */
export const NEVER_CATEGORIES = {
  refund: 'Refunds and money back',
  discount: 'Discounts and prices',
  early_check_in: 'Early check-in',
  late_check_out: 'Late check-out',
  door_code: 'Door, lock or key-box codes',
  complaint: 'Complaints and damage',
  date_change: 'Changing or cancelling the stay',
  money: 'Payments, deposits and fees',
} as const;

export type NeverCategory = keyof typeof NEVER_CATEGORIES;

/** Every category the classifier may answer, plus `other` for anything else. */
export const GUEST_CATEGORIES = [
  ...(Object.keys(AUTO_CATEGORIES) as AutoCategory[]),
  ...(Object.keys(NEVER_CATEGORIES) as NeverCategory[]),
  'other',
] as const;

export type GuestCategory = (typeof GUEST_CATEGORIES)[number];

export function isAutoCategory(c: string): c is AutoCategory {
  return Object.hasOwn(AUTO_CATEGORIES, c);
}

/**
 * Words that put a message in a never-category, in the languages guests most often write (English, German,
 * Spanish, French, Italian, Dutch, Portuguese). Matched on the folded text (lower case, accents removed), so a
 * guest cannot hide "réembolso" behind an accent; a match keeps the message in review whatever else it says.
 */
export const NEVER_WORDS: Record<NeverCategory, RegExp> = {
  refund:
    /\b(refund\w*|money back|reimburs\w*|erstatt\w*|ruckerstatt\w*|geld zuruck|reembols\w*|devolu\w*|rembours\w*|rimbors\w*|terugbetal\w*|restitu\w*|chargeback)/,
  discount:
    /\b(discount\w*|rabatt\w*|descuento\w*|reduction\w*|sconto|korting|cheaper|price|preis|precio|prix)\b/,
  early_check_in:
    /\b(early (check.?in|arrival)|arrive early|fruh\w* (anreise|check.?in)|llegar antes|arriver plus tot)/,
  late_check_out:
    /\b(late (check.?out|departure)|leave later|stay longer|spat\w* (abreise|check.?out)|salir mas tarde|partir plus tard|extend)/,
  door_code:
    /\b(door ?code|lock ?code|key ?(box|safe|code)|pin ?code|entry code|access code|turcode|schlussel\w*|codigo|code (de la porte|d.acces)|keypad)/,
  complaint:
    /\b(complain\w*|broken|damage\w*|dirty|disgust\w*|unacceptable|beschwer\w*|kaputt|schmutzig|queja|sucio|roto|plainte|sale|casse|lawyer|review|bewertung)/,
  date_change:
    /\b(cancel\w*|reschedul\w*|change (the |our |my )?(date|booking|reservation|stay)|storn\w*|umbuch\w*|cancelar|annul\w*|modifier (la )?reservation|another (night|day)|extra night)/,
  money:
    /\b(pay\w*|deposit\w*|fee\w*|charge\w*|invoice\w*|bill\w*|kaution|rechnung|zahl\w*|pago\w*|fianza|factura|caution|facture|paiement|euro\w*|dollar\w*|cash)\b/,
};

/** Lower case with accents removed, for the word lists above. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
