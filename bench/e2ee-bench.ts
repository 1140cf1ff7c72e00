// What end-to-end encryption costs per message, and what running the crypto WASM on Liftoff only (the footprint
// trade in core/matrix/crypto/olm-engine.ts) costs on top: encrypted vs plaintext DMs, interleaved, in child
// processes with and without `--no-liftoff-only`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type MatrixEvent, MatrixEventEvent } from 'matrix-js-sdk';
import { bootApp } from '../test/support/boot-app.ts';
import { addUser } from '../test/support/household.ts';
import { MatrixHomeserver } from '../test/support/matrix-homeserver/index.ts';
import {
  nextTimelineEvent,
  silenceMatrixSdkLogs,
  startMemberClient,
  waitUntil,
} from '../test/support/matrix-homeserver/test-clients.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { percentile } from './support/hammer.ts';

const RESULT = '##e2ee ';
const messages = Number(process.env.BENCH_MESSAGES ?? 80);

interface Sample {
  tier: string;
  plain: number[];
  encrypted: number[];
  cpuPlain: number;
  cpuEncrypted: number;
}

/** One child: a member with Element's crypto, Quorra with E2EE, a plaintext and an encrypted DM. */
async function child(): Promise<void> {
  silenceMatrixSdkLogs();
  const hs = await MatrixHomeserver.start();
  const model = await ScriptedModelServer.start({ recordRequests: false });
  model.always(() => true, { content: 'Instant reply.' });
  const olivia = hs.registerUser('olivia', { displayName: 'Olivia' });
  const bot = hs.registerUser('quorra', { displayName: 'Quorra' });
  // the member's own crypto WASM compiles before Quorra's sets the Liftoff flag, so the tiers differ in the bot only
  const member = await startMemberClient(hs.url, olivia, 20, { crypto: true });
  const app = await bootApp({
    model,
    pluginRoots: [],
    config: {
      matrix: { homeserverUrl: hs.url, accessToken: bot.accessToken, e2ee: true, streamEdits: false },
    },
  });
  await addUser(app, 'Olivia', 'owner', { matrix: [olivia.userId] });
  const dm = async (encrypted: boolean) => {
    const { room_id: roomId } = await member.createRoom({
      is_direct: true,
      invite: [bot.userId],
      preset: 'trusted_private_chat' as never,
      initial_state: encrypted
        ? [{ type: 'm.room.encryption', state_key: '', content: { algorithm: 'm.megolm.v1.aes-sha2' } }]
        : [],
    });
    await waitUntil(() => hs.membership(roomId, bot.userId) === 'join', 15000, 'the bot to join');
    await waitUntil(
      () => member.getRoom(roomId)?.getMember(bot.userId)?.membership === 'join',
      15000,
      'the member to see it',
    );
    return roomId;
  };
  const plainRoom = await dm(false);
  const encryptedRoom = await dm(true);
  const cpu = { plain: 0, encrypted: 0 };

  // the reply as the member reads it: an encrypted one only counts once decrypted
  const readable = (ev: MatrixEvent) =>
    new Promise<void>((resolve) => {
      if (!ev.isEncrypted() || ev.getClearContent()) return resolve();
      ev.once(MatrixEventEvent.Decrypted, () => resolve());
    });
  const once = async (roomId: string, which: keyof typeof cpu, i: number) => {
    const seen = nextTimelineEvent(
      member,
      (ev) => ev.getRoomId() === roomId && ev.getSender() === bot.userId,
    ).then(readable);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await member.sendTextMessage(roomId, `message ${i}`);
    await seen;
    const c = process.cpuUsage(c0);
    cpu[which] += (c.user + c.system) / 1000;
    return performance.now() - t0;
  };
  const measure = async (n: number) => {
    const out = { plain: [] as number[], encrypted: [] as number[] };
    for (let i = 0; i < n; i++) {
      out.plain.push(await once(plainRoom, 'plain', i));
      out.encrypted.push(await once(encryptedRoom, 'encrypted', i));
    }
    return out;
  };
  await measure(10); // the first encrypted message shares the room key (an Olm session per device)
  cpu.plain = cpu.encrypted = 0;
  const { plain, encrypted } = await measure(messages);
  const sample: Sample = {
    tier: process.execArgv.includes('--no-liftoff-only') ? 'TurboFan' : 'Liftoff only',
    plain,
    encrypted,
    cpuPlain: cpu.plain / messages,
    cpuEncrypted: cpu.encrypted / messages,
  };
  console.log(`${RESULT}${JSON.stringify(sample)}`);
  member.stopClient();
  await app.stop({ clean: true });
  await hs.close();
  await model.close();
  process.exit(0);
}

/** Runs a child and returns its sample; both tiers run twice, alternating, so drift on the machine hits both. */
function run(flags: string[]): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...flags, '--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, E2EE_BENCH_CHILD: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
    });
    proc.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT));
      if (code !== 0 || !line) reject(new Error(`e2ee bench child exited ${code}`));
      else resolve(JSON.parse(line.slice(RESULT.length)) as Sample);
    });
  });
}

if (process.env.E2EE_BENCH_CHILD) await child();
else {
  const samples: Sample[] = [];
  for (let round = 0; round < 2; round++) {
    samples.push(await run([]));
    samples.push(await run(['--no-liftoff-only']));
  }
  const byTier = new Map<string, Sample[]>();
  for (const s of samples) byTier.set(s.tier, [...(byTier.get(s.tier) ?? []), s]);
  const summary = new Map<string, { plain: number; encrypted: number; cpuExtra: number }>();
  for (const [tier, ss] of byTier) {
    const plain = percentile(
      ss.flatMap((s) => s.plain),
      50,
    );
    const encrypted = percentile(
      ss.flatMap((s) => s.encrypted),
      50,
    );
    const cpuExtra = ss.reduce((a, s) => a + s.cpuEncrypted - s.cpuPlain, 0) / ss.length;
    summary.set(tier, { plain, encrypted, cpuExtra });
    console.log(
      `e2ee: ${tier.padEnd(12)} plaintext DM p50 ${plain.toFixed(2)} ms, encrypted DM p50 ${encrypted.toFixed(2)} ms` +
        ` (encrypted ÷ plaintext = ${(encrypted / plain).toFixed(2)}); CPU per encrypted message` +
        ` +${cpuExtra.toFixed(2)} ms over a plaintext one (whole process: the member's crypto and the bot's)`,
    );
  }
  const [lift, turbo] = [summary.get('Liftoff only')!, summary.get('TurboFan')!];
  console.log(
    `e2ee: Liftoff only ÷ TurboFan, encrypted DM p50 = ${(lift.encrypted / turbo.encrypted).toFixed(2)};` +
      ` encryption's extra CPU per message ${lift.cpuExtra.toFixed(2)} vs ${turbo.cpuExtra.toFixed(2)} ms` +
      ` over ${messages} messages × 2 runs per tier`,
  );
}
