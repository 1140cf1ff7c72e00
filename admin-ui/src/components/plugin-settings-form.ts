// <plugin-settings-form plugin="id">: a plugin's settings as a form built from its JSON Schema; the server's messages sit on their fields, secrets are write-only.
import { css, html, LitElement, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { ApiError } from '../data/api-client.ts';
import { getPluginSettings, type PluginSettings, savePluginSettings } from '../data/plugins.ts';
import { dayNames, defaultShown } from '../default-words.ts';
import {
  fieldKind,
  fieldPaths,
  getAt,
  labelOf,
  pairsText,
  parsePairs,
  placeIssues,
  pruneEmpty,
  type SchemaNode,
  setAt,
} from '../schema-fields.ts';
import { defaultTable } from './default-table.ts';
import { formStyles, sharedStyles } from './shared-styles.ts';
import './connection-test.ts';
import './error-notice.ts';

type Obj = Record<string, unknown>;
const idOf = (path: string[]) => `f-${path.join('-')}`;

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
  /** What the form will send; edited in place as fields change. */
  private draft: Obj = {};
  /** Text of list and JSON fields, parsed on save. */
  private raw: Record<string, string> = {};
  /** Secret path → new value, or null to remove it. */
  private secretDraft: Record<string, string | null> = {};

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
    this.draft = structuredClone(data.values);
    this.raw = {};
    this.secretDraft = {};
    this.data = data;
  }

  /** The settings as the server should see them, or null when a list/JSON field does not parse. */
  private collect(schema: SchemaNode): Obj | null {
    const out = structuredClone(this.draft);
    const local: Record<string, string> = {};
    for (const [path, text] of Object.entries(this.raw)) {
      const keys = path.split('.');
      const node = keys.reduce<SchemaNode | undefined>((n, k) => n?.properties?.[k], schema);
      if (!node) continue;
      if (fieldKind(node) === 'lines') {
        const lines = text
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        const numeric = node.items?.type === 'number' || node.items?.type === 'integer';
        setAt(out, keys, numeric ? lines.map(Number) : lines);
      } else if (fieldKind(node) === 'pairs') {
        const pairs = parsePairs(text);
        if (typeof pairs === 'string') local[path] = pairs;
        else setAt(out, keys, pairs);
      } else if (text.trim() === '') setAt(out, keys, undefined);
      else {
        try {
          setAt(out, keys, JSON.parse(text));
        } catch {
          local[path] = 'not valid JSON';
        }
      }
    }
    for (const [path, value] of Object.entries(this.secretDraft)) setAt(out, path.split('.'), value);
    this.localErrors = local;
    return Object.keys(local).length ? null : pruneEmpty(out, schema);
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
      this.done = `Saved. ${this.plugin} restarted with the new settings (${this.data!.status.state}).`;
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
            fieldPaths(d.schema, this.draft),
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

  private renderField(
    path: string[],
    node: SchemaNode,
    parent: SchemaNode,
    errors: Record<string, string>,
  ): unknown {
    const key = path.join('.');
    const id = idOf(path);
    const label = labelOf(path[path.length - 1], node);
    const err = errors[key];
    const errId = `${id}-err`;
    const optional = !parent.required?.includes(path[path.length - 1]) && node.default === undefined;
    const shown = defaultShown(node);
    const help = [
      node.description,
      shown && 'words' in shown ? `Default: ${shown.words}` : !shown && optional ? 'Optional' : '',
    ]
      .filter(Boolean)
      .join(' · ');
    const helpId = `${id}-help`;
    const described = [help ? helpId : '', err ? errId : ''].filter(Boolean).join(' ');
    const message = err ? html`<div class="err" id=${errId}>${err}</div>` : nothing;
    const helpLine = html`${help ? html`<div class="muted small" id=${helpId} data-help=${key}>${help}</div>` : nothing}
      ${shown && 'rows' in shown ? defaultTable(label, shown) : nothing}
      ${typeof node.service === 'string' ? this.renderTest(node.service, key) : nothing}`;
    const value = getAt(this.draft, path);
    const set = (v: unknown) => setAt(this.draft, path, v);
    const invalid = err ? 'true' : 'false';
    switch (fieldKind(node)) {
      case 'object':
        return html`<fieldset aria-describedby=${described}>
          <legend>${label}</legend>${helpLine}${message}
          ${Object.entries(node.properties ?? {}).map(([k, n]) => this.renderField([...path, k], n, node, errors))}
        </fieldset>`;
      case 'list': {
        const items = Array.isArray(value) ? (value as Obj[]) : [];
        const item = node.items!;
        // "Accounts" holds entries each called "Account 1", "Account 2"
        const one = label.replace(/s$/, '');
        return html`<fieldset aria-describedby=${described}>
          <legend>${label}</legend>${helpLine}${message}
          ${items.map(
            (_entry, i) => html`<fieldset class="entry">
              <legend>${one} ${i + 1}</legend>
              ${Object.entries(item.properties ?? {}).map(([k, n]) => this.renderField([...path, String(i), k], n, item, errors))}
              <button type="button" aria-label=${`Remove ${one} ${i + 1}`} @click=${() => {
                setAt(
                  this.draft,
                  path,
                  items.filter((_x, j) => j !== i),
                );
                this.requestUpdate();
              }}>Remove</button>
            </fieldset>`,
          )}
          <button type="button" @click=${() => {
            setAt(this.draft, path, [...items, {}]);
            this.requestUpdate();
          }}>Add ${one.toLowerCase()}</button>
        </fieldset>`;
      }
      case 'weekdays': {
        const days = (
          Array.isArray(value) ? value : Array.isArray(node.default) ? node.default : []
        ) as number[];
        return html`<fieldset aria-describedby=${described} data-field=${key}>
          <legend>${label}</legend>
          ${[1, 2, 3, 4, 5, 6, 0].map(
            (d) => html`<label class="check"><input type="checkbox" .checked=${days.includes(d)}
              @change=${(e: Event) => {
                const on = (e.target as HTMLInputElement).checked;
                set([...days.filter((x) => x !== d), ...(on ? [d] : [])].sort((a, b) => a - b));
                this.requestUpdate();
              }} />${dayNames([d])}</label>`,
          )}
          ${helpLine}${message}
        </fieldset>`;
      }
      case 'boolean':
        return html`<div class="field"><label class="check">
            <input type="checkbox" id=${id} .checked=${Boolean(value ?? node.default)} aria-describedby=${described}
              @change=${(e: Event) => set((e.target as HTMLInputElement).checked)} />${label}</label>${helpLine}${message}</div>`;
      case 'enum':
        return html`<div class="field"><label for=${id}>${label}</label>
          <select id=${id} aria-invalid=${invalid} aria-describedby=${described} @change=${(e: Event) => set((e.target as HTMLSelectElement).value || undefined)}>
            <option value="" ?selected=${value === undefined}>${node.default !== undefined ? `Default (${node.default})` : '—'}</option>
            ${(node.enum as string[]).map((o) => html`<option value=${o} ?selected=${value === o}>${o}</option>`)}
          </select>${helpLine}${message}</div>`;
      case 'number':
        return html`<div class="field"><label for=${id}>${label}</label>
          <input id=${id} type="number" inputmode="numeric" step=${node.type === 'integer' ? '1' : 'any'}
            .value=${value === undefined ? '' : String(value)} placeholder=${node.default === undefined ? '' : String(node.default)}
            aria-invalid=${invalid} aria-describedby=${described}
            @input=${(e: Event) => {
              const t = (e.target as HTMLInputElement).value;
              set(t === '' ? undefined : Number(t));
            }} />${helpLine}${message}</div>`;
      case 'secret': {
        const isSet = this.data?.secrets[key] ?? false;
        const pending = this.secretDraft[key];
        return html`<div class="field"><label for=${id}>${label} <span class="tag" data-testid=${`secret-${key}`}>${pending === null ? 'will be removed' : isSet ? 'set' : 'not set'}</span></label>
          <input id=${id} type="password" autocomplete="new-password" .value=${live(pending ?? '')} placeholder=${isSet ? 'Type a new value to replace it' : 'Type a value to set it'}
            aria-invalid=${invalid} aria-describedby=${described}
            @input=${(e: Event) => {
              const t = (e.target as HTMLInputElement).value;
              if (t) this.secretDraft[key] = t;
              else delete this.secretDraft[key];
            }} />
          ${
            isSet
              ? html`<button type="button" aria-label=${`Remove ${label}`} @click=${() => {
                  this.secretDraft = { ...this.secretDraft, [key]: null };
                }}>Remove</button>`
              : nothing
          }
          ${helpLine}${message}</div>`;
      }
      case 'lines':
      case 'pairs':
      case 'json': {
        const kind = fieldKind(node) as 'lines' | 'pairs' | 'json';
        const text =
          this.raw[key] ??
          (value === undefined
            ? ''
            : kind === 'lines'
              ? (value as unknown[]).join('\n')
              : kind === 'pairs'
                ? pairsText(value)
                : JSON.stringify(value, null, 2));
        const hint = { lines: '(one per line)', pairs: '(name = value, one per line)', json: '(JSON)' }[kind];
        return html`<div class="field"><label for=${id}>${label} <span class="muted small">${hint}</span></label>
          <textarea id=${id} rows="3" .value=${text} aria-invalid=${invalid} aria-describedby=${described}
            @input=${(e: Event) => {
              this.raw[key] = (e.target as HTMLTextAreaElement).value;
            }}></textarea>${helpLine}${message}</div>`;
      }
      default:
        return html`<div class="field"><label for=${id}>${label}</label>
          <input id=${id} .value=${value === undefined ? '' : String(value)} placeholder=${node.default === undefined ? '' : String(node.default)}
            aria-invalid=${invalid} aria-describedby=${described}
            @input=${(e: Event) => set((e.target as HTMLInputElement).value)} />${helpLine}${message}</div>`;
    }
  }
}

customElements.define('plugin-settings-form', PluginSettingsForm);
