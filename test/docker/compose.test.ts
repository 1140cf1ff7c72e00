// The compose stack's configuration: docker-compose validates it, and what it passes to Quorra is what Quorra reads.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { rootDir } from '../../core/build-info.ts';
import { loadConfig } from '../../core/config/load-config.ts';
import { DEFAULT_CHAT_MODEL, DEFAULT_EMBEDDING_MODEL } from '../../core/config/model-manifest.ts';
import { envVariables } from '../../core/config/schema.ts';
import { calendarSettings } from '../../plugins/calendar/calendar-settings.ts';
import { knowledgeSettings } from '../../plugins/knowledge/knowledge-settings.ts';

const docker = path.join(rootDir, 'docker');
const read = (file: string) => readFileSync(path.join(docker, file), 'utf8');

/** `docker-compose config` resolved against .env.example (validates without a daemon). */
function composeConfig(...extra: string[]): any {
  const out = execFileSync(
    'docker-compose',
    [
      '-f',
      path.join(docker, 'compose.yaml'),
      '--env-file',
      path.join(docker, '.env.example'),
      ...extra,
      'config',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return parseYaml(out);
}

const oneShots = ['synapse-init', 'matrix-register', 'models', 'element-config'];

describe('docker/compose.yaml', () => {
  let config: any;
  before(function () {
    this.timeout(60_000);
    config = composeConfig();
  });

  it('validates with docker-compose and has every service the household needs', () => {
    const services = Object.keys(config.services).sort();
    for (const s of [
      'quorra',
      'synapse',
      'matrix-register',
      'element',
      'llama-chat',
      'llama-embed',
      'qdrant',
      'radicale',
      'prometheus',
      'grafana',
    ])
      assert.ok(services.includes(s), `service ${s} missing`);
  });

  it('publishes only Element, Synapse and Quorra’s admin UI (Grafana only on loopback, and only in its profile)', () => {
    const published = Object.entries(config.services)
      .filter(([, s]: [string, any]) => s.ports?.length && !s.profiles)
      .map(([name]) => name)
      .sort();
    assert.deepEqual(published, ['element', 'quorra', 'synapse']);
    // the admin UI reachable from the family's phones, with sign-in links that point at the address they open
    const admin = config.services.quorra.ports.map((p: any) =>
      typeof p === 'string' ? p : `${p.published}:${p.target}`,
    );
    assert.deepEqual(admin.map(String), ['8080:8080']);
    assert.match(read('.env.example'), /^QUORRA_PUBLIC_URL=/m);
    assert.match(read('.env.example'), /^QUORRA_ADMIN_PORT=8080$/m);
    const withUrl = composeConfig('-p', 'x');
    assert.equal(withUrl.services.quorra.environment.QUORRA_PUBLIC_URL ?? '', '');
    const grafana = config.services.grafana;
    assert.deepEqual(grafana.profiles, ['grafana']);
    for (const p of grafana.ports) assert.match(String(p), /^127\.0\.0\.1:/);
  });

  it('gives every long-running service a healthcheck and a restart policy, and state a named volume', () => {
    for (const [name, s] of Object.entries<any>(config.services)) {
      if (oneShots.includes(name)) {
        assert.equal(s.restart, undefined, `${name} is a one-shot`);
        continue;
      }
      assert.equal(s.restart, 'unless-stopped', `${name} restart`);
      assert.ok(s.healthcheck?.test, `${name} healthcheck`);
    }
    const named = Object.keys(config.volumes);
    for (const v of [
      'quorra-data',
      'synapse-data',
      'qdrant-data',
      'radicale-data',
      'prometheus-data',
      'bot-token',
    ])
      assert.ok(named.includes(v), `volume ${v}`);
    const quorraMounts = config.services.quorra.volumes.map((v: any) =>
      typeof v === 'string' ? v : `${v.source}:${v.target}`,
    );
    assert.ok(quorraMounts.some((m: string) => m.startsWith('quorra-data:/data')));
  });

  it('sets only Quorra variables that exist in the config schema, and they load', () => {
    for (const service of ['quorra', 'quorra-diagnostics'])
      for (const name of Object.keys(config.services[service].environment)) {
        const base = name.endsWith('_FILE') ? name.slice(0, -'_FILE'.length) : name;
        assert.ok(
          base in envVariables || name === 'QUORRA_CONFIG',
          `${service}: ${name} is not a Quorra variable`,
        );
      }
    const env: Record<string, string> = config.services.quorra.environment;
    // the compose-mounted file and the variables together must be a valid configuration
    const {
      MATRIX_ACCESS_TOKEN_FILE: _token,
      MATRIX_REGISTRATION_SHARED_SECRET_FILE: _secret,
      ...rest
    } = env;
    const loaded = loadConfig({ env: { ...rest, QUORRA_CONFIG: path.join(docker, 'quorra.yaml') } });
    assert.equal(loaded.model.embeddingBaseUrl, 'http://llama-embed:8080/v1');
    assert.equal(loaded.matrix.homeserverUrl, 'http://synapse:8008');
    // phones reach Synapse and Element on the machine's address, not the compose network's names
    assert.equal(loaded.matrix.publicUrl, 'http://localhost:8008');
    assert.equal(loaded.matrix.elementUrl, 'http://localhost:8088');
    knowledgeSettings.parse(loaded.plugins.knowledge.settings);
    calendarSettings.parse(loaded.plugins.calendar.settings);
  });

  it('fetches the models with `quorra model pull` (pinned sizes and SHA-256) before either llama.cpp server starts', () => {
    const models = config.services.models;
    assert.deepEqual(models.command, ['node', 'core/cli/bin.js', 'model', 'pull']);
    assert.equal(models.image, config.services.quorra.image, 'the Quorra image, built once');
    assert.equal(models.restart, undefined, 'a one-shot');
    const target = (svc: string, at: string) =>
      config.services[svc].volumes
        .map((v: any) => (typeof v === 'string' ? v.split(':') : [v.source, v.target]))
        .find((v: string[]) => v[1] === at)?.[0];
    const volume = target('models', '/data/models');
    assert.ok(volume, 'models are pulled into <dataDir>/models');
    for (const llama of ['llama-chat', 'llama-embed']) {
      assert.equal(config.services[llama].depends_on.models.condition, 'service_completed_successfully');
      assert.equal(target(llama, '/models'), volume, `${llama} reads the pulled files`);
    }
    // the files the servers load are the ones the manifest pins
    const chatFile = config.services['llama-chat'].command[1];
    const embedFile = config.services['llama-embed'].command[1];
    assert.equal(chatFile, `/models/${DEFAULT_CHAT_MODEL.file}`);
    assert.equal(embedFile, `/models/${DEFAULT_EMBEDDING_MODEL.file}`);
    assert.match(read('Dockerfile'), /mkdir -p \/data\/models .*chown -R node:node \/data/);
  });

  it('without a .env, docker-compose config names what to do and what to set', () => {
    const run = spawnSync(
      'docker-compose',
      [
        '-f',
        path.join(docker, 'compose.yaml'),
        '--project-directory',
        mkdtempSync(path.join(tmpdir(), 'qc-')),
        'config',
      ],
      {
        encoding: 'utf8',
      },
    );
    assert.notEqual(run.status, 0);
    assert.match(
      run.stderr,
      /copy docker\/\.env\.example to docker\/\.env and set (MATRIX_SERVER_NAME|BOT_PASSWORD)/,
    );
  });

  it('points Quorra at the token file the registration service writes', () => {
    const tokenPath = config.services.quorra.environment.MATRIX_ACCESS_TOKEN_FILE;
    assert.match(read('synapse/register-bot.sh'), new RegExp(`token_file=${tokenPath}`));
    const mount = (svc: string) =>
      config.services[svc].volumes
        .map((v: any) => (typeof v === 'string' ? v : `${v.source}:${v.target}`).split(':'))
        .find((v: string[]) => v[0] === 'bot-token')?.[1];
    assert.equal(path.dirname(tokenPath), mount('quorra'));
    assert.equal(mount('matrix-register'), mount('quorra'));
  });

  it('documents every variable it reads in .env.example', () => {
    const used = new Set([...read('compose.yaml').matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    const documented = new Set([...read('.env.example').matchAll(/^#?\s*([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const missing = [...used].filter((v) => !documented.has(v));
    assert.deepEqual(missing, []);
  });

  it('has a Prometheus config promtool accepts, scraping Quorra and both llama.cpp servers', () => {
    execFileSync('promtool', ['check', 'config', path.join(docker, 'prometheus/prometheus.yml')], {
      stdio: 'pipe',
    });
    const targets = parseYaml(read('prometheus/prometheus.yml')).scrape_configs.flatMap((c: any) =>
      c.static_configs.flatMap((s: any) => s.targets),
    );
    assert.deepEqual(targets.sort(), ['llama-chat:8080', 'llama-embed:8080', 'quorra:9464']);
  });

  it('provisions a Grafana dashboard whose Quorra metrics exist in the code', () => {
    const dash = JSON.parse(read('grafana/dashboards/quorra-overview.json'));
    const exprs: string[] = dash.panels.flatMap((p: any) => p.targets.map((t: any) => t.expr));
    const names = new Set(
      exprs.flatMap((e) =>
        [...e.matchAll(/\b(quorra_[a-z_]+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]),
      ),
    );
    assert.ok(names.size >= 3);
    const source = ['core/http/request-metrics.ts', 'core/model/model-client.ts']
      .map((f) => readFileSync(path.join(rootDir, f), 'utf8'))
      .join('\n');
    for (const n of names) assert.ok(source.includes(`'${n}'`), `${n} is not a metric Quorra exports`);
  });
});

describe('docker/compose.yaml: Element and new people’s accounts', () => {
  const envFile = (lines: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qc-env-'));
    const file = path.join(dir, '.env');
    writeFileSync(file, `${read('.env.example')}\n${lines}\n`);
    return file;
  };
  const composeWith = (file: string): any =>
    parseYaml(
      execFileSync(
        'docker-compose',
        ['-f', path.join(docker, 'compose.yaml'), '--env-file', file, 'config'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ),
    );
  const render = (env: Record<string, string>) => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'qc-el-')), 'config.json');
    const run = spawnSync(
      process.execPath,
      [
        path.join(docker, 'element/render-config.mjs'),
        path.join(docker, 'element/config.template.json'),
        out,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } },
    );
    return { run, config: run.status === 0 ? JSON.parse(readFileSync(out, 'utf8')) : null };
  };

  it('generates Element’s config from .env’s MATRIX_SERVER_NAME and MATRIX_PUBLIC_URL', function () {
    this.timeout(60_000);
    const config = composeWith(
      envFile('MATRIX_SERVER_NAME=smith.family\nMATRIX_PUBLIC_URL=http://192.168.1.20:8008'),
    );
    const job = config.services['element-config'];
    assert.equal(job.command[1], '/element/render-config.mjs');
    assert.equal(
      config.services.element.depends_on['element-config'].condition,
      'service_completed_successfully',
    );
    const mounts = (svc: string) =>
      config.services[svc].volumes.map((v: any) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    assert.ok(mounts('element-config').some((m: string) => m.startsWith('element-config:/out')));
    assert.ok(mounts('element').some((m: string) => m.startsWith('element-config:/quorra-element')));
    assert.ok(!mounts('element').some((m: string) => m.includes('config.json')), 'no hand-edited file');
    assert.match(
      config.services.element.entrypoint.join(' '),
      /cp \/quorra-element\/config\.json \/app\/config\.json/,
    );
    // the script, run with the environment compose gives it, writes what Element reads
    const { run, config: element } = render(job.environment);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(element.default_server_config['m.homeserver'], {
      base_url: 'http://192.168.1.20:8008',
      server_name: 'smith.family',
    });
    assert.equal(element.disable_guests, true, 'the template’s other settings stay');
    // Quorra shows new people the same addresses
    assert.equal(config.services.quorra.environment.MATRIX_PUBLIC_URL, 'http://192.168.1.20:8008');
  });

  it('refuses a server name or address Element could not use, naming the variable', () => {
    const bad = render({ MATRIX_SERVER_NAME: 'home arpa"', MATRIX_PUBLIC_URL: 'http://x:8008' });
    assert.equal(bad.run.status, 1);
    assert.match(bad.run.stderr, /MATRIX_SERVER_NAME must be a host name/);
    const badUrl = render({ MATRIX_SERVER_NAME: 'home.arpa', MATRIX_PUBLIC_URL: 'ftp://x' });
    assert.equal(badUrl.run.status, 1);
    assert.match(badUrl.run.stderr, /MATRIX_PUBLIC_URL must be an address/);
    assert.equal(
      render({ MATRIX_SERVER_NAME: 'home.arpa' }).config.default_server_config['m.homeserver'].base_url,
      'http://localhost:8008',
    );
  });

  it('hands Synapse’s registration secret to Quorra through the bot-token volume, never in the environment', () => {
    const config = composeConfig();
    const env = config.services.quorra.environment;
    const file = env.MATRIX_REGISTRATION_SHARED_SECRET_FILE;
    assert.equal(path.dirname(file), path.dirname(env.MATRIX_ACCESS_TOKEN_FILE));
    assert.equal(env.MATRIX_REGISTRATION_SHARED_SECRET, undefined);
    const script = read('synapse/register-bot.sh');
    assert.match(script, new RegExp(`secret_file=${file}`));
    assert.match(script, /registration_shared_secret/);
    assert.match(script, /os\.chmod\(path \+ "\.tmp", 0o600\)/);
    // the secret comes before the "token already present" exit, so an existing install gets it too
    assert.ok(script.indexOf('secret_file=') < script.indexOf('nothing to do'));
  });
});

describe('docker/compose.yaml: the optional TLS front (Caddy)', () => {
  /** The Caddyfile as Caddy itself reads it (`caddy adapt`), with TLS_DOMAIN as .env would set it. */
  const adapted = (): any =>
    JSON.parse(
      execFileSync(
        'caddy',
        ['adapt', '--config', path.join(docker, 'caddy/Caddyfile'), '--adapter', 'caddyfile'],
        {
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', TLS_DOMAIN: 'home.example.org' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ),
    );
  /** Every reverse_proxy upstream under a route tree, with the paths that lead to it. */
  const upstreams = (routes: any[], paths: string[] = []): { dial: string; paths: string[] }[] =>
    routes.flatMap((r: any) => {
      const here = [...paths, ...(r.match ?? []).flatMap((m: any) => m.path ?? [])];
      return (r.handle ?? []).flatMap((h: any) =>
        h.handler === 'reverse_proxy'
          ? h.upstreams.map((u: any) => ({ dial: u.dial, paths: here }))
          : h.routes
            ? upstreams(h.routes, here)
            : [],
      );
    });

  it('is a profile of its own that parses, publishing HTTPS only when asked for', function () {
    this.timeout(60_000);
    const plain = composeConfig();
    assert.equal(plain.services.caddy.profiles[0], 'tls');
    const tls = composeConfig('--profile', 'tls');
    const caddy = tls.services.caddy;
    assert.deepEqual(caddy.profiles, ['tls']);
    const published = caddy.ports.map((p: any) =>
      Number(typeof p === 'string' ? p.split(':')[0] : p.published),
    );
    assert.ok(
      published.includes(443) && published.includes(80),
      '443 for HTTPS, 80 for the certificate check',
    );
    const mounts = caddy.volumes.map((v: any) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    assert.ok(mounts.some((m: string) => m.includes('caddy/Caddyfile:/etc/caddy/Caddyfile')));
    assert.ok(
      mounts.some((m: string) => m.startsWith('caddy-data:/data')),
      'certificates survive a restart',
    );
  });

  it('proxies to Quorra’s port, Synapse’s client API and Element, never Synapse’s admin API', () => {
    const config = composeConfig('--profile', 'tls');
    const servers = adapted().apps.http.servers;
    const all = Object.values<any>(servers).flatMap((s) =>
      upstreams(s.routes).map((u) => ({ ...u, listen: s.listen })),
    );
    const quorraPort = config.services.quorra.environment.QUORRA_PORT;
    const toQuorra = all.find((u) => u.dial.startsWith('quorra:'));
    assert.equal(toQuorra?.dial, `quorra:${quorraPort}`, 'the port the quorra service listens on');
    assert.deepEqual(toQuorra?.listen, [':8443']);
    const toSynapse = all.find((u) => u.dial.startsWith('synapse:'));
    assert.equal(toSynapse?.dial, 'synapse:8008');
    assert.deepEqual(toSynapse?.paths, ['/_matrix/*', '/_synapse/client/*']);
    assert.ok(all.some((u) => u.dial === 'element:80'));
    assert.ok(
      Object.values<any>(servers).every((s) => JSON.stringify(s.routes).includes('"home.example.org"')),
      'every site is served for TLS_DOMAIN',
    );
    const routesOf = (r: any): any[] => [
      r,
      ...(r.handle ?? []).flatMap((h: any) => (h.routes ?? []).flatMap(routesOf)),
    ];
    const admin = Object.values<any>(servers)
      .flatMap((s) => s.routes.flatMap(routesOf))
      .find((r) => r.match?.some((m: any) => m.path?.includes('/_synapse/*')));
    assert.match(
      JSON.stringify(admin?.handle),
      /"status_code":404/,
      'Synapse’s admin API answers 404 outside',
    );
  });
});
