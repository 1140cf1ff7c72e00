// <settings-view>: read-only household settings — the users and the recent audit trail.
import { css, html, LitElement } from 'lit';
import { type AuditEntry, type HouseholdUser, listAudit, listUsers } from '../data/admin.ts';
import { formatTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';
import './status-badge.ts';

function inputSummary(input: unknown): string {
  if (input === null || input === undefined) return '';
  const s = typeof input === 'string' ? input : JSON.stringify(input);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

/** Users and audit entries (owner only). */
export class SettingsView extends LitElement {
  static properties = { users: { state: true }, audit: { state: true }, error: { state: true } };
  declare users: HouseholdUser[] | null;
  declare audit: AuditEntry[] | null;
  declare error: unknown;

  static styles = [
    sharedStyles,
    css`
      code.input {
        word-break: break-all;
      }
    `,
  ];

  constructor() {
    super();
    this.users = null;
    this.audit = null;
    this.error = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  /** Reads users and the audit trail again. */
  async load() {
    try {
      [this.users, this.audit] = await Promise.all([listUsers(), listAudit(50)]);
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  render() {
    return html`<h2>Settings</h2>
      <p class="muted small">
        Read-only. Add users and tokens with <code>npm run quorra -- user add …</code> and
        <code>npm run quorra -- token create &lt;user&gt;</code>.
      </p>
      <error-notice .error=${this.error}></error-notice>
      ${this.users ? this.renderUsers(this.users) : null} ${this.audit ? this.renderAudit(this.audit) : null}
      ${!this.users && !this.error ? html`<p class="muted">Loading…</p>` : null}`;
  }

  private renderUsers(users: HouseholdUser[]) {
    return html`<h3>Users</h3>
      <table aria-label="Users">
        <thead><tr><th>Name</th><th>Id</th><th>Role</th><th>Matrix</th><th>Email</th><th>Time zone</th></tr></thead>
        <tbody>
          ${users.map(
            (u) => html`<tr data-user=${u.id}>
              <td>${u.display_name}</td>
              <td><code>${u.id}</code></td>
              <td>${u.role}</td>
              <td>${u.matrix_ids.length ? u.matrix_ids.join(', ') : html`<span class="muted">—</span>`}</td>
              <td>${u.email ?? html`<span class="muted">—</span>`}</td>
              <td>${u.timezone ?? html`<span class="muted">—</span>`}</td>
            </tr>`,
          )}
        </tbody>
      </table>`;
  }

  private renderAudit(entries: AuditEntry[]) {
    return html`<h3>Recent audit entries</h3>
      ${
        entries.length
          ? html`<table aria-label="Audit entries">
            <thead><tr><th>When</th><th>Who</th><th>Action</th><th>Input</th><th>Outcome</th></tr></thead>
            <tbody>
              ${entries.map(
                (e) => html`<tr data-audit=${e.id}>
                  <td>${formatTime(e.at)}</td>
                  <td>${e.userId ?? html`<span class="muted">system</span>`}</td>
                  <td><code>${e.tool}</code> <span class="muted small">tier ${e.tier}</span></td>
                  <td><code class="input">${inputSummary(e.input)}</code></td>
                  <td>
                    <status-badge state=${e.outcome}></status-badge>
                    ${e.detail ? html`<div class="small muted">${e.detail}</div>` : null}
                  </td>
                </tr>`,
              )}
            </tbody>
          </table>`
          : html`<p class="empty">Nothing audited yet.</p>`
      }`;
  }
}

customElements.define('settings-view', SettingsView);
