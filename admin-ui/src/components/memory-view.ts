// <memory-view>: what Quorra remembers — everything for the owner, your own for a member; search, filters, paging.
import { css, html, LitElement } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { type HouseholdUser, listUsers } from '../data/admin.ts';
import { listMemories, type MemoryFilters, type OwnerMemory, PAGE_SIZE } from '../data/memories.ts';
import type { Session } from '../data/session.ts';
import { listWorkspaces, type WorkspaceSummary } from '../data/workspaces.ts';
import { plural } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';
import './memory-card.ts';

const kinds = ['fact', 'preference', 'decision', 'entity', 'constraint', 'observation', 'episodic'];
const provenances: [string, string][] = [
  ['user_stated', 'Told Quorra'],
  ['model_inference', 'Inferred by Quorra'],
  ['notepad', 'From a notepad'],
  ['imported', 'Imported'],
  ['owner_set', 'Set by the owner'],
];

/** The memory view for the signed-in person. */
export class MemoryView extends LitElement {
  static properties = {
    session: { attribute: false },
    memories: { state: true },
    more: { state: true },
    workspaces: { state: true },
    people: { state: true },
    filters: { state: true },
    error: { state: true },
    lastAction: { state: true },
  };
  declare session: Session;
  declare memories: OwnerMemory[] | null;
  /** Whether a further page may exist. */
  declare more: boolean;
  declare workspaces: WorkspaceSummary[];
  declare people: HouseholdUser[];
  declare filters: MemoryFilters;
  declare error: unknown;
  declare lastAction: string;

  static styles = [
    sharedStyles,
    css`
      form {
        margin-bottom: 0.75rem;
      }
      .list {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 0.6rem;
      }
      label,
      .field {
        display: flex;
        flex-direction: column;
        gap: 0.2rem;
      }
      label.check {
        flex-direction: row;
        align-items: center;
      }
      .search {
        flex: 1 1 100%;
      }
      .search input {
        width: 100%;
        box-sizing: border-box;
      }
    `,
  ];

  constructor() {
    super();
    this.memories = null;
    this.more = false;
    this.workspaces = [];
    this.people = [];
    this.filters = { archived: 'exclude' };
    this.error = null;
    this.lastAction = '';
  }

  private get isOwner() {
    return this.session?.role === 'owner';
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
    // the filters still offer "any" when these cannot be read
    listWorkspaces().then(
      (w) => (this.workspaces = w),
      () => undefined,
    );
    if (this.isOwner)
      listUsers().then(
        (u) => (this.people = u),
        () => undefined,
      );
  }

  /** Reads the first page for the current filters. */
  async load() {
    try {
      const page = await listMemories(this.filters, { mine: !this.isOwner });
      this.memories = page;
      this.more = page.length === PAGE_SIZE;
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  /** Appends the next page (keyset paging: rows older than the last one shown). */
  private async loadMore() {
    const last = this.memories?.at(-1);
    if (!last) return;
    try {
      const page = await listMemories(this.filters, { mine: !this.isOwner, beforeId: last.id });
      this.memories = [...(this.memories ?? []), ...page];
      this.more = page.length === PAGE_SIZE;
    } catch (err) {
      this.error = err;
    }
  }

  private setFilter(key: keyof MemoryFilters, value: unknown) {
    this.filters = { ...this.filters, [key]: value };
    void this.load();
  }

  private search(e: SubmitEvent) {
    e.preventDefault();
    const q = (this.renderRoot.querySelector('input[name="q"]') as HTMLInputElement).value;
    this.setFilter('q', q);
  }

  private async changed(e: CustomEvent<{ id: number; what: string }>) {
    // no row number (it means nothing to a person) and no memory text (it may be the model's words)
    this.lastAction = `Memory ${e.detail.what}.`;
    await this.load();
  }

  render() {
    return html`<h2>Memory</h2>
      <p class="muted small">
        ${this.isOwner ? 'Everything Quorra remembers, across workspaces.' : 'What Quorra remembers about you.'}
        Archiving hides a memory from Quorra at once and can be undone; archived memories are purged after the
        retention period.
      </p>
      ${this.renderFilters()}
      <p class="small muted" role="status">${this.lastAction}</p>
      <error-notice .error=${this.error}></error-notice>
      ${this.memories ? this.renderList(this.memories) : this.error ? null : html`<p class="muted">Loading…</p>`}`;
  }

  private renderFilters() {
    const f = this.filters;
    const select = (key: keyof MemoryFilters, label: string, options: [string, string][]) =>
      html`<div class="field">
        <label for=${`f-${key}`}>${label}</label>
        <select id=${`f-${key}`} name=${key} .value=${String(f[key] ?? '')}
          @change=${(e: Event) => this.setFilter(key, (e.target as HTMLSelectElement).value)}>
          ${options.map(([v, l]) => html`<option value=${v} ?selected=${String(f[key] ?? '') === v}>${l}</option>`)}
        </select>
      </div>`;
    return html`<form class="row card" role="search" aria-label="Search memories" @submit=${this.search}>
        <div class="row search">
          <label class="search">
            Search
            <input name="q" type="search" placeholder="words in the text or tags" .value=${f.q ?? ''} />
          </label>
          <button type="submit">Search</button>
        </div>
        ${this.isOwner ? select('person', 'Person', [['', 'Anyone'], ['household', 'The household (shared)'], ...this.people.map((u): [string, string] => [u.id, u.display_name])]) : null}
        ${select('workspace', 'Workspace', [['', 'Any'], ['personal', 'Personal / household'], ...this.workspaces.map((w): [string, string] => [w.slug, w.name])])}
        ${select('kind', 'Kind', [['', 'Any'], ...kinds.map((k): [string, string] => [k, k])])}
        ${select('provenance', 'Source', [['', 'Any'], ...provenances])}
        ${select('importance', 'Importance', [
          ['', 'Any'],
          ['core', 'In every conversation (core)'],
          ['contextual', 'Looked up by topic (contextual)'],
        ])}
        ${select('archived', 'Archived', [
          ['exclude', 'Current only'],
          ['only', 'Archived only'],
          ['include', 'Current and archived'],
        ])}
        <label class="check">
          <input type="checkbox" name="unreachable" .checked=${Boolean(f.unreachable)}
            @change=${(e: Event) => this.setFilter('unreachable', (e.target as HTMLInputElement).checked)} />
          Only unreachable by recall
        </label>
      </form>`;
  }

  private renderList(memories: OwnerMemory[]) {
    if (!memories.length) return html`<p class="empty">No memories match these filters.</p>`;
    return html`<p class="small muted">Showing ${plural(memories.length, 'memory', 'memories')}${this.more ? ' (more below)' : ''}</p>
      <div class="list" @memory-changed=${this.changed}>
        ${repeat(
          memories,
          (m) => m.id,
          (m) =>
            html`<memory-card .memory=${m} .viewerId=${this.session.userId} .isOwner=${this.isOwner}></memory-card>`,
        )}
      </div>
      ${this.more ? html`<p><button type="button" @click=${this.loadMore}>Load more</button></p>` : null}`;
  }
}

customElements.define('memory-view', MemoryView);
