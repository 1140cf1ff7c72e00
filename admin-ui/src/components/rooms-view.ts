// <rooms-view>: the rooms the bot is in (names from the homeserver) and, for each, the workspace and scope it maps to (owner only).
import { css, html, LitElement, nothing } from 'lit';
import { type JoinedRoom, listJoinedRooms, mapRoom } from '../data/rooms.ts';
import { listWorkspaces, type WorkspaceSummary, workspaceOptions } from '../data/workspaces.ts';
import { formStyles, sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** Picks a workspace and scope for each joined room. */
export class RoomsView extends LitElement {
  static properties = {
    rooms: { state: true },
    workspaces: { state: true },
    services: { state: true },
    error: { state: true },
    rowErrors: { state: true },
    saved: { state: true },
    picked: { state: true },
  };
  declare rooms: JoinedRoom[] | null;
  declare workspaces: WorkspaceSummary[];
  declare services: string[];
  declare error: unknown;
  declare rowErrors: Record<string, unknown>;
  declare saved: string;
  /** The workspace chosen (not yet saved) per room, so its scope choices follow the choice. */
  declare picked: Record<string, string>;

  static styles = [
    sharedStyles,
    formStyles,
    css`
      .rooms {
        display: grid;
        gap: 0.75rem;
        grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr));
      }
      article h3 {
        margin: 0 0 0.2rem;
        overflow-wrap: anywhere;
      }
    `,
  ];

  constructor() {
    super();
    this.rooms = null;
    this.workspaces = [];
    this.services = [];
    this.error = null;
    this.rowErrors = {};
    this.saved = '';
    this.picked = {};
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  /** Reads the rooms from the homeserver (through Quorra) and the workspaces again. */
  async load() {
    try {
      const [rooms, workspaces, options] = await Promise.all([
        listJoinedRooms(),
        listWorkspaces(),
        workspaceOptions(),
      ]);
      this.workspaces = workspaces;
      this.services = options.services;
      this.rooms = rooms;
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private workspaceName(slug: string | null): string {
    if (!slug) return 'no workspace';
    return this.workspaces.find((w) => w.slug === slug)?.name ?? slug;
  }

  private scopeChoices(slug: string): string[] {
    const w = this.workspaces.find((x) => x.slug === slug);
    return w?.services?.map((s) => s.service) ?? this.services;
  }

  private async save(e: SubmitEvent, room: JoinedRoom) {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    const workspace = String(form.get('workspace') ?? '') || null;
    const scope = form.getAll('scope').map(String);
    const { [room.room_id]: _old, ...rest } = this.rowErrors;
    this.rowErrors = rest;
    try {
      await mapRoom(room.room_id, workspace, scope.length ? scope : null);
      this.saved = `Saved: ${room.name} now belongs to ${this.workspaceName(workspace)}.`;
      await this.load();
    } catch (err) {
      this.rowErrors = { ...this.rowErrors, [room.room_id]: err };
    }
  }

  render() {
    return html`<h2>Rooms</h2>
      <p class="muted small">
        The Matrix rooms Quorra is in. A room that belongs to a workspace shares that workspace's notes and services;
        the scope narrows which services Quorra may use there (none ticked: all the workspace has).
      </p>
      <error-notice .error=${this.error}></error-notice>
      <p role="status" class="small">${this.saved}</p>
      ${
        this.rooms
          ? this.rooms.length
            ? html`<div class="rooms">${this.rooms.map((r, i) => this.renderRoom(r, i))}</div>`
            : html`<p class="empty">Quorra is in no rooms yet: invite it to one in Element.</p>`
          : this.error
            ? nothing
            : html`<p class="muted">Loading…</p>`
      }`;
  }

  private renderRoom(r: JoinedRoom, i: number) {
    const chosen = this.picked[r.room_id] ?? r.workspace ?? '';
    const choices = this.scopeChoices(chosen);
    return html`<article class="card" data-room=${r.room_id} aria-labelledby=${`room-${i}`}>
      <h3 id=${`room-${i}`} class="untrusted">${r.name}</h3>
      <div class="small muted">
        ${r.people.length ? html`With <span class="untrusted">${r.people.join(', ')}</span>` : 'Only Quorra'}
        ${r.encrypted ? html`· <span class="tag">Encrypted</span>` : nothing}
      </div>
      <div class="small" data-testid="mapping">
        Belongs to <strong>${this.workspaceName(r.workspace)}</strong>${r.scope ? html` · only ${r.scope.join(', ')}` : nothing}
      </div>
      <form @submit=${(e: SubmitEvent) => this.save(e, r)} aria-label=${`Map ${r.name}`}>
        <div class="field">
          <label for=${`ws-${i}`}>Workspace</label>
          <select id=${`ws-${i}`} name="workspace" @change=${(e: Event) => {
            this.picked = { ...this.picked, [r.room_id]: (e.target as HTMLSelectElement).value };
          }}>
            <option value="" ?selected=${chosen === ''}>No workspace (personal)</option>
            ${this.workspaces.map((w) => html`<option value=${w.slug} ?selected=${chosen === w.slug}>${w.name}</option>`)}
          </select>
        </div>
        <fieldset>
          <legend class="small">Scope</legend>
          ${choices.map(
            (s) => html`<label class="small"
              ><input type="checkbox" name="scope" value=${s} ?checked=${r.scope?.includes(s) ?? false} /> ${s}</label
            > `,
          )}
        </fieldset>
        <error-notice .error=${this.rowErrors[r.room_id] ?? null}></error-notice>
        <button class="primary" type="submit" aria-label=${`Save mapping for ${r.name}`}>Save</button>
      </form>
    </article>`;
  }
}

customElements.define('rooms-view', RoomsView);
