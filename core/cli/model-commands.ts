// `quorra model pull [name]` and `quorra model list`: the models the embedded backend runs, in <dataDir>/models.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import {
  DEFAULT_CHAT_MODEL,
  DEFAULT_EMBEDDING_MODEL,
  findModel,
  MODEL_MANIFEST,
  type ModelEntry,
} from '../config/model-manifest.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { modelsDir } from '../model/create-backend.ts';
import { mb, type PullProgress, pullModel } from '../model/model-pull.ts';

const BAR = 30;

/** Redraws one line on a terminal; elsewhere (logs, CI) prints a line every 10%. */
function progressPrinter(out: Writable): (p: PullProgress) => void {
  const tty = (out as { isTTY?: boolean }).isTTY === true;
  const started = Date.now();
  let lastTenth = -1;
  let lastDraw = 0;
  return (p) => {
    const frac = p.total ? Math.min(1, p.received / p.total) : 0;
    const pct = Math.floor(frac * 100);
    const secs = (Date.now() - started) / 1000;
    const rate = secs > 0 ? (p.received - p.resumedFrom) / secs : 0;
    const line = `${p.file} [${'#'.repeat(Math.round(frac * BAR)).padEnd(BAR, '.')}] ${String(pct).padStart(3)}% ${mb(p.received)} / ${mb(p.total)}${rate ? ` ${mb(rate)}/s` : ''}`;
    if (tty) {
      if (Date.now() - lastDraw < 100 && frac < 1) return;
      lastDraw = Date.now();
      out.write(`\r${line}${frac >= 1 ? '\n' : ''}`);
    } else if (Math.floor(pct / 10) > lastTenth) {
      lastTenth = Math.floor(pct / 10);
      out.write(`${line}\n`);
    }
  };
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function pull(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const name = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--mirror');
  const entries: ModelEntry[] = name
    ? [findModel(name)].filter((e) => !!e)
    : [DEFAULT_CHAT_MODEL, DEFAULT_EMBEDDING_MODEL];
  if (!entries.length)
    throw new QuorraError(
      'MODEL_UNKNOWN',
      `no model called "${name}"; known: ${MODEL_MANIFEST.map((m) => m.name).join(', ')}`,
    );
  const dir = modelsDir(config.model, config.dataDir);
  const mirror = flag(args, '--mirror') ?? process.env.QUORRA_MODEL_MIRROR;
  for (const entry of entries) {
    out.write(
      `${entry.name} (${entry.role}, ${mb(entry.sizeBytes)}, about ${mb(entry.ramBytes)} of RAM) → ${dir}\n`,
    );
    const res = await pullModel(entry, dir, { mirror, onProgress: progressPrinter(out) });
    if (res.already) out.write(`${entry.file}: already there, checksum verified\n`);
    else
      out.write(
        `${entry.file}: downloaded${res.resumedFrom ? ` (resumed at ${mb(res.resumedFrom)})` : ''}, size and SHA-256 verified\n`,
      );
  }
  out.write('Ready: `npm start` now answers with the model in the box (no OPENAI_BASE_URL needed).\n');
  return 0;
}

function list(_args: string[], config: QuorraConfig, out: Writable): number {
  const dir = modelsDir(config.model, config.dataDir);
  const active = new Set([config.model.embedded.chatModel, config.model.embedded.embeddingModel]);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.gguf')) : [];
  out.write(`Models in ${dir}:\n`);
  if (!files.length) out.write('  (none)\n');
  for (const f of files) {
    const known = findModel(f);
    const size = statSync(join(dir, f)).size;
    const state = known ? (size === known.sizeBytes ? 'pinned' : 'incomplete') : 'own file';
    out.write(`  ${f.padEnd(40)} ${mb(size).padStart(10)}  ${state}${active.has(f) ? '  (in use)' : ''}\n`);
  }
  const missing = MODEL_MANIFEST.filter((m) => !files.includes(m.file));
  if (missing.length) {
    out.write('Available to pull:\n');
    for (const m of missing)
      out.write(`  ${m.name.padEnd(24)} ${m.role.padEnd(9)} ${mb(m.sizeBytes).padStart(9)}  ${m.why}\n`);
  }
  if (config.model.baseUrl && config.model.backend !== 'embedded')
    out.write(`Note: OPENAI_BASE_URL is set, so ${config.model.baseUrl} answers, not these files.\n`);
  return 0;
}

/** Dispatches `model pull|list`. */
export async function model(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'pull') return pull(rest, config, out);
  if (sub === 'list') return list(rest, config, out);
  throw new QuorraError('QUORRA_USAGE', 'usage: quorra model pull [name] [--mirror URL] | quorra model list');
}
