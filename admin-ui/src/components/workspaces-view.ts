// <workspaces-view>: the household's workspaces (services, personas, room) and the guided flow that creates or edits one (owner only).
import { css, html, LitElement, nothing } from 'lit';
import { type JoinedRoom, listJoinedRooms } from '../data/rooms.ts';
import { listWorkspaces, type WorkspaceSummary, workspaceOptions } from '../data/workspaces.ts';
import { relativeTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';
import './workspace-wizard.ts';
import './autonomy-policy-form.ts';
import './workspace-members.ts';
import { kindName } from '../workspace-words.ts';

/** The workspace list with a "New workspace" flow. */
export class WorkspacesView extends LitElement {
  static properties = {
    workspaces: { state: true },
    rooms: { state: true },
    error: { state: true },
    creating: { state: true },
    editing: { state: true },
    done: { state: true },
  };
  declare workspaces: WorkspaceSummary[] | null;
  declare rooms: JoinedRoom[];
  declare error: unknown;
  declare creating: boolean;
  /** The slug of the workspace being edited. */
  declare editing: string | null;
  declare done: string;

  static styles = [
    sharedStyles,
    css`
      article h3 {
        margin: 0 0 0.2rem;
        overflow-wrap: anywhere;
      }
    `,
  ];

  constructor() {
    super();
    this.workspaces = null;
    this.rooms = [];
    this.error = null;
    this.creating = false;
    this.editing = null;
    this.done = '';
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  /** Reads the workspaces again (and room names, when Matrix is connected). */
  async load() {
    try {
      // the options are the owner's: a member is told so instead of seeing a flow the server would refuse
      const [list] = await Promise.all([listWorkspaces(), workspaceOptions()]);
      this.workspaces = list;
      this.error = null;
    } catch (err) {
      this.error = err;
    }
    this.rooms = await listJoinedRooms().catch(() => []);
  }

  private async created(e: CustomEvent<string>) {
    this.creating = false;
    this.editing = null;
    this.done = e.detail;
    await this.load();
  }

  render() {
    return html`<h2>Workspaces</h2>
      <p class="muted small">
        A workspace is a part of household life with its own notes and services — the family, a holiday flat, a
        club. Rooms that belong to it share them.
      </p>
      <error-notice .error=${this.error}></error-notice>
      <p role="status" class="small">${this.done}</p>
      ${
        this.creating
          ? html`<workspace-wizard @created=${this.created} @cancel=${() => {
              this.creating = false;
            }}></workspace-wizard>`
          : html`<p><button class="primary" type="button" @click=${() => {
              this.creating = true;
              this.editing = null;
              this.done = '';
            }}>New workspace</button></p>`
      }
      ${this.workspaces ? this.renderList(this.workspaces) : this.error ? nothing : html`<p class="muted">Loading…</p>`}`;
  }

  private renderList(list: WorkspaceSummary[]) {
    if (!list.length) return html`<p class="empty">No workspaces yet.</p>`;
    return list.map((w) => {
      const room = w.matrix_room_id
        ? (this.rooms.find((r) => r.room_id === w.matrix_room_id)?.name ?? 'a room Quorra is not in')
        : null;
      if (this.editing === w.slug)
        return html`<workspace-wizard data-workspace=${w.slug} .workspace=${w} @saved=${this.created} @cancel=${() => {
          this.editing = null;
        }}></workspace-wizard>`;
      return html`<article class="card" data-workspace=${w.slug} aria-label=${w.name}>
        <h3 class="untrusted">${w.name}</h3>
        <div class="small muted">
          ${kindName(w.kind)} · created ${relativeTime(w.created_at)}${room ? html` · room <span class="untrusted">${room}</span>` : nothing}
        </div>
        ${w.description ? html`<p class="small untrusted">${w.description}</p>` : nothing}
        <div class="small">
          Services: ${w.services?.map((s) => s.service).join(', ') || 'none'} · Personas: ${w.personas?.join(', ') ?? '—'}
        </div>
        <p class="row"><button type="button" aria-label=${`Edit ${w.name}`} @click=${() => {
          this.editing = w.slug;
          this.creating = false;
          this.done = '';
        }}>Edit</button></p>
        <workspace-members workspace=${w.slug} label=${w.name}></workspace-members>
        ${
          w.kind === 'hosting' && w.services?.some((s) => s.service === 'concierge')
            ? html`<autonomy-policy-form workspace=${w.slug}></autonomy-policy-form>`
            : nothing
        }
      </article>`;
    });
  }
}

customElements.define('workspaces-view', WorkspacesView);
