// Downloads a pinned model file: resumes a cut download (HTTP Range), checks size and SHA-256, never keeps a bad file.
import { createHash, type Hash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import type { ModelEntry } from '../config/model-manifest.ts';
import { type ErrorCode, QuorraError } from '../contracts/errors.ts';

export interface PullProgress {
  file: string;
  received: number;
  total: number;
  /** Bytes that were already there from an earlier, cut download. */
  resumedFrom: number;
}

export interface PullOptions {
  onProgress?: (p: PullProgress) => void;
  signal?: AbortSignal;
  /** Replaces the manifest URL's origin (a mirror); the size and hash checks stay. */
  mirror?: string;
}

export interface PullResult {
  path: string;
  /** The file was already there and verified. */
  already: boolean;
  resumedFrom: number;
}

/** Why a pull failed, in words the owner can act on. */
export class PullError extends QuorraError {
  constructor(code: ErrorCode, message: string) {
    super(code, message);
    this.name = 'PullError';
  }
}

async function hashFile(path: string, hash: Hash = createHash('sha256')): Promise<Hash> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash;
}

function sourceUrl(entry: ModelEntry, mirror?: string): string {
  if (!mirror) return entry.url;
  const u = new URL(entry.url);
  return `${mirror.replace(/\/+$/, '')}${u.pathname}${u.search}`;
}

function offline(url: string, err: unknown): PullError {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const host = new URL(url).host;
  const code = cause?.code ?? (err as Error).message;
  return new PullError(
    'MODEL_PULL_OFFLINE',
    `cannot reach ${host} (${code}): this machine seems to be offline. Nothing was lost; run the same command again when it is online and the download resumes.`,
  );
}

/** Fetches `entry` into `dir` (as `<file>.part` until verified), resuming whatever an earlier attempt left. */
export async function pullModel(entry: ModelEntry, dir: string, opts: PullOptions = {}): Promise<PullResult> {
  mkdirSync(dir, { recursive: true });
  const dest = join(dir, entry.file);
  const part = `${dest}.part`;
  if (existsSync(dest) && statSync(dest).size === entry.sizeBytes) {
    const digest = (await hashFile(dest)).digest('hex');
    if (digest === entry.sha256) return { path: dest, already: true, resumedFrom: 0 };
  }
  let start = existsSync(part) ? statSync(part).size : 0;
  if (start > entry.sizeBytes) {
    rmSync(part);
    start = 0;
  }
  const url = sourceUrl(entry, opts.mirror);
  let hash = start > 0 ? await hashFile(part) : createHash('sha256');
  if (start < entry.sizeBytes) {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: start > 0 ? { range: `bytes=${start}-` } : {},
        redirect: 'follow',
        signal: opts.signal,
      });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      throw offline(url, err);
    }
    if (res.status !== 200 && res.status !== 206)
      throw new PullError('MODEL_PULL_HTTP', `${new URL(url).host} answered ${res.status} for ${entry.file}`);
    if (res.status === 200 && start > 0) {
      // the server ignored the Range: start over rather than append a second copy
      start = 0;
      hash = createHash('sha256');
    }
    let received = start;
    await writeBody(res, part, start > 0, hash, entry, url, (n) => {
      received += n;
      opts.onProgress?.({ file: entry.file, received, total: entry.sizeBytes, resumedFrom: start });
    });
  }
  return finish(entry, dest, part, hash, start);
}

async function writeBody(
  res: Response,
  part: string,
  append: boolean,
  hash: Hash,
  entry: ModelEntry,
  url: string,
  onBytes: (n: number) => void,
): Promise<void> {
  const out = createWriteStream(part, { flags: append ? 'a' : 'w' });
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
  });
  try {
    if (!res.body) throw new PullError('MODEL_PULL_HTTP', `${new URL(url).host} sent no body`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      onBytes(chunk.length);
    }
  } catch (err) {
    if (err instanceof PullError) throw err;
    const have = statSafe(part) + (out.writableLength ?? 0);
    throw new PullError(
      'MODEL_PULL_INTERRUPTED',
      `the download of ${entry.file} broke off after ${mb(have)} of ${mb(entry.sizeBytes)} (${(err as Error).message}); run the same command again to resume`,
    );
  } finally {
    out.end();
    await closed;
  }
}

function statSafe(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

function finish(entry: ModelEntry, dest: string, part: string, hash: Hash, resumedFrom: number): PullResult {
  const size = statSafe(part);
  if (size < entry.sizeBytes)
    throw new PullError(
      'MODEL_PULL_INTERRUPTED',
      `the download of ${entry.file} stopped at ${mb(size)} of ${mb(entry.sizeBytes)}; run the same command again to resume`,
    );
  const digest = hash.digest('hex');
  if (size !== entry.sizeBytes || digest !== entry.sha256) {
    rmSync(part, { force: true });
    throw new PullError(
      'MODEL_PULL_CHECKSUM',
      `${entry.file} does not match its pinned checksum (expected ${entry.sizeBytes} bytes, sha256 ${entry.sha256}; got ${size} bytes, sha256 ${digest}). The file was deleted; nothing was installed.`,
    );
  }
  renameSync(part, dest);
  return { path: dest, already: false, resumedFrom };
}

/** Bytes as MB or GB, for messages and the progress bar. */
export function mb(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}
