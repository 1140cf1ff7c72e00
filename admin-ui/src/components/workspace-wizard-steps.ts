// The steps of <workspace-wizard>: name, services, room and personas, starter notes, review (an edit skips the notes).
import { html, nothing } from 'lit';
import type { JoinedRoom } from '../data/rooms.ts';
import type { NewWorkspaceInput, WorkspaceOptions } from '../data/workspaces.ts';
import { serviceWords } from '../service-words.ts';
import { kindWords, personaWords } from '../workspace-words.ts';

/** What the form holds: the workspace's fields plus the starter notes, one per line. */
export interface Draft extends NewWorkspaceInput {
  notes: string;
}

/** What a step reads from the wizard, and how it changes the draft. */
export interface StepView {
  draft: Draft;
  /** The server's messages by field. */
  errs: Record<string, string>;
  options: WorkspaceOptions | null;
  rooms: JoinedRoom[] | null;
  roomsError: unknown;
  editing: boolean;
  set(patch: Partial<Draft>): void;
  toggle(list: 'services' | 'personas', value: string, on: boolean): void;
}

/** The rooms to offer: the bot's joined rooms, plus the workspace's current one when it is not among them, so an
 * edit never unbinds a room just because Matrix could not list it. */
function roomChoices(v: StepView): JoinedRoom[] {
  const rooms = v.rooms ?? [];
  const current = v.draft.matrix_room_id;
  if (!current || rooms.some((r) => r.room_id === current)) return rooms;
  const unlisted = {
    room_id: current,
    name: 'its current room (not listed right now)',
    people: [],
    encrypted: false,
  };
  return [...rooms, { ...unlisted, workspace: null, scope: null }];
}

/** The form of one step, by its name. */
export function renderWizardStep(step: string, v: StepView) {
  const { draft: d, errs } = v;
  const err = (k: string) => (errs[k] ? html`<div class="err" id=${`w-${k}-err`}>${errs[k]}</div>` : nothing);
  const inv = (k: string) => (errs[k] ? 'true' : 'false');
  const desc = (k: string) => (errs[k] ? `w-${k}-err` : '');
  switch (step) {
    case 'Name':
      return html`<div class="field"><label for="w-name">Name</label>
          <input id="w-name" .value=${d.name} aria-invalid=${inv('name')} aria-describedby=${desc('name')}
            @input=${(e: Event) => v.set({ name: (e.target as HTMLInputElement).value })} />${err('name')}</div>
        <div class="field"><label for="w-kind">Kind</label>
          <select id="w-kind" ?disabled=${v.editing} @change=${(e: Event) => {
            const kind = (e.target as HTMLSelectElement).value as Draft['kind'];
            v.set({ kind, personas: kind === 'hosting' ? ['owner', 'guest-concierge'] : ['owner'] });
          }}>
            ${(v.options?.kinds ?? ['household']).map((k) => html`<option value=${k} ?selected=${d.kind === k}>${kindWords(k)}</option>`)}
          </select>${err('kind')}</div>
        <div class="field"><label for="w-description">What it is for (optional)</label>
          <textarea id="w-description" rows="2" .value=${d.description} aria-invalid=${inv('description')} aria-describedby=${desc('description')}
            @input=${(e: Event) => v.set({ description: (e.target as HTMLTextAreaElement).value })}></textarea>${err('description')}</div>`;
    case 'Services':
      return html`<fieldset aria-invalid=${inv('services')} aria-describedby=${desc('services')}>
        <legend>Services this workspace uses</legend>
        ${(v.options?.services ?? []).map(
          (s) => html`<div><label><input type="checkbox" .checked=${d.services.includes(s)}
            @change=${(e: Event) => v.toggle('services', s, (e.target as HTMLInputElement).checked)} /> ${serviceWords(s).name}</label>
            <span class="small muted">${serviceWords(s).line}</span></div>`,
        )}
        ${err('services')}
      </fieldset>`;
    case 'Room and personas':
      return html`<div class="field"><label for="w-room">Matrix room (optional)</label>
          <select id="w-room" aria-invalid=${inv('matrix_room_id')} aria-describedby=${desc('matrix_room_id')}
            @change=${(e: Event) => v.set({ matrix_room_id: (e.target as HTMLSelectElement).value || undefined })}>
            <option value="" ?selected=${!d.matrix_room_id}>No room yet</option>
            ${roomChoices(v).map((r) => html`<option value=${r.room_id} ?selected=${d.matrix_room_id === r.room_id}>${r.name}</option>`)}
          </select>
          ${v.roomsError ? html`<div class="small muted">Quorra cannot list its rooms right now (Matrix is not connected); map one later on the Rooms page.</div>` : nothing}
          ${err('matrix_room_id')}</div>
        <fieldset aria-invalid=${inv('personas')} aria-describedby=${desc('personas')}>
          <legend>Who Quorra is here</legend>
          ${(v.options?.personas ?? []).map(
            (p) => html`<div><label><input type="checkbox" .checked=${d.personas.includes(p.id)}
              ?disabled=${p.hosting_only && d.kind !== 'hosting'}
              @change=${(e: Event) => v.toggle('personas', p.id, (e.target as HTMLInputElement).checked)} />
              ${personaWords(p.id)}</label> <span class="small muted">${p.description}${p.hosting_only ? ' (hosting workspaces only)' : ''}</span></div>`,
          )}
          ${err('personas')}
        </fieldset>`;
    case 'Starter notes':
      return html`<div class="field"><label for="w-notes">Starter notes (one per line, optional)</label>
        <textarea id="w-notes" rows="4" .value=${d.notes} placeholder="The bins go out on Tuesday evening"
          @input=${(e: Event) => v.set({ notes: (e.target as HTMLTextAreaElement).value })}></textarea>
        <div class="small muted">Quorra starts out knowing these in this workspace; you can change them on the Memory page.</div></div>`;
    default: {
      const notes = d.notes.split('\n').filter((l) => l.trim()).length;
      const room = roomChoices(v).find((r) => r.room_id === d.matrix_room_id)?.name;
      return html`<dl aria-label="Summary">
        <dt>Name</dt><dd>${d.name || html`<span class="muted">—</span>`}</dd>
        <dt>Kind</dt><dd>${kindWords(d.kind)}</dd>
        <dt>Services</dt><dd>${d.services.map((s) => serviceWords(s).name).join(', ') || html`<span class="muted">none</span>`}</dd>
        <dt>Room</dt><dd>${room ?? html`<span class="muted">none yet</span>`}</dd>
        <dt>Personas</dt><dd>${d.personas.map(personaWords).join(', ')}</dd>
        ${v.editing ? nothing : html`<dt>Starter notes</dt><dd>${notes}</dd>`}
      </dl>`;
    }
  }
}
