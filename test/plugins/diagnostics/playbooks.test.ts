// Each playbook against conditions the test creates: a nearly full small filesystem, a corrupted database copy,
// missing and stale backups, an endpoint that stops, a main process over its memory budget, a hot GPU.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  openSync,
  rmSync,
  statfsSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { rootDir } from '../../../core/build-info.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import { diagnosticsSettings } from '../../../plugins/diagnostics/diagnostics-settings.ts';
import { backupFreshness } from '../../../plugins/diagnostics/playbooks/backup-freshness.ts';
import { diskSpace } from '../../../plugins/diagnostics/playbooks/disk-space.ts';
import { endpointReachability } from '../../../plugins/diagnostics/playbooks/endpoint-reachability.ts';
import { gpuHealth } from '../../../plugins/diagnostics/playbooks/gpu-health.ts';
import type { PlaybookEnv } from '../../../plugins/diagnostics/playbooks/playbook.ts';
import { processMemory } from '../../../plugins/diagnostics/playbooks/process-memory.ts';
import { sqliteHealth } from '../../../plugins/diagnostics/playbooks/sqlite-health.ts';
import { tempDir } from '../../support/boot-app.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

describe('diagnostics playbooks', () => {
  let dir: string;
  const env = (
    overrides: Record<string, unknown> = {},
    settings: Record<string, unknown> = {},
  ): PlaybookEnv => ({
    config: loadConfig({ env: {}, cwd: dir, overrides: { dataDir: dir, ...overrides } }),
    settings: diagnosticsSettings.parse(settings),
    now: new Date(),
  });
  beforeEach(() => {
    dir = tempDir('quorra-playbooks-');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('disk', () => {
    let mount: string | undefined;
    /** A tiny tmpfs of its own, or undefined where mounting is not allowed (then a real dir and real statfs). */
    const smallFs = (mib: number): string | undefined => {
      const target = path.join(dir, 'small');
      mkdirSync(target);
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mib}m`, 'tmpfs', target], { stdio: 'pipe' });
        mount = target;
        return target;
      } catch {
        console.log('      (mount refused: using a real directory with thresholds under its real use)');
        return undefined;
      }
    };
    afterEach(() => {
      if (mount) execFileSync('umount', [mount]);
      mount = undefined;
    });

    it('is critical on a nearly full small filesystem, with a remedy and a tier-2 action', async () => {
      const small = smallFs(2);
      let settings: Record<string, unknown> = {};
      if (small) writeFileSync(path.join(small, 'filler'), Buffer.alloc(2_050_000));
      else {
        const fs = statfsSync(dir);
        const used = ((fs.blocks - fs.bavail) / fs.blocks) * 100;
        settings = { diskWarnPercent: Math.max(1, used - 2), diskCriticalPercent: Math.max(1, used - 1) };
      }
      const target = small ?? dir;
      const f = await diskSpace(() => target).run(env({}, settings));
      assert.equal(f.severity, 'critical', JSON.stringify(f.details));
      assert.match(f.summary, /% full/);
      assert.match(f.remedy!, /Free space on the disk that holds/);
      assert.equal(f.action, 'prune_backups');
      const roomy = await diskSpace(() => target).run(
        env({}, { diskWarnPercent: 100, diskCriticalPercent: 100 }),
      );
      assert.equal(roomy.severity, 'ok');
    });

    it('warns when the growth since the first sample fills the disk within the warning window', async function () {
      const small = smallFs(8);
      if (!small) {
        // a shared disk's growth is other people's too: without an own filesystem this cannot be measured
        console.log('      skipped: growth needs a filesystem of its own (mount refused)');
        this.skip();
      }
      const playbook = diskSpace(() => small!);
      const e = env({}, { diskWarnPercent: 100, diskCriticalPercent: 100, diskFullWarnDays: 7 });
      const first = await playbook.run({ ...e, now: new Date(Date.now() - 86_400_000) });
      assert.equal(first.severity, 'ok');
      writeFileSync(path.join(small!, 'growth'), Buffer.alloc(2 * 1024 * 1024));
      const second = await playbook.run(e);
      assert.equal(second.severity, 'warning', JSON.stringify(second.details));
      assert.match(second.summary, /full in about 3 days/);
    });
  });

  it('database: ok on a healthy file, critical on a corrupted copy, warning on a large WAL', async () => {
    const file = path.join(dir, 'quorra.db');
    const db = new Database(file);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT); CREATE INDEX t_body ON t(body);');
    const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 3000; i++) insert.run(`row ${i} ${'x'.repeat(50)}`);
    })();
    db.close();
    assert.equal((await sqliteHealth().run(env())).severity, 'ok');

    const copy = path.join(dir, 'copy.db');
    copyFileSync(file, copy);
    const fd = openSync(copy, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 3, 0x5a), 0, 4096 * 3, 4096 * 2);
    closeSync(fd);
    const broken = await sqliteHealth().run(env({ database: { path: copy } }));
    assert.equal(broken.severity, 'critical');
    assert.match(broken.remedy!, /restore the newest backup/);
    assert.ok((broken.details!.problems as string[]).length > 0);

    // a writer that keeps its connection open leaves the WAL un-checkpointed
    const writer = new Database(file);
    try {
      writer.pragma('journal_mode = WAL');
      writer.pragma('wal_autocheckpoint = 0');
      writer.prepare('INSERT INTO t (body) VALUES (?)').run('after');
      const big = await sqliteHealth().run(env({}, { walWarnBytes: 1024 }));
      assert.equal(big.severity, 'warning');
      assert.match(big.summary, /write-ahead log has grown/);
    } finally {
      writer.close();
    }
  });

  it('backup: critical with none, warning when stale, ok when fresh', async () => {
    const backups = path.join(dir, 'backups');
    assert.equal((await backupFreshness().run(env())).severity, 'critical');
    mkdirSync(backups);
    const archive = path.join(backups, 'quorra-backup-2026-11-01T02-00-00-000Z.tar.gz');
    writeFileSync(archive, 'x');
    const old = new Date(Date.now() - 72 * 3_600_000);
    utimesSync(archive, old, old);
    const stale = await backupFreshness().run(env());
    assert.equal(stale.severity, 'warning');
    assert.match(stale.remedy!, /quorra backup/);
    utimesSync(archive, new Date(), new Date());
    assert.equal((await backupFreshness().run(env())).severity, 'ok');
  });

  it('endpoints: ok while the model server answers, down once stopped (homeserver, embeddings, Qdrant, CalDAV too), skipped when unset', async () => {
    const server = await ScriptedModelServer.start();
    const model = endpointReachability().find((p) => p.name === 'model')!;
    const e = env({ model: { baseUrl: server.url } });
    assert.equal((await model.run(e)).severity, 'ok');
    await server.close();
    const down = await model.run(e);
    assert.equal(down.severity, 'critical');
    assert.match(down.summary, /does not answer/);
    assert.match(down.remedy!, /model server/);
    const homeserver = endpointReachability().find((p) => p.name === 'homeserver')!;
    assert.equal((await homeserver.run(env())).severity, 'skipped');
    // the discard port: nothing listens there, as with any stopped service
    const stoppedAll = env({
      matrix: { homeserverUrl: 'http://127.0.0.1:9' },
      model: { baseUrl: server.url, embeddingModel: 'e', embeddingBaseUrl: 'http://127.0.0.1:9/v1' },
      plugins: { knowledge: { settings: { vectorStore: 'qdrant', qdrantUrl: 'http://127.0.0.1:9' } } },
    });
    const severities = Object.fromEntries(
      await Promise.all(
        endpointReachability()
          .filter((p) => ['homeserver', 'embeddings', 'qdrant'].includes(p.name))
          .map(async (p) => [p.name, (await p.run(stoppedAll)).severity]),
      ),
    );
    assert.deepEqual(severities, { homeserver: 'critical', embeddings: 'warning', qdrant: 'warning' });
    const caldav = endpointReachability().find((p) => p.name === 'caldav')!;
    const stopped = await caldav.run(
      env({ plugins: { calendar: { settings: { url: 'http://127.0.0.1:9/' } } } }),
    );
    assert.equal(stopped.severity, 'warning');
  });

  it('memory: warns when the main process reports more than the threshold', async () => {
    const main = { pid: 1, rssBytes: 2_000_000_000, heapUsedBytes: 1, at: new Date().toISOString() };
    assert.equal((await processMemory().run(env())).severity, 'skipped');
    const high = await processMemory().run({ ...env(), main });
    assert.equal(high.severity, 'warning');
    assert.equal(high.action, 'restart_quorra');
    assert.equal(
      (await processMemory().run({ ...env({}, { memoryWarnBytes: 3_000_000_000 }), main })).severity,
      'ok',
    );
  });

  it('gpu: skipped without nvidia-smi, warning on a hot GPU, ok when cool', async () => {
    assert.equal((await gpuHealth(path.join(dir, 'no-such-nvidia-smi')).run(env())).severity, 'skipped');
    const fake = path.join(rootDir, 'test/support/nvidia-smi/nvidia-smi');
    const before = process.env.FAKE_GPU_TEMP;
    try {
      process.env.FAKE_GPU_TEMP = '91';
      const hot = await gpuHealth(fake).run(env());
      assert.equal(hot.severity, 'warning');
      assert.match(hot.summary, /91 °C/);
      process.env.FAKE_GPU_TEMP = '55';
      assert.equal((await gpuHealth(fake).run(env())).severity, 'ok');
    } finally {
      if (before === undefined) delete process.env.FAKE_GPU_TEMP;
      else process.env.FAKE_GPU_TEMP = before;
    }
  });
});
