// <memory-view>: the owner's view of everything Quorra remembers, filtered by workspace, importance and archive state.
import { css, html, LitElement } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { listOwnerMemories, type MemoryFilters, type OwnerMemory } from '../data/memories.ts';
import { listWorkspaces, type WorkspaceSummary } from '../data/workspaces.ts';
import { plural } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';
import './memory-card.ts';

/** The memory legibility view (owner only). */
export class MemoryView extends LitElement {
  static properties = {
    memories: { state: true },
    workspaces: { state: true },
    filters: { state: true },
    error: { state: true },
    lastAction: { state: true },
  };
  declare memories: OwnerMemory[] | null;
  declare workspaces: WorkspaceSummary[];
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
      label {
        display: flex;
        flex-direction: column;
        gap: 0.2rem;
      }
    `,
  ];

  constructor() {
    super();
    this.memories = null;
    this.workspaces = [];
    this.filters = { workspace: '', importance: '', archived: 'exclude' };
    this.error = null;
    this.lastAction = '';
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
    listWorkspaces().then(
      (w) => {
        this.workspaces = w;
      },
      () => undefined, // the filter still offers "any" and "personal"
    );
  }

  /** Reads the listing for the current filters. */
  async load() {
    try {
      this.memories = await listOwnerMemories(this.filters);
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private setFilter(key: keyof MemoryFilters, e: Event) {
    this.filters = { ...this.filters, [key]: (e.target as HTMLSelectElement).value };
    void this.load();
  }

  private async changed(e: CustomEvent<{ id: number; what: string }>) {
    this.lastAction = `Memory ${e.detail.id} ${e.detail.what}.`;
    await this.load();
  }

  render() {
    const f = this.filters;
    return html`<h2>Memory</h2>
      <p class="muted small">
        Everything Quorra remembers, across workspaces. Archiving hides a memory from Quorra at once and can be
        undone; archived memories are purged after the retention period.
      </p>
      <form class="row card" aria-label="Filter memories" @submit=${(e: Event) => e.preventDefault()}>
        <label>
          Workspace
          <select name="workspace" @change=${(e: Event) => this.setFilter('workspace', e)}>
            <option value="" ?selected=${!f.workspace}>Any</option>
            <option value="personal" ?selected=${f.workspace === 'personal'}>Personal / household</option>
            ${this.workspaces.map(
              (w) => html`<option value=${w.slug} ?selected=${f.workspace === w.slug}>${w.name}</option>`,
            )}
          </select>
        </label>
        <label>
          Importance
          <select name="importance" .value=${f.importance ?? ''} @change=${(e: Event) => this.setFilter('importance', e)}>
            <option value="">Any</option>
            <option value="core">In every conversation (core)</option>
            <option value="contextual">Looked up by topic (contextual)</option>
          </select>
        </label>
        <label>
          Archived
          <select name="archived" .value=${f.archived ?? 'exclude'} @change=${(e: Event) => this.setFilter('archived', e)}>
            <option value="exclude">Current only</option>
            <option value="only">Archived only</option>
            <option value="include">Current and archived</option>
          </select>
        </label>
      </form>
      <p class="small muted" role="status">${this.lastAction}</p>
      <error-notice .error=${this.error}></error-notice>
      ${this.memories ? this.renderList(this.memories) : this.error ? null : html`<p class="muted">Loading…</p>`}`;
  }

  private renderList(memories: OwnerMemory[]) {
    if (!memories.length) return html`<p class="empty">No memories match these filters.</p>`;
    return html`<p class="small muted">${plural(memories.length, 'memory', 'memories')}</p>
      <div class="list" @memory-changed=${this.changed}>
        ${repeat(
          memories,
          (m) => m.id,
          (m) => html`<memory-card .memory=${m}></memory-card>`,
        )}
      </div>`;
  }
}

customElements.define('memory-view', MemoryView);
