// <dream-switches>: the owner turns Dream (and its semantic matching) on or off per workspace, saved through the API.
import { css, html, LitElement } from 'lit';
import {
  type DreamSwitch,
  fetchDreamSwitches,
  setDreamEnabled,
  setSemanticDedup,
} from '../data/dream-admin.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

type Which = 'enabled' | 'semanticDedup';

/** One row per workspace (personal first) with two switches; a failed save says why beside the row. */
export class DreamSwitches extends LitElement {
  static properties = {
    rows: { state: true },
    saving: { state: true },
    error: { state: true },
  };
  declare rows: DreamSwitch[] | null;
  /** `workspace:which` of the switch being saved. */
  declare saving: string | null;
  declare error: { workspace: string | null; error: unknown } | null;

  static styles = [
    sharedStyles,
    css`
      button[role='switch'] {
        min-width: 4.2rem;
        border-radius: 999px;
      }
      button[role='switch'][aria-checked='true'] {
        background: var(--q-ok);
        border-color: var(--q-ok);
        color: #fff;
      }
      .source {
        display: block;
      }
    `,
  ];

  constructor() {
    super();
    this.rows = null;
    this.saving = null;
    this.error = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  private async load() {
    try {
      this.rows = await fetchDreamSwitches();
    } catch (err) {
      this.error = { workspace: null, error: err };
    }
  }

  private async toggle(row: DreamSwitch, which: Which) {
    this.saving = `${row.workspace}:${which}`;
    this.error = null;
    try {
      if (which === 'enabled') await setDreamEnabled(row.workspace, !row.enabled);
      else await setSemanticDedup(row.workspace, !row.semanticDedup);
      // read back what the server now holds, so the switch shows the stored state rather than our guess
      this.rows = await fetchDreamSwitches();
    } catch (err) {
      this.error = { workspace: row.workspace, error: err };
    } finally {
      this.saving = null;
    }
  }

  private switchFor(row: DreamSwitch, which: Which, label: string) {
    const on = row[which];
    const busy = this.saving === `${row.workspace}:${which}`;
    return html`<button
      type="button"
      role="switch"
      aria-checked=${on ? 'true' : 'false'}
      aria-label="${label} for ${row.name}"
      data-switch=${which}
      ?disabled=${this.saving !== null}
      @click=${() => this.toggle(row, which)}
    >
      ${busy ? 'Saving…' : on ? 'On' : 'Off'}
    </button>`;
  }

  render() {
    if (!this.rows)
      return this.error
        ? html`<error-notice .error=${this.error.error}></error-notice>`
        : html`<p class="muted">Loading…</p>`;
    return html`<p class="muted small">
        Turning Dream on for a workspace lets Quorra send that workspace's notes to the language model each night.
        Semantic matching also compares beliefs by meaning (it needs an embedding model).
      </p>
      ${this.error && this.error.workspace === null ? html`<error-notice .error=${this.error.error}></error-notice>` : null}
      <table aria-label="Dream per workspace">
        <thead><tr><th>Workspace</th><th>Dream</th><th>Semantic matching</th></tr></thead>
        <tbody>
          ${this.rows.map(
            (row) => html`<tr data-workspace=${row.workspace}>
              <td>
                ${row.name}
                <span class="source muted small">${row.setByOwner ? 'set by you' : 'server default'}</span>
                ${row.error ? html`<span class="source small">Could not read the setting, so Dream stays off.</span>` : null}
                ${
                  this.error?.workspace === row.workspace
                    ? html`<error-notice .error=${this.error.error}></error-notice>`
                    : null
                }
              </td>
              <td><span class="cell-label">Dream </span>${this.switchFor(row, 'enabled', 'Dream')}</td>
              <td>
                <span class="cell-label">Semantic matching </span>${this.switchFor(row, 'semanticDedup', 'Semantic matching')}
              </td>
            </tr>`,
          )}
        </tbody>
      </table>`;
  }
}

customElements.define('dream-switches', DreamSwitches);
