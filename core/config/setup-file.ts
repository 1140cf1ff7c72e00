// The settings the owner gives in the browser's first run, kept in <dataDir>/setup.json and read back on every start.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** What onboarding may set: only these keys, so the file can never carry anything else into the config. */
export const setupFileSchema = z
  .object({
    matrix: z
      .object({
        homeserverUrl: z.url(),
        userId: z.string().regex(/^@[^:\s]+:\S+$/),
        accessToken: z.string().min(1),
      })
      .strict()
      .optional(),
    model: z
      .object({
        baseUrl: z.url().optional(),
        apiKey: z.string().min(1).optional(),
        chatModel: z.string().min(1).optional(),
      })
      .strict()
      .optional(),
    /** Steps the owner chose to do later (they still show on the Overview as not done). */
    skipped: z.array(z.enum(['matrix', 'model', 'caldav', 'pms'])).default([]),
  })
  .strict();

export type SetupFile = z.output<typeof setupFileSchema>;

export function setupFilePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'setup.json');
}

/** The saved settings, or none; a file that does not parse is ignored (the owner sets it again), never fatal. */
export function readSetupFile(dataDir: string): SetupFile {
  const file = setupFilePath(dataDir);
  if (!existsSync(file)) return { skipped: [] };
  const parsed = setupFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8') || '{}'));
  return parsed.success ? parsed.data : { skipped: [] };
}

/** The config layer the file adds: below the environment, so an operator's variables always win. */
export function setupConfigLayer(dataDir: string): Record<string, unknown> {
  try {
    const { matrix, model } = readSetupFile(dataDir);
    return { ...(matrix ? { matrix } : {}), ...(model ? { model } : {}) };
  } catch {
    return {};
  }
}

/** Writes the file whole (a temp file renamed over it, so a crash never leaves half a file). */
export function writeSetupFile(dataDir: string, change: (s: SetupFile) => SetupFile): SetupFile {
  const next = setupFileSchema.parse(change(readSetupFile(dataDir)));
  const file = setupFilePath(dataDir);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
  return next;
}
