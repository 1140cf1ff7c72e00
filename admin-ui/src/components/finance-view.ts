// <finance-view>: this month by category against budget as a bar chart, recent transactions, the unreviewed count.
import { css, html, LitElement } from 'lit';
import {
  type FinanceCategoryLine,
  type FinanceSummary,
  financeSummary,
  formatMinor,
} from '../data/finance.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** The signed-in person's budget (one of those their bindings allow) at a glance. */
export class FinanceView extends LitElement {
  static properties = { summary: { state: true }, error: { state: true }, loaded: { state: true } };
  declare summary: FinanceSummary | null;
  declare error: unknown;
  declare loaded: boolean;

  static styles = [
    sharedStyles,
    css`
      /* bars in HTML, not a scaled SVG: the words stay at reading size on a phone */
      .chart {
        max-width: 40rem;
        margin: 0 0 1rem;
      }
      .line {
        margin: 0 0 0.6rem;
      }
      .words {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        gap: 0 0.75rem;
        font-size: 0.9rem;
      }
      .words .category {
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .words .amounts {
        font-variant-numeric: tabular-nums;
      }
      .track {
        position: relative;
        height: 0.9rem;
        margin-top: 0.15rem;
      }
      .track > span {
        position: absolute;
        left: 0;
        top: 0;
        bottom: 0;
        border-radius: 3px;
      }
      .spent {
        background: var(--q-accent);
      }
      .spent.over {
        background: #c0392b;
      }
      .budget {
        border: 1px dashed var(--q-muted);
        box-sizing: border-box;
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
    const pct = (n: number) => `${((Math.max(0, n) / max) * 100).toFixed(2)}%`;
    const money = (n: number) => formatMinor(n, currency);
    const label = lines.map((l) => `${l.category}: ${money(l.spent)} of ${money(l.budgeted)}`).join('; ');
    return html`<figure class="chart" data-testid="finance-chart" aria-label="Spent against budget: ${label}">
        ${lines.map(
          (l) => html`<div class="line" data-category=${l.category}>
            <div class="words" aria-hidden="true">
              <span class="category" data-field="label">${l.category}</span>
              <span class="amounts" data-field="label"
                >${money(l.spent)} of ${money(l.budgeted)}${l.spent > l.budgeted ? ' (over)' : ''}</span
              >
            </div>
            <div class="track" aria-hidden="true">
              <span class="budget" style="width: ${pct(l.budgeted)}"></span>
              <span class="spent ${l.spent > l.budgeted ? 'over' : ''}" style="width: ${pct(l.spent)}"></span>
            </div>
          </div>`,
        )}
      </figure>
      <table aria-label="Budget by category">
        <thead><tr><th>Category</th><th>Spent</th><th>Budget</th><th>Left</th></tr></thead>
        <tbody>
          ${lines.map(
            (l) => html`<tr data-category=${l.category}>
              <td><strong>${l.category}</strong></td>
              <td class="amount"><span class="cell-label">Spent </span>${money(l.spent)}</td>
              <td class="amount"><span class="cell-label">Budget </span>${money(l.budgeted)}</td>
              <td class="amount"><span class="cell-label">Left </span>${money(l.available)}</td>
            </tr>`,
          )}
        </tbody>
      </table>`;
  }
}

customElements.define('finance-view', FinanceView);
