// The diagnostics settings (config key `plugins.diagnostics.settings`), read by the plugin and by the agent process.
import { z } from 'zod';

export const diagnosticsSettings = z
  .object({
    heartbeatCron: z.string().default('*/5 * * * *'),
    /** The agent's Unix socket; defaults to <dataDir>/plugins/diagnostics/agent.sock. */
    socketPath: z.string().min(1).max(100).optional(),
    /** How often the agent runs every playbook. */
    intervalSeconds: z.number().int().min(5).max(86_400).default(300),
    diskWarnPercent: z.number().min(1).max(100).default(85),
    diskCriticalPercent: z.number().min(1).max(100).default(95),
    /** Warn when the disk, growing as it has lately, fills within this many days. */
    diskFullWarnDays: z.number().min(0).max(36_500).default(7),
    walWarnBytes: z
      .number()
      .int()
      .min(1)
      .default(256 * 1024 * 1024),
    backupMaxAgeHours: z
      .number()
      .min(1)
      .max(24 * 365)
      .default(36),
    latencyWarnMs: z.number().int().min(1).default(2000),
    probeTimeoutMs: z.number().int().min(100).max(60_000).default(5000),
    memoryWarnBytes: z
      .number()
      .int()
      .min(1)
      .default(1536 * 1024 * 1024),
    gpuTempWarnCelsius: z.number().min(30).max(120).default(85),
    gpuMemoryWarnPercent: z.number().min(1).max(100).default(95),
  })
  .strict();

export type DiagnosticsSettings = z.infer<typeof diagnosticsSettings>;
