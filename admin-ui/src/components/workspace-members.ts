// <workspace-members workspace=…>: "Who can use it" — the members the owner gave a workspace, with add and remove.
import { html, LitElement, nothing } from 'lit';
import type { HouseholdUser } from '../data/admin.ts';
import { listPeople } from '../data/people.ts';
import {
  grantWorkspace,
  listWorkspaceMembers,
  revokeWorkspace,
  type WorkspaceMemberRow,
} from '../data/workspace-members.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** Owners can always use every workspace; this lists the members given this one and offers the others. */
export class WorkspaceMembers extends LitElement {
  static properties = {
    workspace: { type: String },
    label: { type: String },
    members: { state: true },
    people: { state: true },
    error: { state: true },
  };
  declare workspace: string;
  /** The workspace's name, for the buttons' accessible labels. */
  declare label: string;
  declare members: WorkspaceMemberRow[] | null;
  declare people: HouseholdUser[];
  declare error: unknown;

  static styles = [sharedStyles];

  constructor() {
    super();
    this.workspace = '';
    this.label = '';
    this.members = null;
    this.people = [];
    this.error = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  private async load() {
    try {
      const [members, { users }] = await Promise.all([listWorkspaceMembers(this.workspace), listPeople()]);
      this.members = members;
      this.people = users.filter((u) => u.role === 'member');
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private async change(fn: () => Promise<WorkspaceMemberRow[]>) {
    try {
      this.members = await fn();
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private add(e: Event) {
    e.preventDefault();
    const select = (e.target as HTMLFormElement).elements.namedItem('person') as HTMLSelectElement;
    if (select.value) void this.change(() => grantWorkspace(this.workspace, select.value));
  }

  render() {
    if (!this.members) return html`<error-notice .error=${this.error}></error-notice>`;
    const given = new Set(this.members.map((m) => m.user_id));
    const others = this.people.filter((p) => !given.has(p.id));
    return html`<section aria-label=${`Who can use ${this.label}`}>
      <h4>Who can use it</h4>
      <p class="small muted">Owners can always use it. Members not listed cannot open it, see it or search its notes.</p>
      <error-notice .error=${this.error}></error-notice>
      ${
        this.members.length
          ? html`<ul class="small">
              ${this.members.map(
                (m) => html`<li>
                  <span class="untrusted">${m.display_name}</span>
                  <button type="button" aria-label=${`Remove ${m.display_name}`} @click=${() =>
                    this.change(() => revokeWorkspace(this.workspace, m.user_id))}>Remove</button>
                </li>`,
              )}
            </ul>`
          : html`<p class="small empty">Only the owners.</p>`
      }
      ${
        others.length
          ? html`<form class="row" @submit=${this.add}>
              <select name="person" aria-label=${`Member to add to ${this.label}`}>
                ${others.map((p) => html`<option value=${p.id}>${p.display_name}</option>`)}
              </select>
              <button type="submit">Add</button>
            </form>`
          : nothing
      }
    </section>`;
  }
}

customElements.define('workspace-members', WorkspaceMembers);
