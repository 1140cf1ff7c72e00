// Matrix latency per message (member sends → bot reply seen): Quorra's bot vs a bare matrix-bot-sdk echo bot, same homeserver, same run; and the engine floor beside them.
import { principalOf } from '../core/auth/user-store.ts';
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
const oliviaUser = await addUser(app, 'Olivia', 'owner', { matrix: [olivia.userId] });

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

/** Alternates the echo bot with another bot message by message, so both see the same machine conditions. */
async function measure(
  n: number,
  bot: RegisteredUser,
  room: string,
): Promise<{ bare: number[]; quorra: number[] }> {
  const out = { bare: [] as number[], quorra: [] as number[] };
  for (let i = 0; i < n; i++) {
    out.bare.push(await once(echoUser, echoRoom, i));
    out.quorra.push(await once(bot, room, i));
  }
  return out;
}

const echoRoom = await dmWith(echoUser);
const quorraRoom = await dmWith(quorraUser);
await measure(warmup, quorraUser, quorraRoom);
cpu.clear();
const { bare, quorra } = await measure(messages, quorraUser, quorraRoom);
const goalCpu = new Map(cpu);

const line = (name: string, xs: number[]) =>
  `matrix: ${name.padEnd(28)} p50 ${percentile(xs, 50).toFixed(2)} ms  p95 ${percentile(xs, 95).toFixed(2)} ms`;
console.log(line('bare matrix-bot-sdk echo bot', bare));
console.log(line('Quorra bot (instant model)', quorra));
const [b50, q50] = [percentile(bare, 50), percentile(quorra, 50)];
console.log(
  `matrix: Quorra adds ${(q50 - b50).toFixed(2)} ms per message at p50 (Quorra ÷ echo = ${(q50 / b50).toFixed(2)}; p95 ratio ${(percentile(quorra, 95) / percentile(bare, 95)).toFixed(2)}) over ${messages} messages each`,
);

const [cpuBare, cpuQuorra] = [goalCpu.get(echoUser)! / messages, goalCpu.get(quorraUser)! / messages];
console.log(
  `matrix: CPU per message (whole process) echo ${cpuBare.toFixed(2)} ms, Quorra ${cpuQuorra.toFixed(2)} ms (Quorra ÷ echo = ${(cpuQuorra / cpuBare).toFixed(2)}; the bot's own +${(cpuQuorra - cpuBare).toFixed(2)} ms)`,
);

// (c) A diagnostic, not a goal: the engine floor. A bare matrix-bot-sdk bot like the echo bot that answers each
// message with Quorra's own engine turn (same engine, database and model double, streamed as Quorra's Matrix turns
// are) and sends the reply with sendMessage: what is left between it and Quorra is Quorra's Matrix layer (its sync
// loop, intake and event log, the pipeline, reply formatting, the sender). It runs in a pass of its own after the
// goal's, alternating with the echo bot the same way, so the goal's measurement is the same as without it.
const floorUser = hs.registerUser('floor', { displayName: 'Floor' });
const floor = new sdk.MatrixClient(hs.url, floorUser.accessToken, new sdk.MemoryStorageProvider());
const floorSessions = new Map<string, string>();
// the principal Quorra's pipeline hands the engine for this member
const principal = principalOf((await app.quorra.conversation.users.get(oliviaUser.id))!);
floor.on('room.invite', (roomId: string) => floor.joinRoom(roomId));
floor.on('room.message', async (roomId: string, ev: any) => {
  if (ev.sender === floorUser.userId || ev.content?.msgtype !== 'm.text') return;
  const sessionId = floorSessions.get(roomId);
  const turn = await app.quorra.conversation.engine.handle(
    { principal, message: ev.content.body, scope: ['general'], ...(sessionId ? { sessionId } : {}) },
    { stream: true, onToken: () => {} },
  );
  floorSessions.set(roomId, turn.sessionId);
  await floor.sendMessage(roomId, { msgtype: 'm.text', body: turn.reply });
});
await floor.start();
const floorRoom = await dmWith(floorUser);
await measure(warmup, floorUser, floorRoom);
cpu.clear();
const floorRun = await measure(messages, floorUser, floorRoom);
const floorCpu = (cpu.get(floorUser)! - cpu.get(echoUser)!) / messages;
const ratioOf = (run: { bare: number[]; quorra: number[] }, p: number) =>
  (percentile(run.quorra, p) / percentile(run.bare, p)).toFixed(2);
console.log(
  `matrix: (diagnostic) a bare matrix-bot-sdk bot calling the same engine turn: p50 ${percentile(floorRun.quorra, 50).toFixed(2)} ms, ÷ echo ${ratioOf(floorRun, 50)} (p95 ÷ echo ${ratioOf(floorRun, 95)}; its own CPU +${floorCpu.toFixed(2)} ms per message), in a pass of its own: echo → engine floor → Quorra ${ratioOf({ bare, quorra }, 50)}`,
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
floor.stop();
await app.stop({ clean: true });
await hs.close();
await model.close();
process.exit(0);
