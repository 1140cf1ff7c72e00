// <dream-review-list>: contradictions Dream kept; the owner accepts the newer belief or reverts to the older one.
import { css, html, LitElement } from 'lit';
import { ApiError } from '../data/api-client.ts';
import { fetchReviews, type ReviewView, resolveReview } from '../data/dream-admin.ts';
import { formatTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

type Tab = 'open' | 'resolved';

const outcome: Record<string, string> = {
  accepted: 'Accepted: the newer belief stands.',
  reverted: 'Reverted: the older belief holds again; the newer one is archived.',
  'answered-elsewhere': 'Already answered elsewhere; see Resolved.',
};

/** Open or resolved contradictions (paged); an answered one stays in place showing what happened. */
export class DreamReviewList extends LitElement {
  static properties = {
    tab: { state: true },
    items: { state: true },
    counts: { state: true },
    next: { state: true },
    busy: { state: true },
    errors: { state: true },
    error: { state: true },
  };
  declare tab: Tab;
  declare items: ReviewView[] | null;
  declare counts: Record<string, number>;
  declare next: number | null;
  /** The review being answered. */
  declare busy: number | null;
  /** Review id → why answering it failed. */
  declare errors: Record<number, unknown>;
  declare error: unknown;

  static styles = [
    sharedStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 0.2rem 0.6rem;
        margin: 0.5rem 0;
      }
      dt {
        color: var(--q-muted);
        font-size: 0.85rem;
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
      [aria-pressed='true'] {
        border-color: var(--q-accent);
        font-weight: 600;
      }
      .done {
        color: var(--q-ok);
        font-weight: 600;
      }
    `,
  ];

  constructor() {
    super();
    this.tab = 'open';
    this.items = null;
    this.counts = {};
    this.next = null;
    this.busy = null;
    this.errors = {};
    this.error = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load(true);
  }

  private async load(first: boolean) {
    try {
      const page = await fetchReviews(this.tab, first ? null : this.next);
      this.items = first ? page.items : [...(this.items ?? []), ...page.items];
      this.counts = page.counts;
      this.next = page.next;
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private show(tab: Tab) {
    this.tab = tab;
    this.items = null;
    this.errors = {};
    void this.load(true);
  }

  private async answer(r: ReviewView, decision: 'accept' | 'revert') {
    this.busy = r.id;
    const { [r.id]: _old, ...rest } = this.errors;
    this.errors = rest;
    try {
      const status = await resolveReview(r.id, decision);
      this.items = (this.items ?? []).map((x) => (x.id === r.id ? { ...x, status } : x));
      const c = this.counts;
      this.counts = { ...c, open: Math.max(0, (c.open ?? 1) - 1), [status]: (c[status] ?? 0) + 1 };
    } catch (err) {
      // answered meanwhile (another tab, or Matrix): show that instead of buttons that can only fail again
      if (err instanceof ApiError && err.code === 'REVIEW_RESOLVED') {
        this.items = (this.items ?? []).map((x) =>
          x.id === r.id ? { ...x, status: 'answered-elsewhere' } : x,
        );
        this.counts = (await fetchReviews(this.tab, null, 1).catch(() => ({ counts: this.counts }))).counts;
      } else this.errors = { ...this.errors, [r.id]: err };
    } finally {
      this.busy = null;
    }
  }

  render() {
    const open = this.counts.open ?? 0;
    const resolved = (this.counts.accepted ?? 0) + (this.counts.reverted ?? 0);
    return html`<div class="row" role="group" aria-label="Which contradictions">
        <button type="button" aria-pressed=${this.tab === 'open' ? 'true' : 'false'} @click=${() => this.show('open')}>
          Open (${open})
        </button>
        <button type="button" aria-pressed=${this.tab === 'resolved' ? 'true' : 'false'} @click=${() => this.show('resolved')}>
          Resolved (${resolved})
        </button>
      </div>
      <error-notice .error=${this.error}></error-notice>
      ${this.renderItems()}`;
  }

  private renderItems() {
    if (!this.items) return this.error ? null : html`<p class="muted">Loading…</p>`;
    if (!this.items.length)
      return html`<p class="empty" data-testid="no-reviews">
        ${this.tab === 'open' ? 'No contradictions wait for you.' : 'No contradiction has been answered yet.'}
      </p>`;
    return html`<ul class="plain" aria-label=${this.tab === 'open' ? 'Open contradictions' : 'Resolved contradictions'}>
        ${this.items.map((r) => this.renderItem(r))}
      </ul>
      ${
        this.next !== null
          ? html`<button type="button" @click=${() => this.load(false)}>Show more contradictions</button>`
          : null
      }`;
  }

  private renderItem(r: ReviewView) {
    return html`<li class="card" data-review=${r.id} data-status=${r.status}>
      <div class="row">
        <strong class="untrusted"><bdi>${r.subject}</bdi></strong>
        <span class="muted small">${r.slice} · found ${formatTime(r.createdAt)}</span>
      </div>
      <dl>
        <dt>Before</dt>
        <dd class="untrusted" data-field="older"><bdi>${r.older}</bdi></dd>
        <dt>Now</dt>
        <dd class="untrusted" data-field="newer"><bdi>${r.newer}</bdi></dd>
      </dl>
      ${
        r.status === 'open'
          ? html`<div class="row">
              <button type="button" class="primary" ?disabled=${this.busy !== null}
                aria-label="Accept the newer belief: ${r.subject}" @click=${() => this.answer(r, 'accept')}>
                ${this.busy === r.id ? 'Saving…' : 'Accept'}
              </button>
              <button type="button" ?disabled=${this.busy !== null}
                aria-label="Revert to the older belief: ${r.subject}" @click=${() => this.answer(r, 'revert')}>
                Revert
              </button>
            </div>`
          : html`<p class="done" role="status" data-field="outcome">${outcome[r.status] ?? r.status}</p>`
      }
      <error-notice .error=${this.errors[r.id]}></error-notice>
    </li>`;
  }
}

customElements.define('dream-review-list', DreamReviewList);
