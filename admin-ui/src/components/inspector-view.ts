// <inspector-view>: the turn inspector (owner, developer mode) — each model call's prompt, history and tools as sent, and the answer.
import { css, html, LitElement, nothing } from 'lit';
import { clearTurns, listTurns, type TurnRecord } from '../data/inspector.ts';
import { formatBytes, formatTime, relativeTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** Pretty JSON when it parses (a cut record does not), else the text as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The owner's recent model calls. */
export class InspectorView extends LitElement {
  static properties = { turns: { state: true }, error: { state: true }, done: { state: true } };
  declare turns: TurnRecord[] | null;
  declare error: unknown;
  declare done: string;

  static styles = [
    sharedStyles,
    css`
      details {
        margin-bottom: 0.5rem;
      }
      summary {
        cursor: pointer;
      }
      pre {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        max-height: 28rem;
        overflow-y: auto;
        font-size: 0.8rem;
        background: color-mix(in srgb, var(--q-border) 25%, transparent);
        padding: 0.5rem;
        border-radius: 6px;
      }
      .bad {
        color: var(--q-bad);
      }
    `,
  ];

  constructor() {
    super();
    this.turns = null;
    this.error = null;
    this.done = '';
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  /** Reads the records again. */
  async load() {
    try {
      this.turns = await listTurns();
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private async clear() {
    try {
      const n = await clearTurns();
      this.done = `Forgot ${n} record${n === 1 ? '' : 's'}.`;
      await this.load();
    } catch (err) {
      this.error = err;
    }
  }

  render() {
    return html`<h2>Turn inspector</h2>
      <p class="muted small">
        Developer mode: what Quorra sent the model for each of your turns (prompt, history, tools) and what came back.
        Kept in memory only, the newest 50.
      </p>
      <p class="row">
        <button type="button" @click=${() => this.load()}>Refresh</button>
        <button type="button" class="danger" ?disabled=${!this.turns?.length} @click=${this.clear}>Forget all</button>
        <span role="status" class="small">${this.done}</span>
      </p>
      <error-notice .error=${this.error}></error-notice>
      ${
        this.turns
          ? this.turns.length
            ? this.turns.map((t) => this.renderTurn(t))
            : html`<p class="empty">No turns recorded yet: talk to Quorra and refresh.</p>`
          : this.error
            ? nothing
            : html`<p class="muted">Loading…</p>`
      }`;
  }

  private renderTurn(t: TurnRecord) {
    return html`<details class="card" data-turn=${t.id}>
      <summary>
        <span title=${formatTime(t.at)}>${relativeTime(t.at)}</span> · round ${t.round} ·
        ${formatBytes(t.payload.length)} sent ·
        ${t.error ? html`<span class="bad">failed: ${t.error}</span>` : t.response ? 'answered' : 'waiting'}
        ${t.truncated ? html`<span class="tag">cut short</span>` : nothing}
      </summary>
      <h3>Sent</h3>
      <pre aria-label="Payload sent to the model">${pretty(t.payload)}</pre>
      ${t.response ? html`<h3>Answer</h3><pre aria-label="The model's answer">${pretty(t.response)}</pre>` : nothing}
    </details>`;
  }
}

customElements.define('inspector-view', InspectorView);
