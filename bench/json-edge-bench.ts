// The request edge's cost: strict UTF-8 decoding plus the key/text walk, against a bare JSON.parse of the same bytes.
import { refusedValue } from '../core/http/json-body.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
const bodies: [string, string][] = [
  [
    'chat message (0.2 KB)',
    JSON.stringify({ message: 'What is on the calendar tomorrow?', scope: ['general'] }),
  ],
  [
    'guest webhook (1 KB)',
    JSON.stringify({
      event: 'guest_message',
      account: 'acct-lake',
      reservation: { id: 'R-1', guest_name: 'Anna Berg', check_in: '2026-08-01', check_out: '2026-08-05' },
      message: { id: 'M-1', text: 'Is there parking? '.repeat(40), sent_at: '2026-07-30T10:00:00Z' },
    }),
  ],
  [
    'wide object (500 KB)',
    JSON.stringify(
      Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`key${i}`, `value ${i} `.repeat(4)])),
    ),
  ],
];

function time(fn: () => void): number {
  for (let i = 0; i < Math.min(200, rounds); i++) fn();
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) fn();
  return (performance.now() - t0) / rounds;
}

for (const [name, text] of bodies) {
  const bytes = Buffer.from(text);
  const baseline = time(() => JSON.parse(bytes.toString('utf8')));
  const edge = time(() => {
    const parsed = JSON.parse(utf8.decode(bytes));
    if (refusedValue(parsed)) throw new Error('refused');
  });
  console.log(
    `json-edge: ${name.padEnd(24)} JSON.parse ${(baseline * 1000).toFixed(1)} µs, edge ${(edge * 1000).toFixed(1)} µs, edge ÷ parse = ${(edge / baseline).toFixed(2)}`,
  );
}
