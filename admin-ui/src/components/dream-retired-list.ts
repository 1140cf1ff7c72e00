// <dream-retired-list>: notes Dream gave up on, newest first, with the reason in words; "Show more" pages on.
import { html, LitElement } from 'lit';
import { fetchRetiredNotes, type RetiredNoteView } from '../data/dream-admin.ts';
import { formatTime, plural } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

const reasonWords: Record<string, string> = {
  malformed: 'the model’s answer could not be read',
  timeout: 'the model took too long',
  rejected: 'the model refused the note',
};

/** The retired notes, paged by the API's `before_id`. */
export class DreamRetiredList extends LitElement {
  static properties = {
    items: { state: true },
    total: { state: true },
    next: { state: true },
    loading: { state: true },
    error: { state: true },
  };
  declare items: RetiredNoteView[] | null;
  declare total: number;
  declare next: number | null;
  declare loading: boolean;
  declare error: unknown;

  static styles = [sharedStyles];

  constructor() {
    super();
    this.items = null;
    this.total = 0;
    this.next = null;
    this.loading = false;
    this.error = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.more(true);
  }

  private async more(first = false) {
    this.loading = true;
    try {
      const page = await fetchRetiredNotes(first ? null : this.next);
      this.items = first ? page.items : [...(this.items ?? []), ...page.items];
      this.total = page.total;
      this.next = page.next;
      this.error = null;
    } catch (err) {
      this.error = err;
    } finally {
      this.loading = false;
    }
  }

  render() {
    if (!this.items)
      return this.error
        ? html`<error-notice .error=${this.error}></error-notice>`
        : html`<p class="muted">Loading…</p>`;
    if (!this.items.length)
      return html`<p class="empty" data-testid="no-retired">No notes have been retired: Dream read every note it tried.</p>`;
    return html`<p class="muted small" data-testid="retired-count">
        ${plural(this.total, 'note')} retired after repeated failures; they are kept, never read again.
      </p>
      <ul class="plain" aria-label="Retired notes">
        ${this.items.map(
          (n) => html`<li class="card" data-retired=${n.id}>
            <div class="row">
              <strong>Note #${n.noteId}</strong>
              <span class="muted small">${n.slice} · retired ${formatTime(n.retiredAt)} after ${plural(n.attempts, 'attempt')}</span>
            </div>
            <p data-field="reason">Why: ${reasonWords[n.reason] ?? n.reason}</p>
            ${n.detail ? html`<p class="muted small untrusted"><bdi>${n.detail}</bdi></p>` : null}
          </li>`,
        )}
      </ul>
      <error-notice .error=${this.error}></error-notice>
      ${
        this.next !== null
          ? html`<button type="button" ?disabled=${this.loading} @click=${() => this.more()}>
              ${this.loading ? 'Loading…' : 'Show more retired notes'}
            </button>`
          : null
      }`;
  }
}

customElements.define('dream-retired-list', DreamRetiredList);
