// <memory-card .memory=${m}>: one memory in plain words, with archive / restore / delete-for-good (confirmed first).
import { css, html, LitElement } from 'lit';
import { archiveMemory, deleteMemory, type OwnerMemory, restoreMemory } from '../data/memories.ts';
import { formatTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** A memory row; fires `memory-changed` (bubbling) after an action succeeds. */
export class MemoryCard extends LitElement {
  static properties = {
    memory: { attribute: false },
    confirming: { state: true },
    busy: { state: true },
    error: { state: true },
  };
  declare memory: OwnerMemory;
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
      .confirm {
        border: 1px solid var(--q-bad);
        border-radius: 6px;
        padding: 0.4rem 0.6rem;
      }
    `,
  ];

  constructor() {
    super();
    this.confirming = false;
    this.busy = false;
    this.error = null;
  }

  private async act(action: (id: number) => Promise<void>, what: string) {
    this.busy = true;
    this.error = null;
    try {
      await action(this.memory.id);
      this.confirming = false;
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
      <p class="content">${m.content}</p>
      <div class="meta">
        <span title="provenance: ${m.provenance}">${m.provenance_label}</span>
        <span title="importance: ${m.importance}">${m.importance_label}</span>
        <span>${m.workspace ? `Workspace ${m.workspace}` : 'Personal / household'}</span>
        <span>${m.owner_user_id ? `Private to ${m.owner_user_id}` : 'Shared with the household'}</span>
        <span>Saved ${formatTime(m.created_at)}</span>
        ${archived ? html`<span><strong>Archived</strong> ${formatTime(m.archived_at)}</span>` : null}
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
}

customElements.define('memory-card', MemoryCard);
