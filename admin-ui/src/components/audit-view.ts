// <audit-view>: what Quorra did on whose behalf — filtered by person, tool and days on the server, a page at a time (owner only).
import { css, html, LitElement, nothing } from 'lit';
import {
  type AuditEntry,
  type AuditFilters,
  type HouseholdUser,
  listAudit,
  listUsers,
} from '../data/admin.ts';
import { formatTime, relativeTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';
import './status-badge.ts';

function inputSummary(input: unknown): string {
  if (input === null || input === undefined) return '';
  const s = typeof input === 'string' ? input : JSON.stringify(input);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

/** The audit log with its filters. */
export class AuditView extends LitElement {
  static properties = {
    entries: { state: true },
    tools: { state: true },
    users: { state: true },
    next: { state: true },
    filters: { state: true },
    error: { state: true },
    loading: { state: true },
  };
  declare entries: AuditEntry[] | null;
  declare tools: string[];
  declare users: HouseholdUser[];
  declare next: number | null;
  declare filters: AuditFilters;
  declare error: unknown;
  declare loading: boolean;

  static styles = [
    sharedStyles,
    css`
      form {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1rem;
        align-items: end;
        margin-bottom: 0.75rem;
      }
      .field {
        display: grid;
        gap: 0.2rem;
      }
      code.input {
        word-break: break-all;
      }
    `,
  ];

  constructor() {
    super();
    this.entries = null;
    this.tools = [];
    this.users = [];
    this.next = null;
    this.filters = { user: '', tool: '', fromDay: '', toDay: '' };
    this.error = null;
    this.loading = false;
  }

  connectedCallback() {
    super.connectedCallback();
    listUsers().then(
      (u) => {
        this.users = u;
      },
      () => undefined,
    );
    void this.load();
  }

  /** Reads the first page for the current filters, or the next page when `more`. */
  async load(more = false) {
    this.loading = true;
    try {
      const page = await listAudit(this.filters, more ? (this.next ?? undefined) : undefined);
      this.entries = more ? [...(this.entries ?? []), ...page.entries] : page.entries;
      this.next = page.next_before;
      this.tools = page.tools;
      this.error = null;
    } catch (err) {
      this.error = err;
    } finally {
      this.loading = false;
    }
  }

  private change(key: keyof AuditFilters, value: string) {
    this.filters = { ...this.filters, [key]: value };
    void this.load();
  }

  private who(id: string | null) {
    if (!id) return html`<span class="muted">Quorra itself</span>`;
    return this.users.find((u) => u.id === id)?.display_name ?? id;
  }

  render() {
    const f = this.filters;
    const on = (key: keyof AuditFilters) => (e: Event) =>
      this.change(key, (e.target as HTMLInputElement | HTMLSelectElement).value);
    return html`<h2>Audit log</h2>
      <p class="muted small">Everything Quorra did that changes something, who asked for it, and how it ended.</p>
      <form aria-label="Filter the audit log" @submit=${(e: Event) => e.preventDefault()}>
        <div class="field"><label for="a-user">Person</label>
          <select id="a-user" @change=${on('user')}>
            <option value="" ?selected=${f.user === ''}>Everyone</option>
            ${this.users.map((u) => html`<option value=${u.id} ?selected=${f.user === u.id}>${u.display_name}</option>`)}
            <option value="system" ?selected=${f.user === 'system'}>Quorra itself</option>
          </select></div>
        <div class="field"><label for="a-tool">Action</label>
          <select id="a-tool" @change=${on('tool')}>
            <option value="" ?selected=${f.tool === ''}>All actions</option>
            ${this.tools.map((t) => html`<option value=${t} ?selected=${f.tool === t}>${t}</option>`)}
          </select></div>
        <div class="field"><label for="a-from">From</label>
          <input id="a-from" type="date" .value=${f.fromDay} @change=${on('fromDay')} /></div>
        <div class="field"><label for="a-to">To</label>
          <input id="a-to" type="date" .value=${f.toDay} @change=${on('toDay')} /></div>
      </form>
      <error-notice .error=${this.error}></error-notice>
      ${this.entries ? this.renderTable(this.entries) : this.error ? nothing : html`<p class="muted">Loading…</p>`}`;
  }

  private renderTable(entries: AuditEntry[]) {
    if (!entries.length) return html`<p class="empty">Nothing matches these filters.</p>`;
    return html`<table aria-label="Audit entries">
        <thead><tr><th>When</th><th>Who</th><th>Action</th><th>Input</th><th>Outcome</th></tr></thead>
        <tbody>
          ${entries.map(
            (e) => html`<tr data-audit=${e.id}>
              <td title=${formatTime(e.at)}>${relativeTime(e.at)}</td>
              <td>${this.who(e.userId)}</td>
              <td><code>${e.tool}</code></td>
              <td><code class="input">${inputSummary(e.input)}</code></td>
              <td>
                <status-badge state=${e.outcome}></status-badge>
                ${e.detail ? html`<div class="small muted">${e.detail}</div>` : nothing}
              </td>
            </tr>`,
          )}
        </tbody>
      </table>
      ${
        this.next
          ? html`<p><button type="button" ?disabled=${this.loading} @click=${() => this.load(true)}>
              ${this.loading ? 'Loading…' : 'Show older'}
            </button></p>`
          : nothing
      }`;
  }
}

customElements.define('audit-view', AuditView);
