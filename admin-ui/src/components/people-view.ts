// <people-view>: the household's people (owner) — add (creating their Matrix account when Quorra can), edit, remove with consequences stated.
import { css, html, LitElement } from 'lit';
import { childReachWords } from '../child-reach-words.ts';
import type { HouseholdUser } from '../data/admin.ts';
import {
  addPerson,
  addPersonWithAccount,
  editPerson,
  listPeople,
  matrixAccountsInfo,
  type NewMatrixAccount,
  removePerson,
} from '../data/people.ts';
import { relativeTime } from '../format.ts';
import { fieldErrors, readForm } from '../person-form.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';
import './matrix-sign-in-card.ts';
import './person-workspaces.ts';

/** People and their roles (owner only). */
export class PeopleView extends LitElement {
  static properties = {
    people: { state: true },
    effects: { state: true },
    editing: { state: true },
    removing: { state: true },
    formError: { state: true },
    error: { state: true },
    done: { state: true },
    accounts: { state: true },
    makeAccount: { state: true },
    created: { state: true },
  };
  /** Whether adding a person creates their Matrix account here (the homeserver's secret is configured). */
  declare accounts: { can_create: boolean; server_name: string | null } | null;
  declare makeAccount: boolean;
  /** The one-time sign-in of the person just added, until the owner says Done. */
  declare created: { person: string; account: NewMatrixAccount } | null;
  declare people: HouseholdUser[] | null;
  declare effects: string;
  /** The id being edited, or 'new' for the add form. */
  declare editing: string | null;
  declare removing: string | null;
  declare formError: unknown;
  declare error: unknown;
  declare done: string;

  static styles = [
    sharedStyles,
    css`
      .grid {
        display: grid;
        gap: 0.6rem;
        grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
      }
      .field label {
        display: block;
        font-weight: 600;
        margin-bottom: 0.2rem;
      }
      .field input,
      .field select {
        width: 100%;
        box-sizing: border-box;
      }
      .field .err {
        color: var(--q-bad);
        font-size: 0.85rem;
      }
      .ids {
        overflow-wrap: anywhere;
      }
    `,
  ];

  constructor() {
    super();
    this.people = null;
    this.effects = '';
    this.editing = null;
    this.removing = null;
    this.formError = null;
    this.error = null;
    this.done = '';
    this.accounts = null;
    this.makeAccount = true;
    this.created = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  private async load() {
    try {
      const r = await listPeople();
      this.people = r.users;
      this.effects = r.removalEffects;
      this.accounts ??= await matrixAccountsInfo();
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private async save(e: SubmitEvent, id: string) {
    e.preventDefault();
    const input = readForm(e.target as HTMLFormElement);
    const form = new FormData(e.target as HTMLFormElement);
    try {
      let name: string;
      if (id === 'new' && this.accounts?.can_create && this.makeAccount) {
        const { matrix_ids: _none, ...rest } = input;
        const r = await addPersonWithAccount(rest, String(form.get('matrix_username') ?? '').trim());
        this.created = { person: r.user.display_name, account: r.matrix_account };
        name = r.user.display_name;
      } else name = (id === 'new' ? await addPerson(input) : await editPerson(id, input)).display_name;
      this.done = id === 'new' ? `Added ${name}.` : `Saved ${name}.`;
      this.editing = null;
      this.formError = null;
      await this.load();
    } catch (err) {
      this.formError = err;
    }
  }

  private async removeUser(u: HouseholdUser) {
    try {
      const r = await removePerson(u.id);
      this.done = `Removed ${u.display_name}: ${r.tokens_revoked} token(s) revoked, ${r.sessions_ended} sign-in(s) ended.`;
      this.removing = null;
      await this.load();
    } catch (err) {
      this.error = err;
    }
  }

  render() {
    return html`<h2>People</h2>
      <error-notice .error=${this.error}></error-notice>
      <p role="status" class="small">${this.done}</p>
      <matrix-sign-in-card .account=${this.created?.account ?? null} person=${this.created?.person ?? ''}
        @done=${() => {
          this.created = null;
        }}></matrix-sign-in-card>
      ${
        this.editing === 'new'
          ? this.renderForm('new', null)
          : html`<p><button class="primary" type="button" @click=${() => this.open('new')}>Add a person</button></p>`
      }
      ${this.people ? this.people.map((u) => this.renderPerson(u)) : html`<p class="muted">Loading…</p>`}`;
  }

  private open(id: string) {
    this.editing = id;
    this.formError = null;
    this.done = '';
  }

  private renderPerson(u: HouseholdUser) {
    if (this.editing === u.id) return this.renderForm(u.id, u);
    return html`<article class="card" data-user=${u.id} aria-label=${u.display_name}>
      <div class="row">
        <strong>${u.display_name}</strong>
        <span class="tag">${u.role === 'owner' ? 'Owner' : u.child ? 'Child' : 'Member'}</span>
        <span class="muted small">added ${relativeTime(u.created_at)}</span>
      </div>
      <div class="small ids">
        Matrix: ${u.matrix_ids.length ? u.matrix_ids.join(', ') : html`<span class="muted">none (cannot sign in by code)</span>`}
        ${u.email ? html`· ${u.email}` : null} · ${u.timezone ?? 'UTC'}
      </div>
      ${u.child && u.reach ? html`<p class="small" data-field="reach">${childReachWords(u.reach)}</p>` : null}
      ${u.role === 'member' ? html`<person-workspaces user-id=${u.id} name=${u.display_name}></person-workspaces>` : null}
      ${
        u.quiet_hours
          ? html`<p class="small muted" data-field="quiet">Quiet hours ${u.quiet_hours.start}–${u.quiet_hours.end}: messages wait until then${u.child && u.quiet_reply ? '; messages from them get one short goodnight' : ''}.</p>`
          : null
      }
      ${
        this.removing === u.id
          ? html`<div role="group" aria-label=${`Confirm removing ${u.display_name}`} class="card">
            <p><strong>Remove ${u.display_name}?</strong> ${this.effects}</p>
            <p class="row">
              <button class="danger" type="button" @click=${() => this.removeUser(u)}>Yes, remove ${u.display_name}</button>
              <button type="button" @click=${() => {
                this.removing = null;
              }}>Cancel</button>
            </p>
          </div>`
          : html`<p class="row">
            <button type="button" aria-label=${`Edit ${u.display_name}`} @click=${() => this.open(u.id)}>Edit</button>
            <button class="danger" type="button" aria-label=${`Remove ${u.display_name}…`} @click=${() => {
              this.removing = u.id;
            }}>Remove…</button>
          </p>`
      }
    </article>`;
  }

  /** New person and Quorra can create accounts: a choice (create one, or they have one); otherwise their Matrix ID. */
  private renderMatrixField(
    id: string,
    u: HouseholdUser | null,
    field: (name: string, label: string, control: unknown) => unknown,
    described: (name: string) => string,
  ) {
    const create = !u && this.accounts?.can_create;
    const ids = field(
      'matrix_ids',
      'Matrix IDs',
      html`<input id=${`${id}-matrix_ids`} name="matrix_ids" placeholder="@name:server" .value=${u?.matrix_ids.join(', ') ?? ''} aria-invalid=${described('matrix_ids') ? 'true' : 'false'} aria-describedby=${described('matrix_ids')} />
      ${u || create ? null : html`<div class="small muted">Their existing Matrix ID, like @ana:example.org: Quorra cannot create accounts on this homeserver.</div>`}`,
    );
    if (!create) return ids;
    const server = this.accounts?.server_name ? `:${this.accounts.server_name}` : '';
    return html`<div class="field">
        <label><input type="checkbox" name="create_account" .checked=${this.makeAccount}
          @change=${(e: Event) => {
            this.makeAccount = (e.target as HTMLInputElement).checked;
          }} /> Create a Matrix account for them</label>
        <div class="small muted">${this.makeAccount ? 'You get a QR code and a temporary password to give them.' : 'They already have one: give it below.'}</div>
      </div>
      ${
        this.makeAccount
          ? field(
              'matrix_username',
              `Matrix user name (optional, becomes @name${server})`,
              html`<input id=${`${id}-matrix_username`} name="matrix_username" autocapitalize="none" aria-describedby=${described('matrix_username')} />`,
            )
          : ids
      }`;
  }

  private renderForm(id: string, u: HouseholdUser | null) {
    const errs = fieldErrors(this.formError);
    const field = (name: string, label: string, control: unknown) =>
      html`<div class="field">
        <label for=${`${id}-${name}`}>${label}</label>
        ${control}
        ${errs[name] ? html`<div class="err" id=${`${id}-${name}-err`}>${errs[name]}</div>` : null}
      </div>`;
    const described = (name: string) => (errs[name] ? `${id}-${name}-err` : '');
    return html`<form class="card" @submit=${(e: SubmitEvent) => this.save(e, id)}
      aria-label=${u ? `Edit ${u.display_name}` : 'Add a person'} novalidate>
      <div class="grid">
        ${field(
          'name',
          'Name',
          html`<input id=${`${id}-name`} name="name" .value=${u?.display_name ?? ''} aria-invalid=${errs.name ? 'true' : 'false'} aria-describedby=${described('name')} />`,
        )}
        ${field(
          'role',
          'Role',
          html`<select id=${`${id}-role`} name="role">
            <option value="member" ?selected=${u?.role !== 'owner'}>Member</option>
            <option value="owner" ?selected=${u?.role === 'owner'}>Owner</option>
          </select>`,
        )}
        ${this.renderMatrixField(id, u, field, described)}
        ${field(
          'email',
          'Email (optional)',
          html`<input id=${`${id}-email`} name="email" type="email" .value=${u?.email ?? ''} aria-invalid=${errs.email ? 'true' : 'false'} aria-describedby=${described('email')} />`,
        )}
        ${field(
          'timezone',
          'Time zone',
          html`<input id=${`${id}-timezone`} name="timezone" .value=${u?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone} aria-invalid=${errs.timezone ? 'true' : 'false'} aria-describedby=${described('timezone')} />`,
        )}
      </div>
      <label class="small"><input type="checkbox" name="child" ?checked=${u?.child ?? false} /> This is a child: they reach only
        lists, their reminders and to-dos, the calendar, the family's notes and their own memories, and ask a parent for
        anything else</label>
      <fieldset class="small">
        <legend>Quiet hours (optional)</legend>
        <label>From <input type="time" name="quiet_start" aria-label="Quiet hours from" .value=${u?.quiet_hours?.start ?? ''} /></label>
        <label>until <input type="time" name="quiet_end" aria-label="Quiet hours until" .value=${u?.quiet_hours?.end ?? ''} /></label>
        <label><input type="checkbox" name="quiet_reply" ?checked=${u?.quiet_reply ?? false} /> For a child: answer with one
          short goodnight during them</label>
      </fieldset>
      ${Object.keys(errs).length ? null : html`<error-notice .error=${this.formError}></error-notice>`}
      <p class="row">
        <button class="primary" type="submit">${u ? 'Save' : 'Add'}</button>
        <button type="button" @click=${() => {
          this.editing = null;
          this.formError = null;
        }}>Cancel</button>
      </p>
    </form>`;
  }
}

customElements.define('people-view', PeopleView);
