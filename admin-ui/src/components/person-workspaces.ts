// <person-workspaces user-id=… name=…>: on the People page, which workspaces a member may use, each a switch.
import { html, LitElement } from 'lit';
import { grantWorkspace, listWorkspaceMembers, revokeWorkspace } from '../data/workspace-members.ts';
import { listWorkspaces, type WorkspaceSummary } from '../data/workspaces.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** The same grants as the Workspaces page's "Who can use it", seen from the person's side. */
export class PersonWorkspaces extends LitElement {
  static properties = {
    userId: { type: String, attribute: 'user-id' },
    name: { type: String },
    workspaces: { state: true },
    given: { state: true },
    busy: { state: true },
    error: { state: true },
  };
  declare userId: string;
  /** The person's display name, for the switches' accessible labels. */
  declare name: string;
  declare workspaces: WorkspaceSummary[] | null;
  declare given: Set<string>;
  declare busy: string | null;
  declare error: unknown;

  static styles = [sharedStyles];

  constructor() {
    super();
    this.userId = '';
    this.name = '';
    this.workspaces = null;
    this.given = new Set();
    this.busy = null;
    this.error = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  private async load() {
    try {
      const all = await listWorkspaces();
      // a household has a handful of workspaces: one small request each is fine
      const rows = await Promise.all(all.map((w) => listWorkspaceMembers(w.slug)));
      this.given = new Set(
        all.filter((_, i) => rows[i].some((m) => m.user_id === this.userId)).map((w) => w.slug),
      );
      this.workspaces = all;
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private async toggle(w: WorkspaceSummary, on: boolean) {
    this.busy = w.slug;
    try {
      const members = await (on ? grantWorkspace : revokeWorkspace)(w.slug, this.userId);
      const given = new Set(this.given);
      if (members.some((m) => m.user_id === this.userId)) given.add(w.slug);
      else given.delete(w.slug);
      this.given = given;
      this.error = null;
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = null;
    }
  }

  render() {
    if (!this.workspaces) return html`<error-notice .error=${this.error}></error-notice>`;
    return html`<section aria-label=${`Workspaces ${this.name} can use`}>
      <p class="small"><strong>Workspaces</strong> — ${this.name} can open, see and search only the ones ticked.</p>
      <error-notice .error=${this.error}></error-notice>
      ${
        this.workspaces.length
          ? this.workspaces.map(
              (w) => html`<label class="small">
                <input type="checkbox" .checked=${this.given.has(w.slug)} ?disabled=${this.busy === w.slug}
                  aria-label=${`${this.name} can use ${w.name}`}
                  @change=${(e: Event) => this.toggle(w, (e.target as HTMLInputElement).checked)} />
                <span class="untrusted">${w.name}</span>
              </label>`,
            )
          : html`<p class="small empty">No workspaces yet.</p>`
      }
    </section>`;
  }
}

customElements.define('person-workspaces', PersonWorkspaces);
