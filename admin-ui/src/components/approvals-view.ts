// <approvals-view>: everything waiting on the signed-in person as cards with buttons — Confirm / Cancel, Approve / Edit / Reject / Defer (Send / Edit and send / Discard for a guest reply).
import { css, html, LitElement } from 'lit';
import {
  type ApprovalAction,
  type Approvals,
  answerConfirmation,
  listApprovals,
  type OtherApproval,
  type PendingApproval,
  type Proposal,
  type ProposalAction,
  runApprovalAction,
  runProposalAction,
} from '../data/approvals.ts';
import { formatTime, relativeTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** What a button needs: a plugin item's action and a proposal's action both have these. */
type Action = Pick<ApprovalAction | ProposalAction, 'label' | 'tone'> & { edit: { initial: string } | null };

/** Pending confirmations of the caller, and what plugins wait on them for. */
export class ApprovalsView extends LitElement {
  static properties = {
    pending: { state: true },
    error: { state: true },
    done: { state: true },
    busy: { state: true },
    editing: { state: true },
  };
  declare pending: Approvals | null;
  declare error: unknown;
  /** What the last action did, announced to screen readers. */
  declare done: string;
  declare busy: boolean;
  /** The action whose text is being edited (`<item index>:<action index>`). */
  declare editing: string | null;

  static styles = [
    sharedStyles,
    css`
      .what {
        overflow-wrap: anywhere;
      }
      dl.fields {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.2rem 0.8rem;
        margin: 0.4rem 0;
      }
      dl.fields dt {
        font-weight: 600;
      }
      dl.fields dd {
        margin: 0;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      @media (max-width: 30rem) {
        dl.fields {
          grid-template-columns: 1fr;
        }
      }
      textarea {
        font: inherit;
        width: 100%;
        box-sizing: border-box;
        min-height: 6rem;
        margin: 0.4rem 0;
      }
    `,
  ];

  constructor() {
    super();
    this.pending = null;
    this.error = null;
    this.done = '';
    this.busy = false;
    this.editing = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  /** Reads the pending approvals again. */
  async load() {
    try {
      this.pending = await listApprovals();
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private async act(work: () => Promise<string>) {
    this.busy = true;
    this.error = null;
    try {
      this.done = await work();
      this.editing = null;
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
      await this.load();
    }
  }

  render() {
    return html`<h2>Approvals</h2>
      <p class="muted small">Actions Quorra takes only after you say yes. Answering here is the same as answering in chat.</p>
      <p role="status" class="small">${this.done}</p>
      <error-notice .error=${this.error}></error-notice>
      ${this.pending ? this.renderList(this.pending) : this.error ? null : html`<p class="muted">Loading…</p>`}`;
  }

  private renderList({ confirmations, proposals, other }: Approvals) {
    if (!confirmations.length && !proposals.length && !other.length)
      return html`<p class="empty">Nothing is waiting for your approval.</p>`;
    return html`${confirmations.length ? this.renderConfirmations(confirmations) : null}
      ${proposals.length ? this.renderProposals(proposals) : null}
      ${other.length ? this.renderOther(other) : null}`;
  }

  private renderProposals(proposals: Proposal[]) {
    return html`<h3>Proposals</h3>
      <ul class="plain" aria-label="Proposals">
        ${proposals.map(
          (p) => html`<li class="card" data-proposal=${p.id} data-kind=${p.kind}>
            <div class="what"><strong><bdi class="untrusted" data-field="title">${p.title}</bdi></strong></div>
            <dl class="fields">
              ${p.fields.map(
                (f) => html`<dt>${f.label}</dt>
                  <dd>${f.untrusted ? html`<bdi class="untrusted" data-field=${f.label}>${f.value}</bdi>` : f.value}</dd>`,
              )}
            </dl>
            ${p.error ? html`<p class="small error">Last try failed: <bdi class="untrusted">${p.error}</bdi></p>` : null}
            ${p.blocked ? html`<p class="small muted">Cannot be applied now: ${p.blocked}</p>` : null}
            <div class="muted small">${p.state === 'deferred' ? 'Deferred · ' : ''}${relativeTime(p.created_at)}</div>
            <p class="row">
              ${p.actions.map((a) => this.renderAction(a, `p${p.id}:${a.verb}`, p.title, (t) => runProposalAction(a, t)))}
            </p>
            ${p.actions.map((a) =>
              a.edit && this.editing === `p${p.id}:${a.verb}`
                ? this.renderEditor(a, (t) => runProposalAction(a, t))
                : null,
            )}
          </li>`,
        )}
      </ul>`;
  }

  private renderConfirmations(pending: PendingApproval[]) {
    return html`<h3>Waiting for your yes</h3>
      <ul class="plain" aria-label="Pending approvals">
        ${pending.map(
          (p) => html`<li class="card" data-approval=${p.id}>
            <div class="what"><strong><bdi class="untrusted" data-field="description">${p.description}</bdi></strong></div>
            <div class="small muted">
              Asked <time datetime=${p.created_at} title=${formatTime(p.created_at)}>${relativeTime(p.created_at)}</time>
              · expires <time datetime=${p.expires_at} title=${formatTime(p.expires_at)}>${relativeTime(p.expires_at)}</time>
            </div>
            <p class="row">
              <button class="primary" type="button" ?disabled=${this.busy}
                aria-label=${`Confirm: ${p.description}`}
                @click=${() => this.act(() => answerConfirmation(p, true))}>Confirm</button>
              <button type="button" ?disabled=${this.busy}
                aria-label=${`Cancel: ${p.description}`}
                @click=${() => this.act(() => answerConfirmation(p, false))}>Cancel</button>
            </p>
          </li>`,
        )}
      </ul>`;
  }

  private renderOther(other: OtherApproval[]) {
    return html`<h3>Also waiting on you</h3>
      <ul class="plain" aria-label="Other approvals">
        ${other.map(
          (o, i) => html`<li class="card" data-source=${o.source}>
            <div class="what"><bdi class="untrusted" data-field="description">${o.description}</bdi></div>
            ${o.created_at ? html`<div class="muted small">${relativeTime(o.created_at)}</div>` : null}
            ${
              o.actions.length
                ? html`<p class="row">
                  ${o.actions.map((a, j) => this.renderAction(a, `${i}:${j}`, o.description, (t) => runApprovalAction(a, t)))}
                </p>`
                : o.hint
                  ? html`<p class="small">Answer in Matrix: <code>${o.hint}</code></p>`
                  : null
            }
            ${o.actions.map((a, j) =>
              this.editing === `${i}:${j}` && a.edit
                ? this.renderEditor(a, (t) => runApprovalAction(a, t))
                : null,
            )}
          </li>`,
        )}
      </ul>`;
  }

  /** Runs one button's call and says it is done (a failure shows as the page's error). */
  private run(label: string, call: (text?: string) => Promise<void>, text?: string) {
    void this.act(() => call(text).then(() => `${label}: done.`));
  }

  /** One button; an edit button opens its text box instead of calling at once. */
  private renderAction(a: Action, key: string, what: string, call: (text?: string) => Promise<void>) {
    return html`<button
      type="button"
      class=${a.tone ?? ''}
      ?disabled=${this.busy}
      aria-label=${`${a.label}: ${what}`}
      aria-expanded=${a.edit ? String(this.editing === key) : 'undefined'}
      @click=${() => {
        if (a.edit) this.editing = this.editing === key ? null : key;
        else this.run(a.label, call);
      }}
    >
      ${a.label}
    </button>`;
  }

  private renderEditor(a: Action, call: (text?: string) => Promise<void>) {
    return html`<form
      @submit=${(e: SubmitEvent) => {
        e.preventDefault();
        this.run(a.label, call, (e.target as HTMLFormElement).querySelector('textarea')?.value ?? '');
      }}
    >
      <label for="edit-text">Your text</label>
      <textarea id="edit-text" .value=${a.edit?.initial ?? ''}></textarea>
      <p class="row">
        <button class="primary" type="submit" ?disabled=${this.busy}>${a.label}</button>
        <button type="button" @click=${() => {
          this.editing = null;
        }}>Cancel</button>
      </p>
    </form>`;
  }
}

customElements.define('approvals-view', ApprovalsView);
