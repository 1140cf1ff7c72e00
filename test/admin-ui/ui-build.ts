// Test support: builds the admin UI once (vite) when admin-ui/dist is missing, and launches the system Chromium.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { rootDir } from '../../core/build-info.ts';

/** Where the built UI's entry page lives. */
export const builtIndex = path.join(rootDir, 'admin-ui', 'dist', 'index.html');

/** Runs `npx vite build --config admin-ui/vite.config.ts` unless the UI is already built. */
export async function ensureUiBuilt(): Promise<void> {
  if (existsSync(builtIndex)) return;
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--config', 'admin-ui/vite.config.ts'], {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => output.push(String(d)));
    child.stderr.on('data', (d) => output.push(String(d)));
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0 || !existsSync(builtIndex))
    throw new Error(`vite build failed (${code}):\n${output.join('')}`);
}

/** The system Chromium, headless, with a fresh temporary profile (Playwright makes and removes one per launch). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
