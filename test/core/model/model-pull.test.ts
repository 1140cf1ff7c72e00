// `quorra model pull` against a local file server: progress, resume after a cut, checksum refused, offline.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_EMBEDDING_MODEL, type ModelEntry } from '../../../core/config/model-manifest.ts';
import { type PullProgress, pullModel } from '../../../core/model/model-pull.ts';
import { tempDir } from '../../support/boot-app.ts';
import { FileServer } from '../../support/file-server.ts';

const bin = fileURLToPath(new URL('../../../core/cli/bin.js', import.meta.url));

describe('quorra model pull', () => {
  const body = randomBytes(3 * 1024 * 1024 + 123);
  let server: FileServer;
  let dir: string;
  let entry: ModelEntry;

  before(async () => {
    server = await FileServer.start({ '/org/repo/resolve/main/test.gguf': body });
    entry = {
      name: 'test-model',
      role: 'chat',
      file: 'test.gguf',
      url: `${server.url}/org/repo/resolve/main/test.gguf`,
      sizeBytes: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      ramBytes: 1,
      why: 'a test',
    };
  });
  after(() => server.close());
  beforeEach(() => {
    dir = tempDir('quorra-pull-');
    server.requests.length = 0;
    server.ignoreRange = false;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('downloads with rising progress and installs the file only once size and SHA-256 match', async () => {
    const seen: PullProgress[] = [];
    const res = await pullModel(entry, dir, { onProgress: (p) => seen.push({ ...p }) });
    assert.equal(res.already, false);
    assert.deepEqual(readFileSync(path.join(dir, 'test.gguf')), body);
    assert.ok(seen.length >= 2);
    assert.equal(seen.at(-1)?.received, body.length);
    assert.ok(seen.every((p, i) => i === 0 || p.received >= seen[i - 1].received));
    assert.equal(existsSync(path.join(dir, 'test.gguf.part')), false);
    const again = await pullModel(entry, dir);
    assert.equal(again.already, true, 'a verified file is not fetched again');
    assert.equal(server.requests.length, 1);
  });

  it('resumes with an HTTP Range after the connection is cut', async () => {
    server.cutAfter = 1024 * 1024;
    await assert.rejects(pullModel(entry, dir), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'MODEL_PULL_INTERRUPTED');
      assert.match(err.message, /run the same command again to resume/);
      return true;
    });
    const partial = statSync(path.join(dir, 'test.gguf.part')).size;
    assert.ok(partial > 0 && partial < body.length, `kept ${partial} bytes`);
    assert.equal(existsSync(path.join(dir, 'test.gguf')), false);
    const res = await pullModel(entry, dir);
    assert.equal(res.resumedFrom, partial);
    assert.equal(server.requests.at(-1)?.range, `bytes=${partial}-`);
    assert.deepEqual(readFileSync(path.join(dir, 'test.gguf')), body);
  });

  it('starts over when the server ignores the Range', async () => {
    server.cutAfter = 500_000;
    await assert.rejects(pullModel(entry, dir));
    server.ignoreRange = true;
    const res = await pullModel(entry, dir);
    assert.equal(res.resumedFrom, 0);
    assert.deepEqual(readFileSync(path.join(dir, 'test.gguf')), body);
  });

  it('refuses a file whose checksum does not match and keeps nothing of it', async () => {
    const wrong = { ...entry, sha256: 'f'.repeat(64) };
    await assert.rejects(pullModel(wrong, dir), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'MODEL_PULL_CHECKSUM');
      assert.match(err.message, /does not match its pinned checksum/);
      return true;
    });
    assert.equal(existsSync(path.join(dir, 'test.gguf')), false);
    assert.equal(existsSync(path.join(dir, 'test.gguf.part')), false);
  });

  // async: the file server lives in this process, so a blocking spawn would starve it
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bin, 'model', ...args], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', HOME: dir, QUORRA_DATA_DIR: dir, ...extra },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });

  it('the command refuses a mirror that serves something else than the pinned file', async () => {
    const u = new URL(DEFAULT_EMBEDDING_MODEL.url);
    server.files.set(u.pathname, Buffer.alloc(4096));
    const run = await cli(['pull', DEFAULT_EMBEDDING_MODEL.name, '--mirror', server.url]);
    assert.equal(run.status, 1);
    assert.match(run.stdout, /nomic-embed-text-v1\.5 \(embedding, 146\.1 MB/);
    assert.match(
      run.stdout,
      /nomic-embed-text-v1\.5\.Q8_0\.gguf \[\.+\] +0% 0\.0 MB \/ 146\.1 MB/,
      'the progress bar',
    );
    // the mirror's file is far shorter than the pinned size: not installed, kept only to resume
    assert.match(run.stderr, /MODEL_PULL_INTERRUPTED: the download of nomic-embed-text-v1\.5\.Q8_0\.gguf/);
    assert.equal(existsSync(path.join(dir, 'models', DEFAULT_EMBEDDING_MODEL.file)), false);
  });

  it('the command says clearly when the machine is offline', async () => {
    const run = await cli(['pull'], { QUORRA_MODEL_MIRROR: 'http://127.0.0.1:9' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /MODEL_PULL_OFFLINE: cannot reach 127\.0\.0\.1:9 .*offline.*resumes/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });

  it('doctor names the missing in-process model and the command that gets it, without loading anything', async () => {
    const child = spawn(process.execPath, [bin, 'doctor'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir, QUORRA_DATA_DIR: dir },
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    await new Promise((r) => child.on('close', r));
    assert.match(
      stdout,
      /model: in-process, .*qwen2\.5-3b-instruct-q4_k_m\.gguf missing \(run `npm run quorra -- model pull`/,
    );
  });

  it('model list shows what is there and what can be pulled', async () => {
    const run = await cli(['list']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Models in .*models:\n {2}\(none\)/);
    assert.match(run.stdout, /qwen2\.5-3b-instruct +chat +2\.10 GB/);
  });
});
