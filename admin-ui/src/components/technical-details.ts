// <technical-details .report=${r}>: the owner's fold-out of what a technician needs — versions, paths, addresses, free disk.
import { css, html, LitElement, nothing } from 'lit';
import type { HealthCheck, HealthReport } from '../data/health.ts';
import { formatBytes, formatDuration } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';

const labels: Record<string, string> = {
  path: 'Database file',
  diskFreeBytes: 'Free disk',
  endpoint: 'Model URL',
  chatModel: 'Chat model',
  embeddingModel: 'Embedding model',
  backend: 'Model backend',
};

/** The scalar details of a check, named where a name is known. */
function lines(check: HealthCheck): [string, string][] {
  return Object.entries(check)
    .filter(
      ([k, v]) =>
        !['status', 'reason'].includes(k) && v !== null && ['string', 'number', 'boolean'].includes(typeof v),
    )
    .map(([k, v]) => [labels[k] ?? k, k === 'diskFreeBytes' ? formatBytes(v as number) : String(v)]);
}

/** Collapsed by default; only the owner's overview has a report to show. */
export class TechnicalDetails extends LitElement {
  static properties = { report: { attribute: false } };
  declare report: HealthReport | null;

  static styles = [
    sharedStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: minmax(8rem, max-content) 1fr;
        gap: 0.2rem 1rem;
        margin: 0.3rem 0 0.8rem;
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
        font-family: ui-monospace, monospace;
        font-size: 0.85rem;
      }
      summary {
        cursor: pointer;
        font-weight: 600;
      }
      h4 {
        margin: 0.6rem 0 0;
        font-size: 0.95rem;
      }
    `,
  ];

  constructor() {
    super();
    this.report = null;
  }

  render() {
    const r = this.report;
    if (!r) return nothing;
    return html`<details class="card" data-testid="technical">
      <summary>Technical details</summary>
      <dl>
        <dt>Version</dt><dd>${r.version}</dd>
        <dt>Commit</dt><dd>${r.commit}</dd>
        <dt>Running for</dt><dd>${formatDuration(r.uptimeSeconds)}</dd>
      </dl>
      ${Object.entries(r.checks).map(([name, c]) => {
        const shown = lines(c);
        return shown.length || c.reason
          ? html`<h4>${name}</h4>
              <dl data-technical=${name}>
                ${c.reason ? html`<dt>Reason</dt><dd>${c.reason}</dd>` : nothing}
                ${shown.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}
              </dl>`
          : nothing;
      })}
    </details>`;
  }
}

customElements.define('technical-details', TechnicalDetails);
