// GET /health/details (owner): the overall state, each check with its reason, the plugins and the scheduled jobs.
import type { z } from 'zod';
import type { pluginStatus } from '../../../core/admin/admin-routes.ts';
import { apiRequest } from './api-client.ts';

export type HealthState = 'ok' | 'degraded' | 'failed' | 'disabled';

/** One check of the report; checks carry extra details beside status and reason. */
export interface HealthCheck {
  status: HealthState;
  reason?: string;
  [detail: string]: unknown;
}

/** A plugin as the plugins check reports it: the plugin status without its id (the id is the key). */
export type PluginHealth = Omit<z.infer<typeof pluginStatus>, 'id'>;

/** A scheduled job as the scheduler check reports it. */
export interface JobHealth {
  name: string;
  cron: string;
  owner: string;
  running: boolean;
  lastStartedAt?: string;
  lastOutcome?: string;
  lastError?: string;
  nextRunAt?: string;
}

/** The whole /health answer. */
export interface HealthReport {
  status: HealthState;
  version: string;
  commit: string;
  uptimeSeconds: number;
  checks: Record<string, HealthCheck>;
}

/** Reads /health/details (a 503 still carries a report: the database check failed). */
export function fetchHealth(): Promise<HealthReport> {
  return apiRequest<HealthReport>('/health/details', { acceptStatus: [503] });
}

/** Reads the public GET /health: only the overall state, which is all a member may see. */
export async function fetchLiveness(): Promise<HealthReport['status']> {
  return (
    await apiRequest<{ status: HealthReport['status'] }>('/health', { token: null, acceptStatus: [503] })
  ).status;
}

/** The plugins listed inside the report's plugins check, by id. */
export function pluginsOf(report: HealthReport): [string, PluginHealth][] {
  const plugins = report.checks.plugins?.plugins;
  return plugins && typeof plugins === 'object'
    ? Object.entries(plugins as Record<string, PluginHealth>)
    : [];
}

/** The jobs listed inside the report's scheduler check. */
export function jobsOf(report: HealthReport): JobHealth[] {
  const jobs = report.checks.scheduler?.jobs;
  return Array.isArray(jobs) ? (jobs as JobHealth[]) : [];
}
