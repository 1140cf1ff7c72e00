// <workspace-wizard>: a guided new workspace (name, services, room and personas, starter notes, review), or an edit of one; the server's messages land on their step.
import { css, html, LitElement, nothing } from 'lit';
import { ApiError } from '../data/api-client.ts';
import { addWorkspaceNote } from '../data/memories.ts';
import { type JoinedRoom, listJoinedRooms } from '../data/rooms.ts';
import {
  createWorkspace,
  type NewWorkspaceInput,
  updateWorkspace,
  type WorkspaceOptions,
  type WorkspaceSummary,
  workspaceOptions,
} from '../data/workspaces.ts';
import { stepIssues } from '../wizard-check.ts';
import { formStyles, sharedStyles } from './shared-styles.ts';
import './error-notice.ts';
import { type Draft, renderWizardStep } from './workspace-wizard-steps.ts';

const newSteps = ['Name', 'Services', 'Room and personas', 'Starter notes', 'Review'] as const;
// an edit has no starter notes: the Memory page is where a workspace's notes change
const editSteps = ['Name', 'Services', 'Room and personas', 'Review'] as const;
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

/**
 * Fires `created` with a line to show once the new workspace and its starter notes exist; given `workspace`, it edits
 * that one instead (the kind stays) and fires `saved`.
 */
export class WorkspaceWizard extends LitElement {
  static properties = {
    workspace: { attribute: false },
    step: { state: true },
    draft: { state: true },
    options: { state: true },
    rooms: { state: true },
    roomsError: { state: true },
    error: { state: true },
    busy: { state: true },
    stepErrors: { state: true },
  };
  /** This step's own problems, found by the server's schema before anything is sent. */
  declare stepErrors: Record<string, string>;
  declare workspace: WorkspaceSummary | null;
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
    this.workspace = null;
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
    this.stepErrors = {};
  }

  private get steps(): readonly string[] {
    return this.workspace ? editSteps : newSteps;
  }

  connectedCallback() {
    super.connectedCallback();
    const w = this.workspace;
    if (w)
      this.draft = {
        name: w.name,
        description: w.description ?? '',
        kind: w.kind,
        services: (w.services ?? []).map((s) => s.service),
        matrix_room_id: w.matrix_room_id ?? undefined,
        personas: w.personas ?? [],
        notes: '',
      };
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
    // a field changed: its message goes until the next check
    const { [Object.keys(patch)[0] ?? '']: _gone, ...rest } = this.stepErrors;
    this.stepErrors = rest;
  }

  private toggle(list: 'services' | 'personas', value: string, on: boolean) {
    const current = this.draft[list].filter((v) => v !== value);
    this.set({ [list]: on ? [...current, value] : current });
  }

  /** Next: only when this step's fields pass the server's own schema; otherwise the messages sit by the fields. */
  private async next() {
    const { notes: _notes, ...input } = this.draft;
    const fields = Object.keys(stepOfField).filter((k) => stepOfField[k] === this.step);
    this.stepErrors = stepIssues({ ...input, name: input.name.trim() }, fields, !!this.workspace);
    if (Object.keys(this.stepErrors).length) {
      await this.updateComplete;
      (this.renderRoot.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus();
      return;
    }
    await this.go(this.step + 1);
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

  /** Sends the edit: every field the form shows, the room as null when none is chosen. */
  private async save(w: WorkspaceSummary) {
    const { name, description, services, personas, matrix_room_id } = this.draft;
    this.busy = true;
    this.error = null;
    try {
      const saved = await updateWorkspace(w.slug, {
        name: name.trim(),
        description,
        services,
        personas,
        matrix_room_id: matrix_room_id ?? null,
      });
      this.dispatchEvent(
        new CustomEvent('saved', { detail: `Saved ${saved.name}.`, bubbles: true, composed: true }),
      );
    } catch (err) {
      await this.refused(err);
    } finally {
      this.busy = false;
    }
  }

  /** Shows the refusal on the step of the first field it names. */
  private async refused(err: unknown) {
    this.error = err;
    const first = Object.keys(this.fieldErrors()).map((k) => stepOfField[k]);
    if (first.length) await this.go(Math.min(...first));
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
      await this.refused(err);
    } finally {
      this.busy = false;
    }
  }

  render() {
    const errs = { ...this.fieldErrors(), ...this.stepErrors };
    const placed = Object.keys(errs).length > 0;
    const steps = this.steps;
    const w = this.workspace;
    const submit = w
      ? html`<button class="primary" type="button" ?disabled=${this.busy} @click=${() => this.save(w)}>
          ${this.busy ? 'Saving…' : 'Save changes'}</button>`
      : html`<button class="primary" type="button" ?disabled=${this.busy} @click=${this.create}>
          ${this.busy ? 'Creating…' : 'Create workspace'}</button>`;
    return html`<section class="card" aria-labelledby="wizard-title">
      <h2 id="wizard-title" class="small muted">${w ? html`Edit <span class="untrusted">${w.name}</span>` : 'New workspace'}</h2>
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
            ? html`<button class="primary" type="button" @click=${() => this.next()}>Next</button>`
            : submit
        }
        <button type="button" @click=${() => this.dispatchEvent(new CustomEvent('cancel'))}>Cancel</button>
      </p>
    </section>`;
  }

  private renderStep(errs: Record<string, string>) {
    return renderWizardStep(this.steps[this.step]!, {
      draft: this.draft,
      errs,
      options: this.options,
      rooms: this.rooms,
      roomsError: this.roomsError,
      editing: !!this.workspace,
      set: (patch) => this.set(patch),
      toggle: (list, value, on) => this.toggle(list, value, on),
    });
  }
}

customElements.define('workspace-wizard', WorkspaceWizard);
