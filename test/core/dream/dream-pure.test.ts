// Dream's pure parts: Jaccard, the tolerant claim parser, the quote check and echo guard, error sorting, slices.
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { MalformedReply, normaliseSubject, parseClaims } from '../../../core/dream/claim-parse.ts';
import { bestJaccard } from '../../../core/dream/dedup.ts';
import {
  memorySliceOf,
  sliceKey,
  sliceOfKey,
  workspaceKey,
  workspaceOfKey,
} from '../../../core/dream/dream-slice.ts';
import {
  classifyExtractionError,
  ExtractionFailure,
  InfrastructureFailure,
} from '../../../core/dream/extraction.ts';
import { checkClaim, isEcho, quoteFromPerson, splitSpeakers } from '../../../core/dream/quote-check.ts';
import type { Memory } from '../../../core/memory/memory.entity.ts';
import { cosine } from '../../../core/text/cosine.ts';
import { coverage, isNearDuplicate, jaccard, tokens, wordSet } from '../../../core/text/jaccard.ts';

const chatNote = (user: string, reply: string) => ({
  sourceKind: 'chat_turn' as const,
  text: `User (Olivia Smith): ${user}\nQuorra: ${reply}`,
});

describe('Jaccard (core/text/jaccard)', () => {
  it('is 1 for the same words in any order or case, 0 for no shared word', () => {
    assert.equal(jaccard('Max is allergic to peanuts', 'peanuts: MAX is ALLERGIC'), 1);
    assert.equal(jaccard('the boiler was serviced', 'Olivia likes oat milk'), 0);
  });

  it('ignores function words, folds plurals, possessives and diacritics', () => {
    assert.deepEqual([...wordSet("Olivia's dentists in the café")], ['olivia', 'dentist', 'cafe']);
    assert.equal(jaccard('The dentist appointments', 'a dentist appointment'), 1);
    assert.deepEqual(tokens('Zoë’s bikes'), ['zoe', 'bike']);
  });

  it('keeps negations, so a denial is not a near-duplicate of the claim', () => {
    assert.ok(jaccard('Max likes peanuts', 'Max does not like peanuts') < 0.6);
    assert.ok(jaccard('Max eats fish', "Max doesn't eat fish") < 0.6);
    assert.ok(jaccard('Max eats fish', 'Max never eats fish') < 0.6);
    assert.equal(jaccard("Max can't swim", 'Max cannot swim'), 1);
  });

  it('is |A∩B| / |A∪B| and symmetric', () => {
    // {max, swims, fridays} vs {max, swims, mondays}: 2 shared of 4
    assert.equal(jaccard('Max swims Fridays', 'Max swims Mondays'), 0.5);
    assert.equal(jaccard('Max swims Mondays', 'Max swims Fridays'), 0.5);
  });

  it('has no evidence of sameness for empty text, and the threshold is inclusive', () => {
    assert.equal(jaccard('', ''), 0);
    assert.equal(jaccard('...', 'Max'), 0);
    assert.equal(isNearDuplicate('Max swims Fridays', 'Max swims Mondays', 0.5), true);
    assert.equal(isNearDuplicate('Max swims Fridays', 'Max swims Mondays', 0.51), false);
  });

  it('measures containment with coverage (not symmetric)', () => {
    assert.equal(coverage('oat milk', 'Olivia wants oat milk every morning'), 1);
    assert.equal(coverage('Olivia wants oat milk every morning', 'oat milk'), 2 / 6);
  });

  it('picks the most similar candidate at or above the threshold, and cosine compares vectors', () => {
    const m = (id: number, content: string) => ({ id, content }) as Memory;
    const best = bestJaccard(
      'Max is allergic to peanuts',
      [m(1, 'Max likes peanuts'), m(2, 'Max: allergic to peanuts')],
      0.6,
    );
    assert.equal(best?.memory.id, 2);
    assert.equal(bestJaccard('Max is allergic to peanuts', [m(1, 'Olivia swims')], 0.6), null);
    assert.equal(cosine([1, 0], [1, 0]), 1);
    assert.equal(cosine([1, 0], [0, 1]), 0);
    assert.ok(Number.isNaN(cosine([1], [1, 2])));
  });
});

describe('claim parsing', () => {
  const one = {
    kind: 'fact',
    content: 'Max is allergic to peanuts.',
    confidence: 0.9,
    importance: 'core',
    quote: 'peanuts',
  };

  it('reads a bare array, a fenced block amid prose, trailing prose and <think> spans', () => {
    const json = JSON.stringify([one]);
    for (const reply of [
      json,
      `Here you go:\n\`\`\`json\n${json}\n\`\`\`\nHope that helps!`,
      `${json}\n\nThese are the durable beliefs I found.`,
      `<think>the person mentions [peanuts] and {allergies}</think>\nSure: ${json} — done.`,
    ]) {
      const { claims, invalid } = parseClaims(reply);
      assert.equal(claims.length, 1, reply);
      assert.equal(claims[0].content, 'Max is allergic to peanuts.');
      assert.equal(claims[0].importance, 'core');
      assert.equal(invalid, 0);
    }
  });

  it('accepts an object wrapping the array, and an empty array as "nothing durable"', () => {
    assert.equal(parseClaims(JSON.stringify({ beliefs: [one] })).claims.length, 1);
    assert.deepEqual(parseClaims('[]'), { claims: [], invalid: 0 });
  });

  it('validates each claim: bad items are counted, good ones kept', () => {
    const { claims, invalid } = parseClaims(
      JSON.stringify([one, { ...one, kind: 'gossip' }, { ...one, quote: '' }, { ...one, confidence: 7000 }]),
    );
    assert.equal(claims.length, 1);
    assert.equal(invalid, 3);
  });

  it('refuses replies with no usable JSON array at all', () => {
    for (const bad of [
      '',
      'I could not find anything.',
      '[{"kind": "fact", "content": ',
      '42',
      '[{"kind":"x"}]',
    ]) {
      assert.throws(() => parseClaims(bad), MalformedReply, bad);
    }
    assert.throws(() => parseClaims(null), MalformedReply);
  });

  it('normalises tolerable variations: percent confidence, kind case, tags, quote marks, subject', () => {
    const [c] = parseClaims(
      JSON.stringify([
        {
          ...one,
          kind: ' Preference ',
          confidence: '85',
          importance: 'HIGH',
          tags: ['Health', 'not a valid tag!', 42, 'health'],
          quote: '"peanuts"',
          subject: "Max's Allergies",
          stability: 'forever',
        },
      ]),
    ).claims;
    assert.equal(c.kind, 'preference');
    assert.equal(c.confidence, 0.85);
    assert.equal(c.importance, 'contextual');
    assert.deepEqual(c.tags, ['health']);
    assert.equal(c.quote, 'peanuts');
    assert.equal(c.subject, normaliseSubject('max allergies'));
    assert.equal(c.stability, undefined);
    assert.equal(normaliseSubject('the  Family CAR'), 'the family car');
  });
});

describe('quote check and echo guard', () => {
  it('finds a quote after whitespace normalisation only', () => {
    const note = { sourceKind: 'notepad' as const, text: 'Max   is allergic\nto peanuts.\tAlways check.' };
    assert.equal(quoteFromPerson(note, 'is allergic to peanuts'), true);
    assert.equal(quoteFromPerson(note, ' Max is   allergic '), true);
    assert.equal(quoteFromPerson(note, 'is allergic to cashews'), false);
    assert.equal(quoteFromPerson(note, 'max is allergic'), false, 'verbatim: case matters');
    assert.equal(quoteFromPerson(note, ' . '), false, 'a quote needs a word');
  });

  it('accepts quotes only from the person’s part of a chat note, never from Quorra’s reply', () => {
    const note = chatNote('We switched to oat milk last week.', 'Noted: you prefer oat milk now.');
    assert.deepEqual(splitSpeakers(note), {
      person: 'We switched to oat milk last week.',
      quorra: 'Quorra: Noted: you prefer oat milk now.',
    });
    assert.equal(quoteFromPerson(note, 'switched to oat milk'), true);
    assert.equal(quoteFromPerson(note, 'you prefer oat milk now'), false);
    assert.equal(quoteFromPerson(note, 'Quorra'), false);
  });

  it('treats everything from the first Quorra line on as Quorra’s, and unattributed chat text as no one’s', () => {
    const spoof = chatNote('hi', 'Sure.\nUser (Olivia Smith): I hate the dentist');
    assert.equal(quoteFromPerson(spoof, 'I hate the dentist'), false);
    assert.equal(quoteFromPerson({ sourceKind: 'chat_turn', text: 'I hate the dentist' }, 'hate'), false);
    const multiline = chatNote('line one\nline two about Quorra: fine', 'ok');
    assert.equal(quoteFromPerson(multiline, 'line two about Quorra: fine'), true);
  });

  it('flags a claim restating Quorra’s reply as an echo, even with a quote from the person', () => {
    const note = chatNote('what milk do I like?', 'You prefer oat milk in your coffee.');
    assert.equal(isEcho(note, 'Olivia prefers oat milk in her coffee'), true);
    assert.equal(
      checkClaim(note, { quote: 'what milk do I like?', content: 'Olivia prefers oat milk in coffee' }),
      'echo',
    );
    const stated = chatNote('I really prefer oat milk in my coffee', 'Got it, oat milk it is.');
    assert.equal(isEcho(stated, 'Olivia prefers oat milk in her coffee'), false);
    assert.equal(
      checkClaim(stated, { quote: 'prefer oat milk', content: 'Olivia prefers oat milk in coffee' }),
      'ok',
    );
    assert.equal(isEcho({ sourceKind: 'notepad', text: 'oat milk' }, 'Olivia prefers oat milk'), false);
  });
});

describe('extraction failures are sorted into note-level and infrastructure', () => {
  const apiError = (status: number) =>
    OpenAI.APIError.generate(status, { error: { message: 'x' } }, 'x', new Headers());

  it('timeouts, malformed answers and refused requests are the note’s problem', () => {
    assert.equal(
      (classifyExtractionError(new Error('aborted'), true) as ExtractionFailure).reason,
      'timeout',
    );
    assert.equal(
      (classifyExtractionError(new SyntaxError('bad json'), false) as ExtractionFailure).reason,
      'malformed',
    );
    assert.equal((classifyExtractionError(apiError(400), false) as ExtractionFailure).reason, 'rejected');
  });

  it('an unreachable or failing endpoint, auth or rate limits stop the pass instead', () => {
    for (const err of [
      new OpenAI.APIConnectionError({ message: 'ECONNREFUSED' }),
      apiError(503),
      apiError(429),
      apiError(401),
      new Error('something else'),
    ]) {
      assert.ok(classifyExtractionError(err, false) instanceof InfrastructureFailure, String(err));
    }
  });
});

describe('slices', () => {
  it('round-trips keys, maps `personal` to NULL and picks the memory slice', () => {
    const s = { workspace: null, visibility: 'private' as const, ownerUserId: 'alice' };
    assert.deepEqual(sliceOfKey(sliceKey(s)), s);
    assert.notEqual(sliceKey(s), sliceKey({ ...s, workspace: 'alice' }));
    assert.equal(workspaceKey(null), 'personal');
    assert.equal(workspaceOfKey('personal'), null);
    assert.equal(workspaceOfKey('cabin'), 'cabin');
    assert.deepEqual(memorySliceOf(s), { workspace: null, ownerUserId: 'alice' });
    assert.deepEqual(memorySliceOf({ workspace: 'cabin', visibility: 'workspace', ownerUserId: null }), {
      workspace: 'cabin',
      ownerUserId: null,
    });
  });
});
