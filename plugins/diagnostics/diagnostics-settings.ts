// The diagnostics settings (config key `plugins.diagnostics.settings`), read by the plugin and by the agent process.
import { z } from 'zod';

export const diagnosticsSettings = z
  .object({
    heartbeatCron: z
      .string()
      .default('*/5 * * * *')
      .meta({ title: 'Heartbeat', description: 'How often Quorra notes that it is alive (cron).' }),
    /** The agent's Unix socket; defaults to <dataDir>/plugins/diagnostics/agent.sock. */
    socketPath: z.string().min(1).max(100).optional().meta({
      title: 'Agent socket',
      description: 'Where the helper process listens; leave empty for the default.',
    }),
    /** How often the agent runs every playbook. */
    intervalSeconds: z
      .number()
      .int()
      .min(5)
      .max(86_400)
      .default(300)
      .meta({ title: 'Check every (seconds)', description: 'How often every check runs.' }),
    diskWarnPercent: z
      .number()
      .min(1)
      .max(100)
      .default(85)
      .meta({ title: 'Disk warning (%)', description: 'Warn when the disk is this full.' }),
    diskCriticalPercent: z
      .number()
      .min(1)
      .max(100)
      .default(95)
      .meta({ title: 'Disk alarm (%)', description: 'Raise the alarm when the disk is this full.' }),
    /** Warn when the disk, growing as it has lately, fills within this many days. */
    diskFullWarnDays: z.number().min(0).max(36_500).default(7).meta({
      title: 'Disk full within (days)',
      description: 'Warn when the disk will be full within this many days.',
    }),
    walWarnBytes: z
      .number()
      .int()
      .min(1)
      .default(256 * 1024 * 1024)
      .meta({
        title: 'Database journal warning (bytes)',
        description: 'Warn when the database’s journal grows past this.',
      }),
    backupMaxAgeHours: z
      .number()
      .min(1)
      .max(24 * 365)
      .default(36)
      .meta({
        title: 'Oldest backup (hours)',
        description: 'Warn when the newest backup is older than this.',
      }),
    latencyWarnMs: z.number().int().min(1).default(2000).meta({
      title: 'Slow answer (ms)',
      description: 'Warn when a service takes longer than this to answer.',
    }),
    probeTimeoutMs: z
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(5000)
      .meta({ title: 'Wait for a service (ms)', description: 'How long a check waits for a service.' }),
    memoryWarnBytes: z
      .number()
      .int()
      .min(1)
      .default(1536 * 1024 * 1024)
      .meta({ title: 'Memory warning (bytes)', description: 'Warn when Quorra uses more memory than this.' }),
    gpuTempWarnCelsius: z.number().min(30).max(120).default(85).meta({
      title: 'GPU temperature warning (°C)',
      description: 'Warn when the graphics card is this hot.',
    }),
    gpuMemoryWarnPercent: z.number().min(1).max(100).default(95).meta({
      title: 'GPU memory warning (%)',
      description: 'Warn when the graphics card’s memory is this full.',
    }),
  })
  .strict();

export type DiagnosticsSettings = z.infer<typeof diagnosticsSettings>;
