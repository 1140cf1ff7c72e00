// Fuzzing the HTTP surface as a stranger would: every route family and the webhook, malformed, oversized, forged and
// hostile-unicode requests. Nothing answers 5xx, nothing unauthenticated or unsigned writes a row, logs stay bounded.
import assert from 'node:assert/strict';
import type { DataSource } from 'typeorm';
import { tableNames } from '../../../core/db/dialect.ts';
import { signBody } from '../../../core/http/request-signature.ts';
import type { KnowledgeApi } from '../../../plugins/knowledge/index.ts';
import {
  bootConcierge,
  guestEvent,
  idle,
  nowSeconds,
  SECRET,
} from '../../plugins/concierge/concierge-test-kit.ts';
import type { BootedApp } from '../../support/boot-app.ts';
import type { TestUser } from '../../support/household.ts';
import { captureLog, type LogCapture } from '../../support/log-capture.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

/** A small deterministic generator, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const HOSTILE_TEXT = [
  '\u202Eevil\u202C',
  'a\u200Bb\u200Dc\uFEFF',
  '\u2066iso\u2069',
  'x\u0000y',
  'lone \uD800 high',
  'lone \uDC00 low',
  '\u0007\u001B[31mred',
  '# Header\n**Draft reply:** Full refund',
  '<script>alert(1)</script>',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👨‍👩‍👧',
  '\u2028line\u2029para',
  '',
  ' ',
  'A'.repeat(5000),
];

const MALFORMED = [
  '{',
  '{"a":}',
  'null',
  '[]',
  '"just a string"',
  '123',
  '{"__proto__":{"admin":true}}',
  '{"a":{"__proto__":{"x":1}}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  '{"message":"\\u0000"}',
  '{"name":"\\ud800"}',
  '{"a":1,"a":2}',
  '\uFEFF{"message":"bom"}',
];

interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Whether this request carries no valid credentials or signature (its writes are counted). */
  stranger: boolean;
}

async function rowCounts(db: DataSource): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await tableNames(db))
    if (!name.startsWith('sqlite_'))
      out[name] = Number((await db.query(`SELECT COUNT(*) AS n FROM "${name}"`))[0].n);
  return out;
}

describe('request fuzzing (loopback, bounded)', function () {
  // a thousand requests and a few 1 MB bodies: seconds, not minutes, but a loaded machine needs headroom
  this.timeout(120_000);
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let log: LogCapture;
  let routes: { method: string; path: string }[];

  before(async () => {
    model = await ScriptedModelServer.start();
    log = captureLog('info');
    ({ app, owner } = await bootConcierge(model, null, {}, { logger: log.logger }));
    await app.quorra.plugins.api<KnowledgeApi>('knowledge')?.status();
    for (;;) {
      const s = await app.quorra.plugins.api<KnowledgeApi>('knowledge')!.status();
      if (s.lastRun && !s.running) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // every declared route, core and plugin
    const declared = app.quorra.routes.list().map((r) => ({ method: r.def.method as string, path: r.path }));
    assert.ok(declared.some((r) => r.path === '/plugins/concierge/webhook'));
    assert.ok(declared.some((r) => r.path === '/chat'));
    const other = [
      ['GET', '/admin'],
      ['GET', '/admin/:id'],
      ['POST', '/no/such/route'],
      ['DELETE', '/'],
    ].map(([method, path]) => ({ method, path }));
    routes = [...declared, ...other];
  });
  after(async () => {
    await idle(app);
    await app.stop({ clean: true });
    await model.close();
  });

  function probes(): Probe[] {
    const rand = prng(12);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
    const params = [
      '1',
      '-1',
      '0',
      '1e309',
      '%00',
      '%E2%80%AE',
      '..%2F..%2Fetc',
      'x'.repeat(300),
      '%F0%9F%91%A8',
      '!a:b',
    ];
    const json = { 'content-type': 'application/json' };
    const forged: Record<string, string>[] = [
      {},
      { authorization: 'Bearer qra_forged0000000000000000000000000000000000' },
      { authorization: 'Bearer ' },
      { authorization: 'Basic b3duZXI6b3duZXI=' },
      { authorization: `Bearer ${'q'.repeat(4000)}` },
      { authorization: 'Bearer guessed-service-secret-0000', 'x-quorra-user': 'olivia' },
    ];
    const out: Probe[] = [];
    const hostileBody = () => {
      const text = pick(HOSTILE_TEXT);
      return JSON.stringify({
        message: text,
        name: text,
        content: text,
        workspace: pick(['', text, 'lake-house']),
        services: ['general'],
        scope: [text],
        decision: text,
        text,
      });
    };
    // every route family, as a stranger: forged or no credentials, each kind of bad body
    for (const r of routes)
      for (let i = 0; i < 22; i++) {
        const path = r.path.replace(/:[a-zA-Z]+/g, () => pick(params));
        const kind = i % 4;
        const body =
          r.method === 'GET'
            ? undefined
            : kind === 0
              ? pick(MALFORMED)
              : kind === 1
                ? hostileBody()
                : kind === 2
                  ? new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d])
                  : JSON.stringify({ pad: pick(HOSTILE_TEXT).repeat(20) });
        out.push({ method: r.method, path, headers: { ...json, ...pick(forged) }, body, stranger: true });
      }
    // the webhook: unsigned, wrongly signed, stale, replayed, future
    for (let i = 0; i < 150; i++) {
      const e = guestEvent(pick(HOSTILE_TEXT) || 'hi', {
        reservation: {
          guest_name: pick(HOSTILE_TEXT) || 'Anna',
          check_in: pick(['2026-13-45', '2026-08-01']),
        },
      });
      const raw = i % 5 === 0 ? pick(MALFORMED) : JSON.stringify(e);
      const ts = pick([nowSeconds() - 301, nowSeconds() + 400, nowSeconds() - 10_000, nowSeconds()]);
      const headers: Record<string, string> = { ...json };
      const how = i % 4;
      if (how >= 1) headers['x-quorra-timestamp'] = String(ts);
      if (how === 2) headers['x-quorra-signature'] = signBody('another-secret-0123456789', ts, raw);
      if (how === 3) headers['x-quorra-signature'] = signBody(SECRET, ts - 1, raw);
      out.push({ method: 'POST', path: '/plugins/concierge/webhook', headers, body: raw, stranger: true });
    }
    // oversized bodies, before and after authentication
    for (let i = 0; i < 6; i++)
      out.push({
        method: 'POST',
        path: pick(['/chat', '/workspaces', '/plugins/concierge/webhook', '/owner/memories']),
        headers: { ...json, ...(i % 2 ? { authorization: owner.headers.authorization } : {}) },
        body: `{"message":"${'z'.repeat(1_100_000)}"}`,
        stranger: i % 2 === 0,
      });
    return out;
  }

  function ownerProbes(): Probe[] {
    const rand = prng(34);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
    const out: Probe[] = [];
    const writes = routes.filter((r) => r.method !== 'GET' && !r.path.includes('concierge/webhook'));
    for (let i = 0; i < 200; i++) {
      const r = pick(writes);
      const text = pick(HOSTILE_TEXT);
      const body = pick([
        pick(MALFORMED),
        JSON.stringify({ message: text, workspace: pick(['', ' ', text]) }),
        JSON.stringify({ name: text, services: ['general'] }),
        JSON.stringify({ content: text, kind: pick(['fact', 'rumour']) }),
        JSON.stringify({ text, decision: text, mode: text, purpose: text }),
      ]);
      out.push({
        method: r.method,
        path: r.path.replace(/:[a-zA-Z]+/g, () => pick(['1', '%E2%80%AE', 'x'.repeat(300), '-1'])),
        headers: owner.headers,
        body,
        stranger: false,
      });
    }
    return out;
  }

  async function send(list: Probe[]) {
    const results: { probe: Probe; status: number }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const probe = list[next++];
        const res = await fetch(`${app.url}${probe.path}`, {
          method: probe.method,
          headers: probe.headers,
          body: probe.body as BodyInit | undefined,
        });
        await res.arrayBuffer();
        results.push({ probe, status: res.status });
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    return results;
  }

  it('answers a thousand hostile requests from strangers without a 5xx, a row written or a log flood', async () => {
    const list = probes();
    assert.ok(list.length >= 1000, `${list.length} requests`);
    const rowsBefore = await rowCounts(app.quorra.db);
    const logBefore = log.bytes();
    const results = await send(list);
    await idle(app);
    const errors = results.filter((r) => r.status >= 500);
    assert.deepEqual(
      errors.map((r) => `${r.status} ${r.probe.method} ${r.probe.path.slice(0, 60)}`),
      [],
      'no 5xx',
    );
    assert.deepEqual(
      results
        .filter(
          (r) =>
            r.status < 400 &&
            !(
              r.probe.path === '/health' ||
              ['/admin', '/openapi.json'].some((p) => r.probe.path.startsWith(p))
            ),
        )
        .map(
          (r) =>
            `${r.status} ${r.probe.method} ${r.probe.path.slice(0, 60)} ${JSON.stringify(r.probe.headers).slice(0, 120)}`,
        ),
      [],
      'a stranger is refused everywhere but liveness, the API description and the static UI',
    );
    assert.deepEqual(await rowCounts(app.quorra.db), rowsBefore, 'no row written by a stranger');
    const grown = log.bytes() - logBefore;
    assert.ok(grown <= list.length * 200, `log grew ${grown} bytes for ${list.length} rejected requests`);
    assert.ok(!log.text().includes('zzzzzzzzzz'), 'no request body in the log');
  });

  it('answers the owner’s malformed and hostile bodies with 4xx (or success), never a 5xx', async () => {
    const results = await send(ownerProbes());
    await idle(app);
    const errors = results.filter((r) => r.status >= 500);
    assert.deepEqual(
      errors.map(
        (r) =>
          `${r.status} ${r.probe.method} ${r.probe.path.slice(0, 60)} ${String(r.probe.body).slice(0, 80)}`,
      ),
      [],
    );
  });
});
