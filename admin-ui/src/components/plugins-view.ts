// <plugins-view>: every plugin with its state, an enable/disable switch (a refusal shows on its row) and its settings form.
import { css, html, LitElement } from 'lit';
import { listPlugins, type PluginStatus, setPluginEnabled } from '../data/plugins.ts';
import { shownState } from '../plugin-state.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';
import './mcp-sign-in.ts';
import './plugin-settings-form.ts';
import './status-badge.ts';

/** The plugin list (owner only). */
export class PluginsView extends LitElement {
  static properties = {
    plugins: { state: true },
    error: { state: true },
    rowErrors: { state: true },
    busy: { state: true },
    editing: { state: true },
  };
  declare editing: string | null;
  declare plugins: PluginStatus[] | null;
  declare error: unknown;
  declare rowErrors: Record<string, unknown>;
  declare busy: string | null;

  static styles = [
    sharedStyles,
    css`
      td.actions {
        width: 1%;
        white-space: nowrap;
      }
      td.id {
        min-width: 10rem;
      }
      .problem code {
        margin-right: 0.3rem;
      }
    `,
  ];

  constructor() {
    super();
    this.plugins = null;
    this.error = null;
    this.rowErrors = {};
    this.busy = null;
    this.editing = null;
  }

  /** `#/plugins/<id>` (the "Set up" links elsewhere) opens that plugin's settings, also when already here. */
  private readonly openNamed = () => {
    const id = /^#\/plugins\/([a-z][a-z0-9-]*)$/.exec(location.hash)?.[1];
    if (id && this.plugins?.some((p) => p.id === id)) void this.edit(id, true);
  };

  connectedCallback() {
    super.connectedCallback();
    window.addEventListener('hashchange', this.openNamed);
    void this.load().then(this.openNamed);
  }

  disconnectedCallback() {
    window.removeEventListener('hashchange', this.openNamed);
    super.disconnectedCallback();
  }

  /** Reads the plugin list again. */
  async load() {
    try {
      this.plugins = await listPlugins();
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private async toggle(p: PluginStatus) {
    this.busy = p.id;
    const { [p.id]: _old, ...rest } = this.rowErrors;
    this.rowErrors = rest;
    try {
      await setPluginEnabled(p.id, !p.enabled);
    } catch (err) {
      this.rowErrors = { ...this.rowErrors, [p.id]: err };
    } finally {
      this.busy = null;
    }
    await this.load();
  }

  private async edit(id: string, open = false) {
    this.editing = this.editing === id && !open ? null : id;
    await this.updateComplete;
    (this.renderRoot.querySelector('#settings h3') as HTMLElement | null)?.focus();
  }

  render() {
    return html`<h2>Plugins</h2>
      <p class="muted small">
        Switching a plugin takes effect at once, without a restart; Quorra refuses to switch off a plugin another
        one needs.
      </p>
      <error-notice .error=${this.error}></error-notice>
      ${this.plugins ? this.renderTable(this.plugins) : this.error ? null : html`<p class="muted">Loading…</p>`}
      ${
        this.editing
          ? html`<section id="settings" class="card" aria-labelledby="settings-title">
              <h3 id="settings-title" tabindex="-1">Settings: ${this.editing}</h3>
              ${this.editing === 'mcp' ? html`<mcp-sign-in></mcp-sign-in>` : null}
              <plugin-settings-form plugin=${this.editing} @saved=${() => this.load()}></plugin-settings-form>
            </section>`
          : null
      }`;
  }

  private renderTable(plugins: PluginStatus[]) {
    if (!plugins.length) return html`<p class="empty">No plugins installed.</p>`;
    return html`<table aria-label="Plugins">
      <thead>
        <tr><th>Plugin</th><th>State</th><th>Needs</th><th>Problem</th><th>Switch</th></tr>
      </thead>
      <tbody>
        ${plugins.map(
          (p) => html`<tr data-plugin=${p.id}>
            <td class="id"><strong>${p.id}</strong>${p.description ? html`<div class="small muted what">${p.description}</div>` : null}</td>
            <td><status-badge state=${shownState(p)}></status-badge></td>
            <td data-field="needs">${p.dependsOn.length ? html`<span class="small">Uses ${p.dependsOn.join(', ')}</span>` : null}</td>
            <td class="problem">
              ${p.code ? html`<code>${p.code}</code>${p.reason ?? ''}` : null}
              ${
                p.state === 'active' && p.needsSetup
                  ? html`<div data-field="needs-setup">${p.needsSetup.what}</div>
                      <button type="button" @click=${() => this.edit(p.id, true)}>Set up ${p.id}</button>`
                  : null
              }
              <error-notice .error=${this.rowErrors[p.id] ?? null}></error-notice>
            </td>
            <td class="actions">
              <button
                type="button"
                aria-label="${p.enabled ? 'Disable' : 'Enable'} ${p.id}"
                ?disabled=${this.busy !== null}
                @click=${() => this.toggle(p)}
              >
                ${this.busy === p.id ? 'Working…' : p.enabled ? 'Disable' : 'Enable'}
              </button>
              ${
                p.has_settings === false
                  ? null
                  : html`<button
                type="button"
                aria-label="Settings for ${p.id}"
                aria-expanded=${this.editing === p.id ? 'true' : 'false'}
                @click=${() => this.edit(p.id)}
              >
                Settings
              </button>`
              }
            </td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }
}

customElements.define('plugins-view', PluginsView);
