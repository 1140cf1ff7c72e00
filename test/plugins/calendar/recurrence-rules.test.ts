// Each recurrence rule real calendars write, from hand-written fixtures, on both backends (embedded and a real Radicale).
import assert from 'node:assert/strict';
import { type BackendUnderTest, makeCaldav, makeEmbedded } from './backend-kit.ts';
import { ruleFixtures } from './fixtures/recurrence-rules.ts';

for (const [name, make] of [
  ['embedded', makeEmbedded],
  ['CalDAV (Radicale)', makeCaldav],
] as const) {
  describe(`recurrence as real calendars write it: ${name}`, function () {
    this.timeout(60_000);
    let sut: BackendUnderTest;
    before(async () => {
      sut = await make();
    });
    after(() => sut?.dispose());

    for (const f of ruleFixtures)
      it(f.name, async () => {
        const calendar = sut.backend.calendar(`Rules ${f.uid}`);
        await calendar.putObject({ uid: f.uid, ics: f.ics });
        const got = await calendar.query(Date.parse(f.from), Date.parse(f.to), 'Europe/Berlin');
        assert.deepEqual(
          got.map((e) => `${e.start} ${e.end} ${e.title}`),
          f.expected,
        );
      });
  });
}
