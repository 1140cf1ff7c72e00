// One field of a plugin's settings form, drawn from its JSON Schema node: its label, help, default in words and message.
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { dayNames, defaultShown } from '../default-words.ts';
import {
  choicesOf,
  choiceWords,
  fieldKind,
  getAt,
  labelOf,
  pairsText,
  type SchemaNode,
  setAt,
} from '../schema-fields.ts';
import type { SettingsDraft } from '../settings-collect.ts';
import { defaultTable } from './default-table.ts';

type Obj = Record<string, unknown>;
const idOf = (path: string[]) => `f-${path.join('-')}`;

/** What a field reads and changes on the form that holds it. */
export interface FieldHost {
  draft: SettingsDraft;
  /** Dotted path → whether that secret has a value on the server. */
  secrets: Record<string, boolean>;
  requestUpdate(): void;
  /** Test connection for a field that needs an outside service. */
  renderTest(service: string, key: string): unknown;
}

/** The field at `path` (nested objects and lists recurse); `errors` are messages by dotted path. */
export function renderSettingsField(
  f: FieldHost,
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
    ${typeof node.service === 'string' ? f.renderTest(node.service, key) : nothing}`;
  const value = getAt(f.draft.values, path);
  const set = (v: unknown) => setAt(f.draft.values, path, v);
  const invalid = err ? 'true' : 'false';
  switch (fieldKind(node)) {
    case 'object':
      return html`<fieldset aria-describedby=${described}>
        <legend>${label}</legend>${helpLine}${message}
        ${Object.entries(node.properties ?? {}).map(([k, n]) => renderSettingsField(f, [...path, k], n, node, errors))}
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
            ${Object.entries(item.properties ?? {}).map(([k, n]) => renderSettingsField(f, [...path, String(i), k], n, item, errors))}
            <button type="button" aria-label=${`Remove ${one} ${i + 1}`} @click=${() => {
              setAt(
                f.draft.values,
                path,
                items.filter((_x, j) => j !== i),
              );
              f.requestUpdate();
            }}>Remove</button>
          </fieldset>`,
        )}
        <button type="button" @click=${() => {
          setAt(f.draft.values, path, [...items, {}]);
          f.requestUpdate();
        }}>Add ${one.toLowerCase()}</button>
      </fieldset>`;
    }
    case 'records': {
      // a map of names to rules: the name is edited like a field, the order kept when it changes
      const map = (value && typeof value === 'object' ? value : {}) as Obj;
      const item = node.additionalProperties as SchemaNode;
      const nameLabel = typeof node.keyTitle === 'string' ? node.keyTitle : 'Name';
      const rename = (from: string, to: string) => {
        if (to !== from && to in map) return;
        set(Object.fromEntries(Object.entries(map).map(([k, v]) => [k === from ? to : k, v])));
        f.requestUpdate();
      };
      return html`<fieldset aria-describedby=${described} data-field=${key}>
        <legend>${label}</legend>${helpLine}${message}
        ${Object.keys(map).map(
          (name, i) => html`<fieldset class="entry">
            <legend>${name || `${nameLabel} ${i + 1}`}</legend>
            <div class="field"><label for=${`${id}-name-${i}`}>${nameLabel}</label>
              <input id=${`${id}-name-${i}`} .value=${live(name)} required
                @change=${(e: Event) => rename(name, (e.target as HTMLInputElement).value.trim())} /></div>
            ${Object.entries(item.properties ?? {}).map(([k, n]) => renderSettingsField(f, [...path, name, k], n, item, errors))}
            <button type="button" aria-label=${`Remove ${name || 'the new entry'}`} @click=${() => {
              set(Object.fromEntries(Object.entries(map).filter(([k]) => k !== name)));
              f.requestUpdate();
            }}>Remove</button>
          </fieldset>`,
        )}
        <button type="button" ?disabled=${'' in map} @click=${() => {
          set({ ...map, '': {} });
          f.requestUpdate();
        }}>Add ${typeof node.addLabel === 'string' ? node.addLabel : 'an entry'}</button>
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
              f.requestUpdate();
            }} />${dayNames([d])}</label>`,
        )}
        ${helpLine}${message}
      </fieldset>`;
    }
    case 'boolean':
      return html`<div class="field"><label class="check">
          <input type="checkbox" id=${id} .checked=${Boolean(value ?? node.default)} aria-describedby=${described}
            @change=${(e: Event) => set((e.target as HTMLInputElement).checked)} />${label}</label>${helpLine}${message}</div>`;
    case 'enum': {
      // options carry their index, so a number stays a number when it comes back
      const choices = choicesOf(node)!;
      return html`<div class="field"><label for=${id}>${label}</label>
        <select id=${id} aria-invalid=${invalid} aria-describedby=${described} @change=${(e: Event) => {
          const i = (e.target as HTMLSelectElement).value;
          set(i === '' ? undefined : choices[Number(i)]);
        }}>
          <option value="" ?selected=${value === undefined}>${node.default !== undefined ? `Default: ${choiceWords(node, node.default)}` : '—'}</option>
          ${choices.map((o, i) => html`<option value=${String(i)} ?selected=${value === o}>${choiceWords(node, o)}</option>`)}
        </select>${helpLine}${message}</div>`;
    }
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
      const isSet = f.secrets[key] ?? false;
      const pending = f.draft.secrets[key];
      return html`<div class="field"><label for=${id}>${label} <span class="tag" data-testid=${`secret-${key}`}>${pending === null ? 'will be removed' : isSet ? 'set' : 'not set'}</span></label>
        <input id=${id} type="password" autocomplete="new-password" .value=${live(pending ?? '')} placeholder=${isSet ? 'Type a new value to replace it' : 'Type a value to set it'}
          aria-invalid=${invalid} aria-describedby=${described}
          @input=${(e: Event) => {
            const t = (e.target as HTMLInputElement).value;
            if (t) f.draft.secrets[key] = t;
            else delete f.draft.secrets[key];
          }} />
        ${
          isSet
            ? html`<button type="button" aria-label=${`Remove ${label}`} @click=${() => {
                f.draft.secrets[key] = null;
                f.requestUpdate();
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
        f.draft.raw[key] ??
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
            f.draft.raw[key] = (e.target as HTMLTextAreaElement).value;
          }}></textarea>${helpLine}${message}</div>`;
    }
    default:
      return html`<div class="field"><label for=${id}>${label}</label>
        <input id=${id} .value=${value === undefined ? '' : String(value)} placeholder=${node.default === undefined ? '' : String(node.default)}
          aria-invalid=${invalid} aria-describedby=${described}
          @input=${(e: Event) => set((e.target as HTMLInputElement).value)} />${helpLine}${message}</div>`;
  }
}
