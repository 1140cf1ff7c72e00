// Structured logs: JSON lines, child loggers per plugin, and secrets redacted wherever they sit.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger } from '../../core/logger.ts';

function capture() {
  const lines: any[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, stream };
}

describe('logger', () => {
  it('writes JSON with the plugin id on child loggers', () => {
    const { lines, stream } = capture();
    createLogger('info', stream).child({ plugin: 'knowledge' }).info({ files: 3 }, 'indexed');
    assert.equal(lines[0].plugin, 'knowledge');
    assert.equal(lines[0].msg, 'indexed');
    assert.equal(lines[0].files, 3);
  });

  it('never writes secrets, at the top level or nested', () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    log.info(
      {
        apiKey: 'sk-live-123',
        config: { model: { apiKey: 'sk-nested' }, matrix: { accessToken: 'syt_abc' } },
        authorization: 'Bearer qra_x',
        password: 'hunter2',
        serviceSecret: 's3cret',
      },
      'boot',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['sk-live-123', 'sk-nested', 'syt_abc', 'qra_x', 'hunter2', 's3cret'])
      assert.ok(!text.includes(secret), secret);
    assert.match(text, /\[redacted\]/);
  });
});

describe('logger and errors', () => {
  it('logs an error without the body a parser attached, with a bounded message and no credentials', () => {
    const { lines, stream } = capture();
    const err = Object.assign(new Error(`bad input Bearer qra_secret123 ${'x'.repeat(5000)}`), {
      body: 'y'.repeat(100_000),
      code: 'E_BAD',
    });
    createLogger('info', stream).error({ err }, 'request failed');
    const text = JSON.stringify(lines);
    assert.ok(!text.includes('yyyy'), 'the attached body is not logged');
    assert.ok(!text.includes('qra_secret123'));
    assert.ok(lines[0].err.message.length <= 200);
    assert.equal(lines[0].err.code, 'E_BAD');
    assert.ok(text.length < 4000, `log line is ${text.length} bytes`);
  });
});
