// <autonomy-policy-form workspace=…>: which guest questions a hosting workspace answers on the owner's behalf, as a form.
import { css, html, LitElement, nothing } from 'lit';
import { type AutonomyView, readAutonomy, saveAutonomy } from '../data/autonomy.ts';
import { relativeTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

type Row = { id: string; name: string; on: boolean; percent: number };

/** The switch, one row per easy category (on/off and how sure), the daily cap, Save, and the latest decisions. */
export class AutonomyPolicyForm extends LitElement {
  static properties = {
    workspace: { type: String },
    view: { state: true },
    rows: { state: true },
    enabled: { state: true },
    cap: { state: true },
    error: { state: true },
    saved: { state: true },
  };
  declare workspace: string;
  declare view: AutonomyView | null;
  declare rows: Row[];
  declare enabled: boolean;
  declare cap: number;
  declare error: unknown;
  declare saved: string;

  static styles = [
    sharedStyles,
    css`
      fieldset {
        border: 1px solid var(--q-line, #ccc);
        border-radius: 6px;
        margin: 0.5rem 0;
      }
      .cat {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1rem;
        align-items: center;
        margin: 0.3rem 0;
      }
      input[type='number'] {
        width: 4.5rem;
      }
    `,
  ];

  constructor() {
    super();
    this.workspace = '';
    this.view = null;
    this.rows = [];
    this.enabled = false;
    this.cap = 3;
    this.error = null;
    this.saved = '';
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  private take(view: AutonomyView) {
    this.view = view;
    this.enabled = view.policy.enabled ?? false;
    this.cap = view.policy.dailyCap ?? 3;
    this.rows = view.categories.map((c) => {
      const set = view.policy.categories?.find((p) => p.category === c.id);
      return { id: c.id, name: c.name, on: !!set, percent: Math.round((set?.threshold ?? 0.8) * 100) };
    });
  }

  private async load() {
    try {
      this.take(await readAutonomy(this.workspace));
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private async save(e: Event) {
    e.preventDefault();
    this.saved = '';
    try {
      const view = await saveAutonomy(this.workspace, {
        enabled: this.enabled,
        dailyCap: this.cap,
        categories: this.rows
          .filter((r) => r.on)
          .map((r) => ({ category: r.id as never, threshold: r.percent / 100 })),
      });
      this.take(view);
      this.error = null;
      this.saved = this.enabled
        ? `Saved. Quorra now answers ${this.rows.filter((r) => r.on).length} kinds of question on your behalf.`
        : 'Saved. Every guest reply waits for you.';
    } catch (err) {
      this.error = err;
    }
  }

  private setRow(id: string, change: Partial<Row>) {
    this.rows = this.rows.map((r) => (r.id === id ? { ...r, ...change } : r));
  }

  render() {
    if (!this.view)
      return html`<error-notice .error=${this.error}></error-notice>${this.error ? nothing : html`<p class="muted">Loading…</p>`}`;
    return html`<form @submit=${this.save} aria-label="Guest replies on your behalf">
      <h4>Guest replies on your behalf</h4>
      <p class="small muted">
        Quorra can send the answer to an easy question without waiting for you, when the answer is in your guest
        information. You are told about every reply it sends.
      </p>
      <label><input type="checkbox" .checked=${this.enabled} @change=${(e: Event) => {
        this.enabled = (e.target as HTMLInputElement).checked;
      }} /> Answer easy questions on my behalf</label>
      <fieldset ?disabled=${!this.enabled}>
        <legend>Which questions, and how sure Quorra must be</legend>
        ${this.rows.map(
          (r) => html`<div class="cat">
            <label><input type="checkbox" .checked=${r.on} @change=${(e: Event) =>
              this.setRow(r.id, { on: (e.target as HTMLInputElement).checked })} /> ${r.name}</label>
            <label class="small">at least
              <input type="number" min="50" max="100" step="5" .value=${String(r.percent)} aria-label=${`How sure for ${r.name} (percent)`}
                @change=${(e: Event) => this.setRow(r.id, { percent: Number((e.target as HTMLInputElement).value) })} /> % sure</label>
          </div>`,
        )}
        <label class="small">At most
          <input type="number" min="0" max="20" .value=${String(this.cap)} aria-label="Replies per stay per day"
            @change=${(e: Event) => {
              this.cap = Number((e.target as HTMLInputElement).value);
            }} /> replies per stay each day</label>
      </fieldset>
      <p class="small">Always waits for you: ${this.view.never.map((n) => n.name.toLowerCase()).join(', ')}.</p>
      <error-notice .error=${this.error}></error-notice>
      <p><button class="primary" type="submit">Save</button> <span role="status" class="small">${this.saved}</span></p>
      ${this.renderRecent()}
    </form>`;
  }

  private renderRecent() {
    const recent = this.view?.recent ?? [];
    if (!recent.length) return nothing;
    return html`<h5>Latest guest messages</h5>
      <ul class="small" aria-label="Latest decisions">
        ${recent.slice(0, 5).map(
          (d) => html`<li>
            ${d.outcome === 'sent' ? 'Sent on your behalf' : 'Waited for you'} · ${relativeTime(d.decided_at)}
            ${d.reasons.length ? html` — ${d.reasons.join('; ')}` : nothing}
          </li>`,
        )}
      </ul>`;
  }
}

customElements.define('autonomy-policy-form', AutonomyPolicyForm);
