// The first run's calls: the setup link's owner step, then the owner's Matrix and model steps and what is missing.
import type { z } from 'zod';
import type {
  ownerCreated,
  pullState,
  skipBody,
  statusReply,
  verdict,
} from '../../../core/setup/setup-routes.ts';
import { apiRequest } from './api-client.ts';
import { redeemLink, type Session } from './session.ts';

/** A step's answer in words (the route's zod schemas are the types: a changed reply breaks this check). */
export type Verdict = z.input<typeof verdict>;
export type PullState = z.input<typeof pullState>;
export type SetupStatus = z.input<typeof statusReply>;
export type MissingStep = SetupStatus['missing'][number];

/** Whether the setup link still opens the first run (404 once an owner exists). */
export async function setupLinkOpen(token: string): Promise<boolean> {
  await apiRequest(`/setup/${encodeURIComponent(token)}`, { token: null });
  return true;
}

/** Creates the first owner, then signs them in with the one-time link the server hands back. */
export async function createOwner(
  token: string,
  owner: { name: string; matrixId: string; timezone: string },
): Promise<Session> {
  const { link_token } = await apiRequest<z.input<typeof ownerCreated>>(
    `/setup/${encodeURIComponent(token)}/owner`,
    {
      method: 'POST',
      token: null,
      body: {
        name: owner.name,
        timezone: owner.timezone,
        ...(owner.matrixId ? { matrix_id: owner.matrixId } : {}),
      },
    },
  );
  return redeemLink(link_token);
}

export function setupStatus(): Promise<SetupStatus> {
  return apiRequest<SetupStatus>('/admin/setup');
}

export function connectMatrix(input: {
  homeserverUrl: string;
  user: string;
  password: string;
}): Promise<Verdict> {
  return apiRequest<Verdict>('/admin/setup/matrix', {
    method: 'POST',
    body: { homeserver_url: input.homeserverUrl, user: input.user, password: input.password },
  });
}

export function useModelServer(input: { baseUrl: string; apiKey: string }): Promise<Verdict> {
  return apiRequest<Verdict>('/admin/setup/model', {
    method: 'POST',
    body: { base_url: input.baseUrl, ...(input.apiKey ? { api_key: input.apiKey } : {}) },
  });
}

export function startPull(): Promise<PullState> {
  return apiRequest<PullState>('/admin/setup/model/pull', { method: 'POST' });
}

export function pullStatus(): Promise<PullState> {
  return apiRequest<PullState>('/admin/setup/model/pull');
}

export function skipStep(step: z.input<typeof skipBody>['step']): Promise<unknown> {
  return apiRequest('/admin/setup/skip', { method: 'POST', body: { step } });
}

/** The browser's own time zone, to prefill the household's. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
