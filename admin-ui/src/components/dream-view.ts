// <dream-view>: Dream's switches, a chart and list of recent runs, slice progress, contradictions and retired notes.
import { css, html, LitElement } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import {
  type DreamRunView,
  type DreamSliceView,
  type DreamStatus,
  fetchDreamStatus,
  fetchRunReport,
} from '../data/dream.ts';
import { formatTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './dream-retired-list.ts';
import './dream-review-list.ts';
import './dream-switches.ts';
import './dream-timeline-chart.ts';
import './error-notice.ts';
import './status-badge.ts';

const counts: [keyof DreamRunView, string][] = [
  ['notesRead', 'Notes read'],
  ['beliefsWritten', 'Beliefs written'],
  ['corroborated', 'Corroborated'],
  ['deduped', 'Deduped'],
  ['dropped', 'Dropped'],
  ['retired', 'Retired'],
  ['errors', 'Errors'],
];

/** The Dream status page; says so plainly when this server has no Dream. */
export class DreamView extends LitElement {
  static properties = {
    status: { state: true },
    error: { state: true },
    reports: { state: true },
  };
  declare status: DreamStatus | null;
  declare error: unknown;
  /** Run id → its report text (or the error reading it), for the runs whose report is open. */
  declare reports: Record<number, string | { error: unknown }>;
  /** Bumped by every load, so Refresh renders the switches, contradictions and retired notes afresh too. */
  private generation = 0;

  static styles = [
    sharedStyles,
    css`
      ol.timeline {
        list-style: none;
        margin: 0;
        padding: 0 0 0 1rem;
        border-left: 2px solid var(--q-border);
      }
      ol.timeline > li {
        position: relative;
        margin: 0 0 0.75rem;
      }
      ol.timeline > li::before {
        content: '';
        position: absolute;
        left: -1.45rem;
        top: 1.1rem;
        width: 0.7rem;
        height: 0.7rem;
        border-radius: 50%;
        background: var(--q-accent);
      }
      .when {
        font-weight: 600;
        margin-right: 0.5rem;
      }
      dl {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr));
        gap: 0.3rem 0.8rem;
        margin: 0.6rem 0 0;
      }
      dt {
        font-size: 0.78rem;
        color: var(--q-muted);
      }
      dd {
        margin: 0;
        font-size: 1.1rem;
        font-variant-numeric: tabular-nums;
      }
      .run-error {
        color: var(--q-bad);
        margin: 0.4rem 0 0;
      }
      progress {
        width: 10rem;
        vertical-align: middle;
      }
      pre {
        white-space: pre-wrap;
        font-size: 0.85rem;
        background: var(--q-bg);
        border-radius: 6px;
        padding: 0.6rem;
        margin: 0.6rem 0 0;
      }
    `,
  ];

  constructor() {
    super();
    this.status = null;
    this.error = null;
    this.reports = {};
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  /** Reads Dream's status again. */
  async load() {
    try {
      this.status = await fetchDreamStatus();
      this.generation++;
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  render() {
    const s = this.status;
    return html`<h2>Dream</h2>
      <error-notice .error=${this.error}></error-notice>
      ${
        !s
          ? this.error
            ? null
            : html`<p class="muted">Loading…</p>`
          : !s.available
            ? html`<p class="card" data-testid="dream-unavailable" role="status">
              Dream is not available on this server. Nightly consolidation of notes into beliefs has not been
              installed here yet; everything else works without it.
            </p>`
            : html`<p class="muted small">
                Every night Dream reads new notes and turns what people said into beliefs Quorra can act on.
              </p>
              <div class="card row" data-testid="dream-summary">
                <span>Dream is</span>
                <status-badge state=${s.running ? 'running' : s.enabled ? 'active' : 'disabled'}></status-badge>
                <span class="muted small">next run ${formatTime(s.nextRunAt)}</span>
                <span class="muted small">${s.retiredNotes} retired note(s) · ${s.openReviews} open review(s)</span>
                <button type="button" @click=${() => this.load()}>Refresh</button>
              </div>
              <h3>Dream per workspace</h3>
              ${keyed(this.generation, html`<dream-switches></dream-switches>`)}
              <h3>What the recent runs did</h3>
              <dream-timeline-chart .runs=${s.runs}></dream-timeline-chart>
              <h3>Contradictions</h3>
              ${keyed(this.generation, html`<dream-review-list></dream-review-list>`)}
              <h3>Retired notes</h3>
              ${keyed(this.generation, html`<dream-retired-list></dream-retired-list>`)}
              <h3>Recent runs</h3>
              ${this.renderRuns(s.runs)}
              <h3>Progress per slice</h3>
              ${this.renderSlices(s.slices)}`
      }`;
  }

  private async toggleReport(id: number) {
    const { [id]: open, ...rest } = this.reports;
    if (open !== undefined) {
      this.reports = rest;
      return;
    }
    try {
      this.reports = { ...this.reports, [id]: await fetchRunReport(id) };
    } catch (err) {
      this.reports = { ...this.reports, [id]: { error: err } };
    }
  }

  private renderReport(id: number) {
    const r = this.reports[id];
    if (r === undefined) return null;
    return typeof r === 'string'
      ? html`<pre>${r}</pre>`
      : html`<error-notice .error=${r.error}></error-notice>`;
  }

  private renderRuns(runs: DreamRunView[]) {
    if (!runs.length) return html`<p class="empty" data-testid="dream-no-runs">Dream has not run yet.</p>`;
    return html`<ol class="timeline" aria-label="Dream runs">
      ${runs.map(
        (r) => html`<li class="card" data-run=${r.id}>
          <div class="row">
            <span class="when">${formatTime(r.startedAt)}</span>
            <status-badge state=${r.status}></status-badge>
            <span class="muted small">${r.slice}${r.cause ? ` · ${r.cause}` : ''}</span>
            ${r.finishedAt ? html`<span class="muted small">finished ${formatTime(r.finishedAt)}</span>` : null}
          </div>
          <dl>
            ${counts.map(([k, label]) => html`<div><dt>${label}</dt><dd data-count=${k}>${r[k]}</dd></div>`)}
          </dl>
          ${r.error ? html`<p class="run-error">${r.error}</p>` : null}
          <p class="row">
            <button type="button" aria-expanded=${this.reports[r.id] !== undefined ? 'true' : 'false'} @click=${() => this.toggleReport(r.id)}>
              ${this.reports[r.id] !== undefined ? 'Hide report' : 'Show report'}
            </button>
          </p>
          ${this.renderReport(r.id)}
        </li>`,
      )}
    </ol>`;
  }

  private renderSlices(slices: DreamSliceView[]) {
    if (!slices.length) return html`<p class="empty">No notes have been written yet.</p>`;
    return html`<table aria-label="Dream progress per slice">
      <thead><tr><th>Slice</th><th>Notes read</th><th>Progress</th><th>Waiting</th><th>Updated</th></tr></thead>
      <tbody>
        ${slices.map(
          (c) => html`<tr data-slice=${c.slice}>
            <td>${c.slice}</td>
            <td>
              ${c.consumed} of ${c.total}
              ${c.lastSeq !== null ? html`<div class="muted small">cursor at #${c.lastSeq}</div>` : null}
            </td>
            <td>
              ${
                c.total > 0
                  ? html`<progress max=${c.total} .value=${Math.min(c.consumed, c.total)} aria-label="${c.slice}: ${c.consumed} of ${c.total} notes read"></progress>
                    ${Math.round((100 * Math.min(c.consumed, c.total)) / c.total)}%`
                  : html`<span class="muted">—</span>`
              }
            </td>
            <td>${c.pending}${c.retryQueue ? html` <span class="muted small">(${c.retryQueue} to retry)</span>` : null}</td>
            <td>${formatTime(c.updatedAt)}</td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }
}

customElements.define('dream-view', DreamView);
