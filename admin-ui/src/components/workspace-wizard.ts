// <workspace-wizard>: a guided new workspace — name, services, room and personas, starter notes, review; the server's messages land on their step.
import { css, html, LitElement, nothing } from 'lit';
import { ApiError } from '../data/api-client.ts';
import { addWorkspaceNote } from '../data/memories.ts';
import { type JoinedRoom, listJoinedRooms } from '../data/rooms.ts';
import {
  createWorkspace,
  type NewWorkspaceInput,
  type WorkspaceOptions,
  workspaceOptions,
} from '../data/workspaces.ts';
import { formStyles, sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

const steps = ['Name', 'Services', 'Room and personas', 'Starter notes', 'Review'] as const;
/** Which step shows each field the server may complain about. */
const stepOfField: Record<string, number> = {
  name: 0,
  kind: 0,
  description: 0,
  services: 1,
  matrix_room_id: 2,
  personas: 2,
};

/** The server's own words for a refusal: the first field message when there is one. */
function reasonOf(err: Error): string {
  const details = err instanceof ApiError && Array.isArray(err.details) ? err.details : [];
  return (details[0] as { message?: string } | undefined)?.message ?? err.message;
}

interface Draft extends NewWorkspaceInput {
  notes: string;
}

/** Fires `created` with the new workspace's name once it and its starter notes exist. */
export class WorkspaceWizard extends LitElement {
  static properties = {
    step: { state: true },
    draft: { state: true },
    options: { state: true },
    rooms: { state: true },
    roomsError: { state: true },
    error: { state: true },
    busy: { state: true },
  };
  declare step: number;
  declare draft: Draft;
  declare options: WorkspaceOptions | null;
  declare rooms: JoinedRoom[] | null;
  declare roomsError: unknown;
  declare error: unknown;
  declare busy: boolean;

  static styles = [
    sharedStyles,
    formStyles,
    css`
      ol.steps {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 1rem;
        padding: 0;
        list-style: none;
        font-size: 0.85rem;
        color: var(--q-muted);
      }
      ol.steps [aria-current='step'] {
        color: var(--q-accent);
        font-weight: 600;
      }
      dl {
        display: grid;
        grid-template-columns: minmax(6rem, auto) 1fr;
        gap: 0.3rem 1rem;
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
    `,
  ];

  constructor() {
    super();
    this.step = 0;
    this.draft = {
      name: '',
      description: '',
      kind: 'household',
      services: [],
      personas: ['owner'],
      notes: '',
    };
    this.options = null;
    this.rooms = null;
    this.roomsError = null;
    this.error = null;
    this.busy = false;
  }

  connectedCallback() {
    super.connectedCallback();
    workspaceOptions().then(
      (o) => {
        this.options = o;
      },
      (err) => {
        this.error = err;
      },
    );
    // without Matrix the flow still works: the room can be mapped later on the Rooms page
    listJoinedRooms().then(
      (r) => {
        this.rooms = r;
      },
      (err) => {
        this.roomsError = err;
      },
    );
  }

  private set(patch: Partial<Draft>) {
    this.draft = { ...this.draft, ...patch };
  }

  private toggle(list: 'services' | 'personas', value: string, on: boolean) {
    const current = this.draft[list].filter((v) => v !== value);
    this.set({ [list]: on ? [...current, value] : current });
  }

  private async go(step: number) {
    this.step = step;
    await this.updateComplete;
    (this.renderRoot.querySelector('h3') as HTMLElement | null)?.focus();
  }

  /** The server's field messages, by field. */
  private fieldErrors(): Record<string, string> {
    if (!(this.error instanceof ApiError)) return {};
    if (this.error.code === 'WORKSPACE_NAME_TAKEN') return { name: this.error.message };
    if (this.error.code === 'UNKNOWN_PERSONA' || this.error.code === 'PERSONA_NOT_ALLOWED')
      return { personas: this.error.message };
    const out: Record<string, string> = {};
    for (const d of Array.isArray(this.error.details)
      ? (this.error.details as { path?: string; message?: string }[])
      : []) {
      const key = (d.path ?? '').split('.')[0];
      if (key in stepOfField && d.message) out[key] ??= d.message;
    }
    return out;
  }

  private async create() {
    const { notes, ...input } = this.draft;
    const body: NewWorkspaceInput = { ...input, name: input.name.trim() };
    if (!body.matrix_room_id) delete body.matrix_room_id;
    this.busy = true;
    this.error = null;
    try {
      const created = await createWorkspace(body);
      const lines = notes
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      // the workspace exists now: a note the server refuses is reported, not a reason to create it again
      const failed: string[] = [];
      for (const line of lines)
        await addWorkspaceNote(created.slug, line).catch((err: Error) => failed.push(reasonOf(err)));
      const saved = lines.length - failed.length;
      const problem = failed.length ? ` ${failed.length} could not be saved: ${failed.join('; ')}` : '';
      this.dispatchEvent(
        new CustomEvent('created', {
          detail: `Created ${created.name} with ${saved} starter note${saved === 1 ? '' : 's'}.${problem}`,
          bubbles: true,
          composed: true,
        }),
      );
    } catch (err) {
      this.error = err;
      const first = Object.keys(this.fieldErrors()).map((k) => stepOfField[k]);
      if (first.length) await this.go(Math.min(...first));
    } finally {
      this.busy = false;
    }
  }

  render() {
    const errs = this.fieldErrors();
    const placed = Object.keys(errs).length > 0;
    return html`<section class="card" aria-labelledby="wizard-title">
      <h2 id="wizard-title" class="small muted">New workspace</h2>
      <ol class="steps" aria-label="Steps">
        ${steps.map((s, i) => html`<li aria-current=${i === this.step ? 'step' : 'false'}>${i + 1}. ${s}</li>`)}
      </ol>
      <h3 tabindex="-1">${steps[this.step]}</h3>
      ${this.renderStep(errs)}
      ${placed ? nothing : html`<error-notice .error=${this.error}></error-notice>`}
      <p class="row">
        ${this.step > 0 ? html`<button type="button" @click=${() => this.go(this.step - 1)}>Back</button>` : nothing}
        ${
          this.step < steps.length - 1
            ? html`<button class="primary" type="button" @click=${() => this.go(this.step + 1)}>Next</button>`
            : html`<button class="primary" type="button" ?disabled=${this.busy} @click=${this.create}>
                ${this.busy ? 'Creating…' : 'Create workspace'}
              </button>`
        }
        <button type="button" @click=${() => this.dispatchEvent(new CustomEvent('cancel'))}>Cancel</button>
      </p>
    </section>`;
  }

  private renderStep(errs: Record<string, string>) {
    const d = this.draft;
    const err = (k: string) =>
      errs[k] ? html`<div class="err" id=${`w-${k}-err`}>${errs[k]}</div>` : nothing;
    const inv = (k: string) => (errs[k] ? 'true' : 'false');
    const desc = (k: string) => (errs[k] ? `w-${k}-err` : '');
    switch (this.step) {
      case 0:
        return html`<div class="field"><label for="w-name">Name</label>
            <input id="w-name" .value=${d.name} aria-invalid=${inv('name')} aria-describedby=${desc('name')}
              @input=${(e: Event) => this.set({ name: (e.target as HTMLInputElement).value })} />${err('name')}</div>
          <div class="field"><label for="w-kind">Kind</label>
            <select id="w-kind" @change=${(e: Event) => {
              const kind = (e.target as HTMLSelectElement).value;
              this.set({ kind, personas: kind === 'hosting' ? ['owner', 'guest-concierge'] : ['owner'] });
            }}>
              ${(this.options?.kinds ?? ['household']).map((k) => html`<option value=${k} ?selected=${d.kind === k}>${k}</option>`)}
            </select>${err('kind')}</div>
          <div class="field"><label for="w-description">What it is for (optional)</label>
            <textarea id="w-description" rows="2" .value=${d.description} aria-invalid=${inv('description')} aria-describedby=${desc('description')}
              @input=${(e: Event) => this.set({ description: (e.target as HTMLTextAreaElement).value })}></textarea>${err('description')}</div>`;
      case 1:
        return html`<fieldset aria-invalid=${inv('services')} aria-describedby=${desc('services')}>
          <legend>Services this workspace uses</legend>
          ${(this.options?.services ?? []).map(
            (s) => html`<label><input type="checkbox" .checked=${d.services.includes(s)}
              @change=${(e: Event) => this.toggle('services', s, (e.target as HTMLInputElement).checked)} /> ${s}</label> `,
          )}
          ${err('services')}
        </fieldset>`;
      case 2:
        return html`<div class="field"><label for="w-room">Matrix room (optional)</label>
            <select id="w-room" aria-invalid=${inv('matrix_room_id')} aria-describedby=${desc('matrix_room_id')}
              @change=${(e: Event) => this.set({ matrix_room_id: (e.target as HTMLSelectElement).value || undefined })}>
              <option value="" ?selected=${!d.matrix_room_id}>No room yet</option>
              ${(this.rooms ?? []).map((r) => html`<option value=${r.room_id} ?selected=${d.matrix_room_id === r.room_id}>${r.name}</option>`)}
            </select>
            ${this.roomsError ? html`<div class="small muted">Quorra cannot list its rooms right now (Matrix is not connected); map one later on the Rooms page.</div>` : nothing}
            ${err('matrix_room_id')}</div>
          <fieldset aria-invalid=${inv('personas')} aria-describedby=${desc('personas')}>
            <legend>Who Quorra is here</legend>
            ${(this.options?.personas ?? []).map(
              (p) => html`<div><label><input type="checkbox" .checked=${d.personas.includes(p.id)}
                ?disabled=${p.hosting_only && d.kind !== 'hosting'}
                @change=${(e: Event) => this.toggle('personas', p.id, (e.target as HTMLInputElement).checked)} />
                ${p.id}</label> <span class="small muted">${p.description}${p.hosting_only ? ' (hosting workspaces only)' : ''}</span></div>`,
            )}
            ${err('personas')}
          </fieldset>`;
      case 3:
        return html`<div class="field"><label for="w-notes">Starter notes (one per line, optional)</label>
          <textarea id="w-notes" rows="4" .value=${d.notes} placeholder="The bins go out on Tuesday evening"
            @input=${(e: Event) => this.set({ notes: (e.target as HTMLTextAreaElement).value })}></textarea>
          <div class="small muted">Quorra starts out knowing these in this workspace; you can change them on the Memory page.</div></div>`;
      default: {
        const notes = d.notes.split('\n').filter((l) => l.trim()).length;
        const room = this.rooms?.find((r) => r.room_id === d.matrix_room_id)?.name;
        return html`<dl aria-label="Summary">
          <dt>Name</dt><dd>${d.name || html`<span class="muted">—</span>`}</dd>
          <dt>Kind</dt><dd>${d.kind}</dd>
          <dt>Services</dt><dd>${d.services.join(', ') || html`<span class="muted">none</span>`}</dd>
          <dt>Room</dt><dd>${room ?? html`<span class="muted">none yet</span>`}</dd>
          <dt>Personas</dt><dd>${d.personas.join(', ')}</dd>
          <dt>Starter notes</dt><dd>${notes}</dd>
        </dl>`;
      }
    }
  }
}

customElements.define('workspace-wizard', WorkspaceWizard);
