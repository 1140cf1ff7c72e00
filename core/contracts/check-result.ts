// What a health check answers: every area (and plugin) reports through this shape, so it sits on the ground floor.

/** Every verdict a check or the whole service can give. */
export const healthStates = ['ok', 'degraded', 'failed', 'disabled'] as const;
export type HealthState = (typeof healthStates)[number];

/** One component's health with a reason when it is not ok. */
export interface CheckResult {
  status: HealthState;
  reason?: string;
  [detail: string]: unknown;
}
