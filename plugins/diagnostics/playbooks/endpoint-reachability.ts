// Reachability and latency of what Quorra talks to: homeserver, model, embeddings, Qdrant, CalDAV. Any HTTP answer
// below 500 counts as reachable (a 401 from CalDAV still proves the server is up).
import { finding } from '../finding.ts';
import type { Playbook, PlaybookEnv } from './playbook.ts';

interface Target {
  name: string;
  label: string;
  url: (env: PlaybookEnv) => string | undefined;
  /** How bad it is when this one is down. */
  down: 'warning' | 'critical';
  remedy: string;
}

const settingsOf = (env: PlaybookEnv, plugin: string) =>
  (env.config.plugins[plugin]?.settings ?? {}) as Record<string, any>;
const trim = (u: string) => u.replace(/\/+$/, '');

const targets: Target[] = [
  {
    name: 'homeserver',
    label: 'the Matrix homeserver',
    url: (e) =>
      e.config.matrix.homeserverUrl && `${trim(e.config.matrix.homeserverUrl)}/_matrix/client/versions`,
    down: 'critical',
    remedy:
      'Nobody can talk to Quorra in Element until it is back: check that the homeserver (Synapse) is running and its disk is not full.',
  },
  {
    name: 'model',
    label: 'the chat model server',
    url: (e) => e.config.model.baseUrl && `${trim(e.config.model.baseUrl)}/models`,
    down: 'critical',
    remedy:
      'Quorra cannot answer until the model server is back: check that it is running and has enough memory for the model.',
  },
  {
    name: 'embeddings',
    label: 'the embedding server',
    url: (e) =>
      e.config.model.embeddingModel && e.config.model.embeddingBaseUrl
        ? `${trim(e.config.model.embeddingBaseUrl)}/models`
        : undefined,
    down: 'warning',
    remedy:
      'Document search falls back to older results until the embedding server is back: check that it is running.',
  },
  {
    name: 'qdrant',
    label: 'the Qdrant vector store',
    url: (e) => {
      const k = settingsOf(e, 'knowledge');
      return k.vectorStore === 'qdrant' && k.qdrantUrl ? `${trim(k.qdrantUrl)}/readyz` : undefined;
    },
    down: 'warning',
    remedy:
      'Document search does not work until Qdrant is back: check that it is running and its disk is not full.',
  },
  {
    name: 'caldav',
    label: 'the calendar server',
    url: (e) => settingsOf(e, 'calendar').url,
    down: 'warning',
    remedy:
      'The household calendar cannot be read or changed until the CalDAV server is back: check that it is running.',
  },
];

/** One playbook per endpoint; an endpoint that is not configured is skipped. */
export function endpointReachability(): Playbook[] {
  return targets.map((t) => ({
    name: t.name,
    async run(env: PlaybookEnv) {
      const url = t.url(env);
      if (!url) return finding(t.name, 'skipped', `${t.label} is not configured.`);
      const started = performance.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(env.settings.probeTimeoutMs) });
        await res.body?.cancel();
        const latencyMs = Math.round(performance.now() - started);
        const details = { url: new URL(url).origin, status: res.status, latencyMs };
        if (res.status >= 500)
          return finding(t.name, t.down, `${t.label} answers with an error (HTTP ${res.status}).`, {
            remedy: t.remedy,
            details,
          });
        if (latencyMs > env.settings.latencyWarnMs)
          return finding(t.name, 'warning', `${t.label} is slow to answer (${latencyMs} ms).`, {
            remedy: 'Check whether the machine is overloaded (CPU, memory, swapping).',
            details,
          });
        return finding(t.name, 'ok', `${t.label} answers (${latencyMs} ms).`, { details });
      } catch (err) {
        const reason = String((err as Error).cause ?? (err as Error).message);
        return finding(t.name, t.down, `${t.label} does not answer.`, {
          remedy: t.remedy,
          details: { url: new URL(url).origin, reason },
        });
      }
    },
  }));
}
