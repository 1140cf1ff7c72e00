// GET /health/details (owner): the overall state, each check with its reason, the plugins and the scheduled jobs.
import type { z } from 'zod';
import type { pluginStatus } from '../../../core/admin/admin-routes.ts';
import type { healthDetailsReply, livenessReply } from '../../../core/health/system-routes.ts';
import type { JobInfo } from '../../../core/scheduler/scheduler.ts';
import { apiRequest } from './api-client.ts';

/** The whole /health/details answer (the route's zod schema is the type: a changed reply breaks this check). */
export type HealthReport = z.input<typeof healthDetailsReply>;
export type HealthState = HealthReport['status'];

/** One check of the report; checks carry extra details beside status and reason. */
export type HealthCheck = HealthReport['checks'][string];

/** A plugin as the plugins check reports it: the plugin status without its id (the id is the key). */
export type PluginHealth = Omit<z.infer<typeof pluginStatus>, 'id'>;

/** A scheduled job as the scheduler check reports it (the scheduler's own type). */
export type JobHealth = JobInfo;

/** Reads /health/details (a 503 still carries a report: the database check failed). */
export function fetchHealth(): Promise<HealthReport> {
  return apiRequest<HealthReport>('/health/details', { acceptStatus: [503] });
}

/** Reads the public GET /health: only the overall state, which is all a member may see. */
export async function fetchLiveness(): Promise<HealthReport['status']> {
  return (await apiRequest<z.input<typeof livenessReply>>('/health', { token: null, acceptStatus: [503] }))
    .status;
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
