// One-shot (compose service element-config): writes Element's config.json from the template and .env's
// MATRIX_SERVER_NAME and MATRIX_PUBLIC_URL, so nobody edits JSON; a bad value stops it with the variable named.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [template, out] = process.argv.slice(2);
const serverName = (process.env.MATRIX_SERVER_NAME ?? '').trim();
const baseUrl = (process.env.MATRIX_PUBLIC_URL ?? '').trim() || 'http://localhost:8008';

function stop(line) {
  console.error(`element-config: ${line}`);
  process.exit(1);
}

if (!template || !out) stop('usage: render-config.mjs <template.json> <out/config.json>');
// a DNS name (or IP) with an optional port, as Synapse takes its server_name
if (!/^[a-z0-9]([a-z0-9.-]{0,252}[a-z0-9])?(:\d{1,5})?$/i.test(serverName))
  stop(
    `MATRIX_SERVER_NAME must be a host name like home.arpa (got "${serverName.slice(0, 80)}"); set it in docker/.env`,
  );
let url;
try {
  url = new URL(baseUrl);
} catch {
  url = null;
}
if (!url || !/^https?:$/.test(url.protocol))
  stop(
    `MATRIX_PUBLIC_URL must be an address like http://192.168.1.20:8008 (got "${baseUrl.slice(0, 80)}"); set it in docker/.env`,
  );

const config = JSON.parse(readFileSync(template, 'utf8'));
config.default_server_config = {
  ...config.default_server_config,
  'm.homeserver': { base_url: url.toString().replace(/\/$/, ''), server_name: serverName },
};
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(config, null, 2)}\n`);
console.log(`element-config: Element points at ${url.origin} for ${serverName}`);
