// Matrix latency per message (member sends → bot reply seen): Quorra's bot vs a bare matrix-bot-sdk echo bot, same homeserver, same run.
import { loadMatrixSdk } from '../core/matrix/load-matrix-sdk.ts';
import { bootApp } from '../test/support/boot-app.ts';
import { addUser } from '../test/support/household.ts';
import { MatrixHomeserver, type RegisteredUser } from '../test/support/matrix-homeserver/index.ts';
import {
  nextTimelineEvent,
  silenceMatrixSdkLogs,
  startMemberClient,
  waitUntil,
} from '../test/support/matrix-homeserver/test-clients.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { reportGoal } from './support/goals.ts';
import { percentile } from './support/hammer.ts';

const messages = Number(process.env.BENCH_MESSAGES ?? 150);
const warmup = 15;

silenceMatrixSdkLogs();
const { sdk } = loadMatrixSdk();
const hs = await MatrixHomeserver.start();
const model = await ScriptedModelServer.start({ recordRequests: false });
model.always(() => true, { content: 'Instant reply.' });
const olivia = hs.registerUser('olivia', { displayName: 'Olivia' });
const echoUser = hs.registerUser('echo', { displayName: 'Echo' });
const quorraUser = hs.registerUser('quorra', { displayName: 'Quorra' });

// (a) the baseline: a bare matrix-bot-sdk bot that joins on invite and echoes every message
const echo = new sdk.MatrixClient(hs.url, echoUser.accessToken, new sdk.MemoryStorageProvider());
echo.on('room.invite', (roomId: string) => echo.joinRoom(roomId));
echo.on('room.message', async (roomId: string, ev: any) => {
  if (ev.sender === echoUser.userId || ev.content?.msgtype !== 'm.text') return;
  await echo.sendMessage(roomId, { msgtype: 'm.text', body: `echo: ${ev.content.body}` });
});
await echo.start();

// (b) Quorra's bot, with the scripted model answering instantly
const app = await bootApp({
  model,
  pluginRoots: [],
  config: { matrix: { homeserverUrl: hs.url, accessToken: quorraUser.accessToken } },
});
await addUser(app, 'Olivia', 'owner', { matrix: [olivia.userId] });

const member = await startMemberClient(hs.url, olivia);

async function dmWith(bot: RegisteredUser): Promise<string> {
  const { room_id: roomId } = await member.createRoom({
    is_direct: true,
    invite: [bot.userId],
    preset: 'trusted_private_chat' as never,
  });
  await waitUntil(() => hs.membership(roomId, bot.userId) === 'join', 10000, `${bot.userId} to join`);
  return roomId;
}

async function once(bot: RegisteredUser, roomId: string, i: number): Promise<number> {
  const seen = nextTimelineEvent(
    member,
    (ev) => ev.getRoomId() === roomId && ev.getSender() === bot.userId && ev.getType() === 'm.room.message',
  );
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await member.sendTextMessage(roomId, `message ${i}`);
  await seen;
  const c = process.cpuUsage(c0);
  cpu.set(bot, (cpu.get(bot) ?? 0) + (c.user + c.system) / 1000);
  return performance.now() - t0;
}

/**
 * CPU of the whole process per message (homeserver double, member client and the bot alike): under load the wall
 * figures mostly measure waiting for a core, the CPU difference is what the bot itself costs.
 */
const cpu = new Map<RegisteredUser, number>();

/** Alternates the two bots message by message, so both see the same machine conditions. */
async function measure(n: number): Promise<{ bare: number[]; quorra: number[] }> {
  const out = { bare: [] as number[], quorra: [] as number[] };
  for (let i = 0; i < n; i++) {
    out.bare.push(await once(echoUser, echoRoom, i));
    out.quorra.push(await once(quorraUser, quorraRoom, i));
  }
  return out;
}

const echoRoom = await dmWith(echoUser);
const quorraRoom = await dmWith(quorraUser);
await measure(warmup);
cpu.clear();
const { bare, quorra } = await measure(messages);

const line = (name: string, xs: number[]) =>
  `matrix: ${name.padEnd(28)} p50 ${percentile(xs, 50).toFixed(2)} ms  p95 ${percentile(xs, 95).toFixed(2)} ms`;
console.log(line('bare matrix-bot-sdk echo bot', bare));
console.log(line('Quorra bot (instant model)', quorra));
const [b50, q50] = [percentile(bare, 50), percentile(quorra, 50)];
console.log(
  `matrix: Quorra adds ${(q50 - b50).toFixed(2)} ms per message at p50 (Quorra ÷ echo = ${(q50 / b50).toFixed(2)}; p95 ratio ${(percentile(quorra, 95) / percentile(bare, 95)).toFixed(2)}) over ${messages} messages each`,
);

const [cpuBare, cpuQuorra] = [cpu.get(echoUser)! / messages, cpu.get(quorraUser)! / messages];
console.log(
  `matrix: CPU per message (whole process) echo ${cpuBare.toFixed(2)} ms, Quorra ${cpuQuorra.toFixed(2)} ms (Quorra ÷ echo = ${(cpuQuorra / cpuBare).toFixed(2)}; the bot's own +${(cpuQuorra - cpuBare).toFixed(2)} ms)`,
);

for (const p of [50, 95] as const)
  reportGoal({
    id: p === 50 ? 'matrix.p50' : 'matrix.p95',
    value: percentile(quorra, p) / percentile(bare, p),
    unit: 'x',
    target: 1.3,
    direction: 'max',
    baseline: 'bare matrix-bot-sdk echo bot, same homeserver, interleaved',
  });

member.stopClient();
echo.stop();
await app.stop({ clean: true });
await hs.close();
await model.close();
process.exit(0);
