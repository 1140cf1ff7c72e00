// <approvals-view>: the signed-in person's actions waiting for a yes or no (answered in chat or Matrix).
import { html, LitElement } from 'lit';
import {
  type Approvals,
  listApprovals,
  type OtherApproval,
  type PendingApproval,
} from '../data/approvals.ts';
import { formatTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** Pending confirmations of the caller, and what plugins wait on them for. */
export class ApprovalsView extends LitElement {
  static properties = { pending: { state: true }, error: { state: true } };
  declare pending: Approvals | null;
  declare error: unknown;

  static styles = sharedStyles;

  constructor() {
    super();
    this.pending = null;
    this.error = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  /** Reads the pending approvals again. */
  async load() {
    try {
      this.pending = await listApprovals();
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  render() {
    return html`<h2>Approvals</h2>
      <p class="muted small">
        Actions Quorra will only take after you say yes. Answer them in the conversation where they were asked.
      </p>
      <error-notice .error=${this.error}></error-notice>
      ${this.pending ? this.renderList(this.pending) : this.error ? null : html`<p class="muted">Loading…</p>`}`;
  }

  private renderList({ confirmations, other }: Approvals) {
    if (!confirmations.length && !other.length)
      return html`<p class="empty">Nothing is waiting for your approval.</p>`;
    return html`${confirmations.length ? this.renderConfirmations(confirmations) : null}
      ${other.length ? this.renderOther(other) : null}`;
  }

  private renderOther(other: OtherApproval[]) {
    return html`<h3>Also waiting on you</h3>
      <ul aria-label="Other approvals">
        ${other.map(
          (o) => html`<li data-source=${o.source}>
            <bdi class="untrusted" data-field="description">${o.description}</bdi>${o.hint ? html` — <code>${o.hint}</code>` : null}
            ${o.created_at ? html`<span class="muted small">(${formatTime(o.created_at)})</span>` : null}
          </li>`,
        )}
      </ul>`;
  }

  private renderConfirmations(pending: PendingApproval[]) {
    return html`<table aria-label="Pending approvals">
      <thead><tr><th>What</th><th>Tool</th><th>Asked</th><th>Expires</th></tr></thead>
      <tbody>
        ${pending.map(
          (p) => html`<tr data-approval=${p.id}>
            <td><bdi class="untrusted" data-field="description">${p.description}</bdi></td>
            <td><code>${p.tool}</code></td>
            <td>${formatTime(p.created_at)}</td>
            <td>${formatTime(p.expires_at)}</td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }
}

customElements.define('approvals-view', ApprovalsView);
