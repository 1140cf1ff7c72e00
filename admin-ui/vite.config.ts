// Vite build of the admin UI: root admin-ui/, served by Quorra under /admin/, output in admin-ui/dist.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/admin/',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    // `npx vite --config admin-ui/vite.config.ts` during development: the API stays on the running Quorra
    proxy: Object.fromEntries(
      [
        '/health',
        '/admin/plugins',
        '/admin/users',
        '/admin/audit',
        '/confirmations',
        '/owner',
        '/workspaces',
        '/brain',
      ].map((p) => [p, 'http://127.0.0.1:8080']),
    ),
  },
});
