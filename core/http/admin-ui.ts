// Serves the built admin UI (admin-ui/dist) at /admin: static files, SPA fallback, traversal refused.
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import { rootDir } from '../build-info.ts';

/** Where `npm run build:ui` writes the admin UI. */
export const defaultAdminUiDir = path.join(rootDir, 'admin-ui', 'dist');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

// The UI only talks to its own origin; styles are Lit's (constructed stylesheets or <style> in shadow roots).
const pageSecurity =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The request path below /admin as decoded segments, or null when it is malformed or tries to escape. */
function safeSegments(rest: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  return segments.some((s) => s === '..') ? null : segments;
}

/** Koa middleware serving `dir` at GET/HEAD /admin and /admin/*; anything the router handled never gets here. */
export function adminUi(opts: { dir?: string } = {}): Middleware {
  const root = path.resolve(opts.dir ?? defaultAdminUiDir);
  return async (ctx, next) => {
    if (ctx.path !== '/admin' && !ctx.path.startsWith('/admin/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.body = {
        error: { code: 'ADMIN_UI_NOT_BUILT', message: 'the admin UI is not built: run `npm run build:ui`' },
      };
      return;
    }
    const segments = safeSegments(ctx.path.slice('/admin'.length));
    if (!segments) {
      ctx.status = 400;
      ctx.body = { error: { code: 'PATH_REFUSED', message: 'that path is not allowed' } };
      return;
    }
    const last = segments.at(-1) ?? '';
    let file = index;
    if (path.extname(last)) {
      file = path.resolve(root, ...segments);
      // belt and braces: the resolved file must still sit inside the UI directory
      if (!file.startsWith(root + path.sep)) return next();
      const stat = existsSync(file) ? statSync(file) : null;
      if (!stat?.isFile()) return next();
    }
    const immutable = segments[0] === 'assets' && file !== index;
    ctx.status = 200;
    ctx.type = contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (file === index) {
      ctx.set('Content-Security-Policy', pageSecurity);
      ctx.set('Referrer-Policy', 'no-referrer');
    }
    ctx.length = statSync(file).size;
    // HEAD gets the headers only: Koa would never read (or close) a stream it does not send
    if (ctx.method !== 'HEAD') ctx.body = createReadStream(file);
  };
}
