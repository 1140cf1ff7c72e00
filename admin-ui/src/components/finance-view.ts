// <finance-view>: this month by category against budget as a bar chart, recent transactions, the unreviewed count.
import { css, html, LitElement, svg } from 'lit';
import {
  type FinanceCategoryLine,
  type FinanceSummary,
  financeSummary,
  formatMinor,
} from '../data/finance.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

const ROW = 28;
const LABEL = 130;
const WIDTH = 560;

/** The signed-in person's budget (one of those their bindings allow) at a glance. */
export class FinanceView extends LitElement {
  static properties = { summary: { state: true }, error: { state: true }, loaded: { state: true } };
  declare summary: FinanceSummary | null;
  declare error: unknown;
  declare loaded: boolean;

  static styles = [
    sharedStyles,
    css`
      .chart {
        width: 100%;
        max-width: 40rem;
        height: auto;
      }
      .spent {
        fill: var(--q-accent);
      }
      .spent.over {
        fill: #c0392b;
      }
      .budget {
        fill: none;
        stroke: var(--q-muted);
        stroke-dasharray: 3 2;
      }
      .stat {
        font-size: 1.4rem;
        font-weight: 600;
      }
      td.amount {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  constructor() {
    super();
    this.summary = null;
    this.error = null;
    this.loaded = false;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  async load(budget?: string) {
    try {
      this.summary = await financeSummary(budget);
      this.error = null;
    } catch (err) {
      this.error = err;
    }
    this.loaded = true;
  }

  render() {
    return html`<h2>Finance</h2>
      <error-notice .error=${this.error}></error-notice>
      ${
        !this.loaded
          ? html`<p class="muted">Loading…</p>`
          : this.summary
            ? this.renderSummary(this.summary)
            : this.error
              ? null
              : html`<p class="empty">No budget is shared with you (or finance is off).</p>`
      }`;
  }

  private renderSummary(s: FinanceSummary) {
    return html`${
      s.budgets.length > 1
        ? html`<label
            >Budget
            <select @change=${(e: Event) => this.load((e.target as HTMLSelectElement).value)} data-testid="budget-select">
              ${s.budgets.map((b) => html`<option value=${b.id} ?selected=${b.id === s.budget}>${b.name}</option>`)}
            </select></label
          >`
        : null
    }
      <p><span class="stat" data-testid="unreviewed">${s.unreviewed}</span> unreviewed transaction(s)</p>
      <h3>${s.month} so far, by category</h3>
      ${s.categories.length ? this.renderChart(s.categories, s.currency) : html`<p class="empty">No budget or spending this month yet.</p>`}
      <h3>Recent transactions</h3>
      ${
        s.recent.length
          ? html`<table aria-label="Recent transactions">
              <thead><tr><th>Date</th><th>Payee</th><th>Category</th><th>Amount</th></tr></thead>
              <tbody>
                ${s.recent.map(
                  (t) => html`<tr data-transaction=${t.id}>
                    <td>${t.date}</td>
                    <td>${t.payee}${t.reviewed ? null : html` <span class="muted small">(unreviewed)</span>`}</td>
                    <td>${t.category ?? html`<span class="muted">uncategorised</span>`}</td>
                    <td class="amount">${formatMinor(t.amount, t.currency)}</td>
                  </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p class="empty">No transactions in the last two months.</p>`
      }`;
  }

  private renderChart(lines: FinanceCategoryLine[], currency: string) {
    const max = Math.max(1, ...lines.map((l) => Math.max(l.spent, l.budgeted)));
    const scale = (n: number) => (Math.max(0, n) / max) * (WIDTH - LABEL - 10);
    const label = lines
      .map((l) => `${l.category}: ${formatMinor(l.spent, currency)} of ${formatMinor(l.budgeted, currency)}`)
      .join('; ');
    return html`<svg
      class="chart"
      viewBox="0 0 ${WIDTH} ${lines.length * ROW + 4}"
      role="img"
      aria-label="Spent against budget: ${label}"
      data-testid="finance-chart"
    >
      ${lines.map(
        (l, i) => svg`<g data-category=${l.category} transform="translate(0 ${i * ROW + 2})">
          <text x="0" y="17" font-size="12">${l.category}</text>
          <rect class="spent ${l.spent > l.budgeted ? 'over' : ''}" x=${LABEL} y="4" height="16" width=${scale(l.spent)}></rect>
          <rect class="budget" x=${LABEL} y="2" height="20" width=${scale(l.budgeted)}></rect>
          <title>${l.category}: ${formatMinor(l.spent, currency)} of ${formatMinor(l.budgeted, currency)}</title>
        </g>`,
      )}
    </svg>`;
  }
}

customElements.define('finance-view', FinanceView);
