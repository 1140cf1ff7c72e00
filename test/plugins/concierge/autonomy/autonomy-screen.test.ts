// The deterministic screen: money, code-like digits, dates, links and never-topics in the guest's message or the draft.
import assert from 'node:assert/strict';
import {
  describeFinding,
  screenForAutonomy,
} from '../../../../plugins/concierge/autonomy/autonomy-screen.ts';

const screen = (message: string, draft = 'The Wi-Fi network is LakeHouse.') =>
  screenForAutonomy({ message, draft, bookingDates: ['2026-08-01', '2026-08-05'] }).map(
    (f) => `${f.where}:${f.what}`,
  );

describe('concierge auto-send screen', () => {
  it('passes a plain Wi-Fi question and answer, and a time that is no code', () => {
    assert.deepEqual(
      screen('what is the wifi password?', 'The password is on the fridge card. Check-out is at 10:00.'),
      [],
    );
  });

  it('finds money in every way guests and drafts write it', () => {
    for (const text of ['€50 back please', 'it was 50 EUR', 'USD 1,200.00', 'we paid $ 80', 'only 20 euros?'])
      assert.ok(screen(text).includes('message:amount'), text);
    assert.ok(screen('wifi?', 'You will get 40€ back.').includes('draft:amount'));
  });

  it('finds code-like digits however they are split, but not a time', () => {
    for (const draft of [
      'The code is 4711.',
      'Use 47-11.',
      'Press 4 7 1 1 on the pad.',
      'Call 0151 2345678.',
    ])
      assert.ok(screen('wifi?', draft).includes('draft:code'), draft);
    assert.ok(!screen('wifi?', 'Quiet hours start at 22:00.').includes('draft:code'));
  });

  it('treats any date in the message, and any date but the booking’s own in the draft, as a date change', () => {
    assert.ok(screen('can we come on 3 August instead?').includes('message:date'));
    assert.deepEqual(screen('wifi?', 'Your check-out is on 2026-08-05.'), []);
    assert.ok(screen('wifi?', 'Your check-out is on August 5.').every((f) => f !== 'draft:date'));
    assert.ok(screen('wifi?', 'You can stay until 2026-08-07.').includes('draft:date'));
    assert.ok(screen('wifi?', 'See you 12/08.').includes('draft:date'));
  });

  it('finds links', () => {
    assert.ok(screen('wifi?', 'See https://example.org/wifi for details.').includes('draft:link'));
    assert.ok(screen('is it on maps.example.com?').includes('message:link'));
  });

  it('finds never-topics in several languages, accents or not', () => {
    const cases: [string, string][] = [
      ['I want a refund', 'refund'],
      ['Rückerstattung bitte', 'refund'],
      ['quiero un reembolso', 'refund'],
      ['can we get a discount?', 'discount'],
      ['can we arrive early?', 'early_check_in'],
      ['could we have a late check-out', 'late_check_out'],
      ['what is the door code', 'door_code'],
      ['the shower is broken', 'complaint'],
      ['we need to cancel', 'date_change'],
      ['where do I pay the deposit', 'money'],
    ];
    for (const [text, what] of cases)
      assert.ok(screen(text).includes(`message:${what}`), `${text} → ${what}`);
  });

  it('describes a finding in fixed words only', () => {
    const [f] = screenForAutonomy({ message: 'I want a refund <b>now</b>', draft: '', bookingDates: [] });
    assert.equal(
      describeFinding(f),
      "the guest's message mentions a topic that always needs you (refunds and money back)",
    );
  });
});
