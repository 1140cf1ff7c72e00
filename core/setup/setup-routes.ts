// First run over HTTP: the setup link's owner step, then the owner's Matrix and model steps and what is still missing.
import { z } from 'zod';
import type { SignInGrants } from '../auth/sign-in-grants.ts';
import type { UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { writeSetupFile } from '../config/setup-file.ts';
import { QuorraError } from '../contracts/errors.ts';
import { defineRoute } from '../contracts/route-definition.ts';
import type { ModelPullJob } from './model-pull-job.ts';
import type { SetupGate } from './setup-gate.ts';
import { probeMatrix, probeModelEndpoint } from './setup-probes.ts';
import { missingSteps } from './setup-status.ts';

const tokenParam = z.object({ token: z.string().min(20).max(100) });
const ownerBody = z
  .object({ name: z.string(), matrix_id: z.string().optional(), timezone: z.string() })
  .strict();
const matrixBody = z
  .object({
    homeserver_url: z.url('a web address like http://192.168.1.20:8008'),
    user: z.string().trim().min(1).max(255),
    password: z.string().min(1).max(1024),
  })
  .strict();
const modelBody = z
  .object({
    base_url: z.url('a web address like http://192.168.1.20:11434/v1'),
    api_key: z.string().max(512).optional(),
  })
  .strict();
export const skipBody = z.object({ step: z.enum(['matrix', 'model', 'caldav', 'pms']) }).strict();
/** The setup replies on the wire (the admin UI's types of them too). */
export const verdict = z.strictObject({ ok: z.boolean(), says: z.string() });
export const pullState = z.strictObject({
  state: z.enum(['idle', 'pulling', 'done', 'failed']),
  file: z.string().nullable(),
  received: z.number(),
  total: z.number(),
  says: z.string(),
});
export const statusReply = z.strictObject({
  missing: z.array(
    z.strictObject({ id: z.string(), says: z.string(), action: z.string(), href: z.string() }),
  ),
  skipped: z.array(z.string()),
  pull: pullState,
});

/** The first owner is made: a one-time link signs them in. */
export const ownerCreated = z.strictObject({ link_token: z.string() });

export interface SetupRouteDeps {
  config: QuorraConfig;
  dataDir: string;
  gate: SetupGate;
  users: UserStore;
  grants: SignInGrants;
  pull: ModelPullJob;
  matrixRunning: () => boolean;
  adoptMatrix: (s: { homeserverUrl: string; userId: string; accessToken: string }) => Promise<boolean>;
  adoptModel: (s: { baseUrl: string; apiKey?: string }) => Promise<void>;
}

/** /setup/:token (public, until an owner exists) and /admin/setup/* (the owner). */
export function setupRoutes(d: SetupRouteDeps) {
  const admitted = async (token: string) => {
    if (!(await d.gate.admits(token)))
      throw new QuorraError(
        'NOT_FOUND',
        'This setup link no longer works: the household has its owner already. Sign in instead.',
        undefined,
        'not-found',
      );
  };
  let skipped: string[] = [];
  return [
    defineRoute({
      method: 'GET',
      path: '/setup/:token',
      auth: 'public',
      summary: 'Whether the one-time setup link still opens the first run (404 once an owner exists)',
      params: tokenParam,
      response: z.strictObject({ open: z.literal(true) }),
      handler: async ({ params }) => {
        await admitted(params.token);
        return { open: true as const };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/setup/:token/owner',
      auth: 'public',
      summary: 'Creates the household’s first owner and hands back a one-time sign-in for them',
      params: tokenParam,
      body: ownerBody,
      response: ownerCreated,
      handler: async ({ params, body }) => {
        await admitted(params.token);
        const owner = await d.users.add({
          name: body.name,
          role: 'owner',
          matrix: body.matrix_id ? [body.matrix_id.trim()] : [],
          timezone: body.timezone,
        });
        return { link_token: await d.grants.issueLink(owner.id) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/admin/setup',
      auth: 'owner',
      summary: 'What the household still lacks, each with the action that fixes it, and the model download',
      response: statusReply,
      handler: () => ({ missing: missingSteps(d.config, d.matrixRunning()), skipped, pull: d.pull.status() }),
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/setup/matrix',
      auth: 'owner',
      summary: 'Tests a homeserver and the bot’s login live; on success saves them and connects',
      body: matrixBody,
      response: verdict,
      handler: async ({ body }) => {
        const v = await probeMatrix({
          homeserverUrl: body.homeserver_url,
          user: body.user,
          password: body.password,
        });
        if (!v.ok || !v.accessToken || !v.userId) return { ok: false, says: v.says };
        const matrix = {
          homeserverUrl: body.homeserver_url.replace(/\/+$/, ''),
          userId: v.userId,
          accessToken: v.accessToken,
        };
        writeSetupFile(d.dataDir, (s) => ({ ...s, matrix }));
        const started = await d.adoptMatrix(matrix);
        return {
          ok: true,
          says:
            started || d.matrixRunning() ? v.says : `${v.says} Saved; Quorra uses it from its next start.`,
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/setup/model',
      auth: 'owner',
      summary:
        'Tests an OpenAI-compatible model server live; on success saves it and uses it from the next turn',
      body: modelBody,
      response: verdict,
      handler: async ({ body }) => {
        const v = await probeModelEndpoint({ baseUrl: body.base_url, apiKey: body.api_key });
        if (!v.ok) return { ok: false, says: v.says };
        const model = {
          baseUrl: body.base_url.replace(/\/+$/, ''),
          ...(body.api_key ? { apiKey: body.api_key } : {}),
        };
        writeSetupFile(d.dataDir, (s) => ({ ...s, model }));
        await d.adoptModel(model);
        return { ok: true, says: v.says };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/setup/model/pull',
      auth: 'owner',
      summary: 'Starts downloading the default in-process models (sizes and SHA-256 checked)',
      response: pullState,
      handler: () => {
        void d.pull.start();
        return d.pull.status();
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/admin/setup/model/pull',
      auth: 'owner',
      summary: 'How far the model download is, and its checksum verdict at the end',
      response: pullState,
      handler: () => d.pull.status(),
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/setup/skip',
      auth: 'owner',
      summary: 'Leaves a setup step for later',
      body: skipBody,
      response: z.strictObject({ skipped: z.array(z.string()) }),
      handler: ({ body }) => {
        skipped = [...new Set([...skipped, body.step])];
        writeSetupFile(d.dataDir, (s) => ({ ...s, skipped: [...new Set([...s.skipped, body.step])] }));
        return { skipped };
      },
    }),
  ];
}
