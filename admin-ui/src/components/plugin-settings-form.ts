// <plugin-settings-form plugin="id">: a plugin's settings as a form built from its JSON Schema; the server's messages sit on their fields, secrets are write-only.
import { css, html, LitElement, nothing } from 'lit';
import { ApiError } from '../data/api-client.ts';
import { getPluginSettings, type PluginSettings, savePluginSettings } from '../data/plugins.ts';
import { savedWords } from '../plugin-state.ts';
import { fieldPaths, placeIssues, type SchemaNode } from '../schema-fields.ts';
import { collectSettings, type SettingsDraft } from '../settings-collect.ts';
import { type FieldHost, renderSettingsField } from './settings-field.ts';
import { formStyles, sharedStyles } from './shared-styles.ts';
import './connection-test.ts';
import './error-notice.ts';

/** One plugin's settings form (owner only); fires `saved` after the plugin restarted with the new settings. */
export class PluginSettingsForm extends LitElement {
  static properties = {
    plugin: { type: String },
    data: { state: true },
    error: { state: true },
    localErrors: { state: true },
    busy: { state: true },
    done: { state: true },
  };
  declare plugin: string;
  declare data: PluginSettings | null;
  declare error: unknown;
  declare localErrors: Record<string, string>;
  declare busy: boolean;
  declare done: string;
  /** What the form will send: values edited in place, list/JSON text parsed on save, secret changes. */
  private draft: SettingsDraft = { values: {}, raw: {}, secrets: {} };

  static styles = [
    sharedStyles,
    formStyles,
    css`
      .check {
        display: flex;
        gap: 0.4rem;
        align-items: center;
      }
    `,
  ];

  constructor() {
    super();
    this.plugin = '';
    this.data = null;
    this.error = null;
    this.localErrors = {};
    this.busy = false;
    this.done = '';
  }

  updated(changed: Map<string, unknown>) {
    if (changed.has('plugin') && this.plugin) void this.load();
  }

  private async load() {
    try {
      this.take(await getPluginSettings(this.plugin));
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private take(data: PluginSettings) {
    this.draft = { values: structuredClone(data.values), raw: {}, secrets: {} };
    this.data = data;
  }

  /** The settings as the server should see them, or null when a list/JSON field does not parse. */
  private collect(schema: SchemaNode): Record<string, unknown> | null {
    const r = collectSettings(this.draft, schema);
    this.localErrors = r.errors ?? {};
    return r.settings;
  }

  private async save(e: SubmitEvent) {
    e.preventDefault();
    if (!this.data) return;
    this.done = '';
    this.error = null;
    const settings = this.collect(this.data.schema);
    if (!settings) return;
    this.busy = true;
    try {
      this.take(await savePluginSettings(this.plugin, settings));
      this.done = savedWords(this.data!.status);
      this.dispatchEvent(new CustomEvent('saved', { bubbles: true, composed: true }));
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
    }
    await this.updateComplete;
    (this.renderRoot.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus();
  }

  render() {
    const d = this.data;
    if (!d)
      return html`<error-notice .error=${this.error}></error-notice>${this.error ? nothing : html`<p class="muted">Loading…</p>`}`;
    const issues =
      this.error instanceof ApiError && Array.isArray(this.error.details)
        ? placeIssues(
            this.error.details as { path?: string; message?: string }[],
            fieldPaths(d.schema, this.draft.values),
          )
        : { byField: {}, unplaced: [] as string[] };
    const errors = { ...issues.byField, ...this.localErrors };
    const fields = Object.entries(d.schema.properties ?? {});
    return html`<form @submit=${this.save} aria-label=${`Settings for ${d.id}`} novalidate>
      ${d.description ? html`<p class="muted small">${d.description}</p>` : nothing}
      ${fields.length ? fields.map(([k, n]) => this.renderField([k], n, d.schema, errors)) : html`<p class="empty">This plugin has no settings.</p>`}
      ${issues.unplaced.map((m) => html`<div class="err" role="alert">${m}</div>`)}
      ${Object.keys(issues.byField).length ? html`<p class="err" role="alert">Some settings need fixing; see the messages above.</p>` : html`<error-notice .error=${this.error}></error-notice>`}
      <p class="row">
        <button class="primary" type="submit" ?disabled=${this.busy || !fields.length}>${this.busy ? 'Saving…' : 'Save settings'}</button>
        <span role="status">${this.done}</span>
      </p>
    </form>`;
  }

  /** Test connection for a field that needs an outside service, with the settings as the form holds them. */
  private renderTest(service: string, key: string) {
    const settings = () => (this.data ? this.collect(this.data.schema) : null);
    return html`<connection-test plugin=${this.plugin} service=${service} data-for=${key} .settings=${settings}></connection-test>`;
  }

  private renderField(path: string[], node: SchemaNode, parent: SchemaNode, errors: Record<string, string>) {
    const host: FieldHost = {
      draft: this.draft,
      secrets: this.data?.secrets ?? {},
      requestUpdate: () => this.requestUpdate(),
      renderTest: (service, key) => this.renderTest(service, key),
    };
    return renderSettingsField(host, path, node, parent, errors);
  }
}

customElements.define('plugin-settings-form', PluginSettingsForm);
