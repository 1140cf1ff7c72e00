// The grounding check: each factual sentence must rest on a guest-visible passage or the booking, and says which.
import assert from 'node:assert/strict';
import { bookingSource } from '../../../../plugins/concierge/autonomy/autonomy-gate.ts';
import { checkGrounding, sentencesOf } from '../../../../plugins/concierge/autonomy/grounding-check.ts';

const sources = [
  {
    name: 'Wi-Fi',
    text: 'The Wi-Fi network is LakeHouse-Guest and the password is on the card on the fridge.',
  },
  { name: 'Parking', text: 'Guests park in the gravel lot behind the boathouse; parking is free.' },
  bookingSource({
    guestName: 'Anna',
    property: 'Lake House',
    checkIn: '2026-08-01',
    checkOut: '2026-08-05',
    status: 'confirmed',
  }),
];

describe('concierge grounding check', () => {
  it('backs sentences found in the guest information and the booking, naming those sources', () => {
    const r = checkGrounding(
      'Hi Anna! The Wi-Fi network is LakeHouse-Guest, and the password is on the fridge card. Your check-out is 2026-08-05. Enjoy your stay!',
      sources,
    );
    assert.deepEqual(r, { supported: true, sources: ['Wi-Fi', 'the booking'], unsupported: [] });
  });

  it('names the sentence nothing backs', () => {
    const r = checkGrounding(
      'The Wi-Fi network is LakeHouse-Guest. The hot tub is heated to forty degrees all night.',
      sources,
    );
    assert.equal(r.supported, false);
    assert.deepEqual(r.unsupported, [2]);
  });

  it('does not let a long sentence pass for courtesy because it starts with one', () => {
    const r = checkGrounding(
      'Enjoy the sauna, which the owner heats for guests every evening at six.',
      sources,
    );
    assert.deepEqual(r.unsupported, [1]);
  });

  it('splits sentences with the platform’s segmenter', () => {
    assert.deepEqual(sentencesOf('Park behind the boathouse. It is free! Questions?'), [
      'Park behind the boathouse.',
      'It is free!',
      'Questions?',
    ]);
  });
});
