// <memory-card .memory=${m}>: one memory in plain words, with edit / archive / restore / delete-for-good (confirmed first).
import { css, html, LitElement } from 'lit';
import {
  archiveMemory,
  canEdit,
  deleteMemory,
  editMemory,
  type OwnerMemory,
  restoreMemory,
} from '../data/memories.ts';
import { formatTime, relativeTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** A memory row; fires `memory-changed` (bubbling) after an action succeeds. */
export class MemoryCard extends LitElement {
  static properties = {
    memory: { attribute: false },
    viewerId: { attribute: false },
    isOwner: { attribute: false },
    editing: { state: true },
    confirming: { state: true },
    busy: { state: true },
    error: { state: true },
  };
  declare memory: OwnerMemory;
  /** Who is looking: their own rows use the /memory routes, others the owner's. */
  declare viewerId: string;
  declare isOwner: boolean;
  declare editing: boolean;
  declare confirming: boolean;
  declare busy: boolean;
  declare error: unknown;

  static styles = [
    sharedStyles,
    css`
      article {
        margin-bottom: 0;
      }
      .content {
        font-size: 1rem;
        margin: 0 0 0.4rem;
        white-space: pre-wrap;
        /* a 60-letter word or a pasted URL wraps instead of widening the page */
        overflow-wrap: anywhere;
      }
      .meta {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 1rem;
        font-size: 0.85rem;
        color: var(--q-muted);
      }
      .flag {
        margin: 0.5rem 0 0;
        padding: 0.4rem 0.6rem;
        border-left: 3px solid var(--q-warn);
        background: color-mix(in srgb, var(--q-warn) 9%, transparent);
        font-size: 0.9rem;
      }
      .archived {
        opacity: 0.8;
        border-style: dashed;
      }
      .actions {
        margin-top: 0.6rem;
      }
      .edit textarea {
        font: inherit;
        width: 100%;
        box-sizing: border-box;
        min-height: 4rem;
      }
      .edit input {
        min-width: 0;
        flex: 1 1 10rem;
      }
      .confirm {
        border: 1px solid var(--q-bad);
        border-radius: 6px;
        padding: 0.4rem 0.6rem;
      }
    `,
  ];

  constructor() {
    super();
    this.viewerId = '';
    this.isOwner = false;
    this.editing = false;
    this.confirming = false;
    this.busy = false;
    this.error = null;
  }

  private async act(action: (m: OwnerMemory, viewerId: string) => Promise<void>, what: string) {
    this.busy = true;
    this.error = null;
    try {
      await action(this.memory, this.viewerId);
      this.confirming = false;
      this.editing = false;
      this.dispatchEvent(
        new CustomEvent('memory-changed', {
          detail: { id: this.memory.id, what },
          bubbles: true,
          composed: true,
        }),
      );
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
    }
  }

  render() {
    const m = this.memory;
    const archived = m.archived_at !== null;
    return html`<article
      class="card ${archived ? 'archived' : ''}"
      data-memory-id=${m.id}
      aria-label="Memory ${m.id}"
    >
      ${this.editing ? this.renderEditor(m) : html`<p class="content">${m.content}</p>`}
      <div class="meta">
        <span title="provenance: ${m.provenance}">${m.provenance_label}</span>
        <span title="importance: ${m.importance}">${m.importance_label}</span>
        <span>${m.workspace ? `Workspace ${m.workspace}` : 'Personal / household'}</span>
        <span>${
          m.owner_user_id === null
            ? 'Shared with the household'
            : m.owner_user_id === this.viewerId
              ? 'Private to you'
              : `Private to ${m.owner_name ?? 'a former member'}`
        }</span>
        <span>Saved <time datetime=${m.created_at} title=${formatTime(m.created_at)}>${relativeTime(m.created_at)}</time></span>
        ${archived ? html`<span><strong>Archived</strong> <time datetime=${m.archived_at ?? ''} title=${formatTime(m.archived_at)}>${relativeTime(m.archived_at)}</time></span>` : null}
        ${m.expired ? html`<span><strong>Expired</strong></span>` : null}
        ${m.superseded ? html`<span><strong>Superseded</strong></span>` : null}
      </div>
      <div class="row" style="margin-top:0.4rem">
        ${
          m.tags.length
            ? m.tags.map((t) => html`<span class="tag">${t}</span>`)
            : html`<span class="muted small">no tags</span>`
        }
      </div>
      ${
        m.unreachable
          ? html`<p class="flag" data-testid="unreachable">
            <strong>Unreachable by recall.</strong> ${m.unreachable_reason ?? ''}
          </p>`
          : null
      }
      <error-notice .error=${this.error}></error-notice>
      <div class="row actions">
        ${
          canEdit(m, this.viewerId, this.isOwner) && !this.editing
            ? html`<button type="button" ?disabled=${this.busy} @click=${() => {
                this.editing = true;
              }}>Edit</button>`
            : null
        }
        ${
          archived
            ? html`<button type="button" ?disabled=${this.busy} @click=${() => this.act(restoreMemory, 'restored')}>
              Restore
            </button>`
            : html`<button type="button" ?disabled=${this.busy} @click=${() => this.act(archiveMemory, 'archived')}>
              Archive
            </button>`
        }
        ${
          this.confirming
            ? html`<span class="row confirm" role="group" aria-label="Confirm permanent delete">
              <span>Delete this memory for good? This cannot be undone.</span>
              <button
                type="button"
                class="danger"
                ?disabled=${this.busy}
                @click=${() => this.act(deleteMemory, 'deleted')}
              >
                Yes, delete for good
              </button>
              <button type="button" @click=${() => {
                this.confirming = false;
              }}>Cancel</button>
            </span>`
            : html`<button type="button" class="danger" ?disabled=${this.busy} @click=${() => {
                this.confirming = true;
              }}>
              Delete permanently…
            </button>`
        }
      </div>
    </article>`;
  }

  private renderEditor(m: OwnerMemory) {
    const id = `edit-${m.id}`;
    const save = (e: SubmitEvent) => {
      e.preventDefault();
      const f = new FormData(e.target as HTMLFormElement);
      const patch = {
        content: String(f.get('content') ?? ''),
        importance: String(f.get('importance') ?? m.importance),
        tags: String(f.get('tags') ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      };
      void this.act((mem, viewer) => editMemory(mem, viewer, patch), 'saved');
    };
    return html`<form class="edit" @submit=${save} aria-label="Edit memory ${m.id}">
      <label for=${`${id}-content`}>Text</label>
      <textarea id=${`${id}-content`} name="content" .value=${m.content}></textarea>
      <div class="row">
        <label for=${`${id}-importance`}>Importance</label>
        <select id=${`${id}-importance`} name="importance" .value=${m.importance}>
          <option value="core">In every conversation</option>
          <option value="contextual">Looked up when the topic comes up</option>
        </select>
        <label for=${`${id}-tags`}>Tags</label>
        <input id=${`${id}-tags`} name="tags" .value=${m.tags.join(', ')} placeholder="comma, separated" />
      </div>
      <p class="row">
        <button class="primary" type="submit" ?disabled=${this.busy}>Save</button>
        <button type="button" @click=${() => {
          this.editing = false;
        }}>Cancel</button>
      </p>
    </form>`;
  }
}

customElements.define('memory-card', MemoryCard);
