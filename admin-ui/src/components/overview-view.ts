// <overview-view>: GET /health/details in plain words — overall state, each check with its reason, plugins, jobs; paths and addresses only under Technical details.
import { css, html, LitElement } from 'lit';
import { describeCron } from '../cron-words.ts';
import { ApiError } from '../data/api-client.ts';
import { fetchHealth, fetchLiveness, type HealthReport, jobsOf, pluginsOf } from '../data/health.ts';
import { formatDuration, formatTime, plainReason, relativeTime } from '../format.ts';
import { setupHref, shownState } from '../plugin-state.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';
import './status-badge.ts';
import './technical-details.ts';

/** What each check is called in everyday words (unknown ones, e.g. a plugin's, keep their name). */
const checkNames: Record<string, string> = {
  db: 'Database',
  model: 'AI model',
  matrix: 'Matrix',
  plugins: 'Plugins',
  scheduler: 'Scheduled jobs',
};

/** The health dashboard. */
export class OverviewView extends LitElement {
  static properties = { report: { state: true }, error: { state: true }, liveness: { state: true } };
  declare report: HealthReport | null;
  /** The public overall state, shown when the details are the owner's. */
  declare liveness: HealthReport['status'] | null;
  declare error: unknown;

  static styles = [
    sharedStyles,
    css`
      .summary {
        display: flex;
        gap: 1rem;
        align-items: center;
        flex-wrap: wrap;
      }
      .checks {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
        gap: 0.75rem;
      }
      .checks .card {
        margin: 0;
      }
      .check-name {
        font-weight: 600;
        margin-right: 0.5rem;
      }
      .reason {
        margin: 0.4rem 0 0;
      }
    `,
  ];

  constructor() {
    super();
    this.report = null;
    this.error = null;
    this.liveness = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  /** Reads /health/details again. */
  async load() {
    this.error = null;
    try {
      this.report = await fetchHealth();
    } catch (err) {
      this.error = err;
      if (err instanceof ApiError && err.status === 403)
        this.liveness = await fetchLiveness().catch(() => null);
    }
  }

  render() {
    const r = this.report;
    return html`<h2>Overview</h2>
      <error-notice .error=${this.error}></error-notice>
      ${
        r
          ? this.renderReport(r)
          : this.liveness
            ? html`<div class="card summary" data-testid="overall">
                <span>Quorra is</span> <status-badge state=${this.liveness}></status-badge>
              </div>`
            : this.error
              ? null
              : html`<p class="muted">Loading…</p>`
      }`;
  }

  private renderReport(r: HealthReport) {
    const plugins = pluginsOf(r);
    const jobs = jobsOf(r);
    const setup = new Map(
      plugins.filter(([, p]) => p.state === 'active' && p.needsSetup).map(([id, p]) => [id, p]),
    );
    return html`<div class="card summary" data-testid="overall">
        <span>Quorra is</span> <status-badge state=${r.status}></status-badge>
        <span class="muted small">running for ${formatDuration(r.uptimeSeconds)}</span>
        <button type="button" @click=${() => this.load()}>Refresh</button>
      </div>
      <h3>Checks</h3>
      <div class="checks">
        ${Object.entries(r.checks).map(
          ([
            name,
            c,
          ]) => html`<section class="card" data-check=${name} aria-label="${checkNames[name] ?? name} check">
            <span class="check-name">${checkNames[name] ?? name}</span
            ><status-badge state=${setup.has(name) ? 'needs setup' : c.status}></status-badge>
            ${
              setup.has(name)
                ? html`<p class="reason">${setup.get(name)?.needsSetup?.what}</p>
                    <a href=${setupHref(name)}>Set up ${name}</a>`
                : c.reason
                  ? html`<p class="reason">${plainReason(c.reason)}</p>`
                  : null
            }
          </section>`,
        )}
      </div>
      <h3>Plugins</h3>
      ${
        plugins.length
          ? html`<table aria-label="Plugin health">
            <thead><tr><th>Plugin</th><th>State</th><th>Problem</th></tr></thead>
            <tbody>
              ${plugins.map(
                ([id, p]) => html`<tr data-plugin=${id}>
                  <td>${id}</td>
                  <td><status-badge state=${shownState(p)}></status-badge></td>
                  <td>
                    ${
                      p.code
                        ? html`<code>${p.code}</code> ${p.reason ?? ''}`
                        : p.state === 'active' && p.needsSetup
                          ? html`${p.needsSetup.what} <a href=${setupHref(id)}>Set up ${id}</a>`
                          : html`<span class="muted">—</span>`
                    }
                  </td>
                </tr>`,
              )}
            </tbody>
          </table>`
          : html`<p class="empty">No plugins installed.</p>`
      }
      <h3>Scheduled jobs</h3>
      ${
        jobs.length
          ? html`<table aria-label="Scheduled jobs">
            <thead><tr><th>What it does</th><th>Schedule</th><th>Next run</th><th>Last run</th></tr></thead>
            <tbody>
              ${jobs.map(
                (j) => html`<tr data-job=${j.name}>
                  <td data-field="job" title=${j.name}>${j.about ?? j.name} <span class="muted small">(${j.owner === 'core' ? 'Quorra' : j.owner})</span></td>
                  <td data-field="schedule"><span title=${`cron: ${j.cron}`}>${describeCron(j.cron)}</span></td>
                  <td data-field="next-run" title=${formatTime(j.nextRunAt)}>${j.running ? 'running now' : relativeTime(j.nextRunAt)}</td>
                  <td>
                    ${j.lastStartedAt ? html`<span title=${formatTime(j.lastStartedAt)}>${relativeTime(j.lastStartedAt)}</span>` : html`<span class="muted">never</span>`}
                    ${j.lastOutcome ? html`<status-badge state=${j.lastOutcome}></status-badge>` : null}
                    ${j.lastError ? html`<div class="small">${j.lastError}</div>` : null}
                  </td>
                </tr>`,
              )}
            </tbody>
          </table>`
          : html`<p class="empty">No scheduled jobs.</p>`
      }
      <technical-details .report=${r}></technical-details>`;
  }
}

customElements.define('overview-view', OverviewView);
