// <tokens-view>: the signed-in person's API tokens — create (shown once), see label and last use, revoke.
import { css, html, LitElement } from 'lit';
import { createToken, listTokens, revokeToken, type TokenInfo } from '../data/tokens.ts';
import { formatTime, relativeTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** API tokens for scripts and integrations. */
export class TokensView extends LitElement {
  static properties = {
    tokens: { state: true },
    fresh: { state: true },
    error: { state: true },
    busy: { state: true },
  };
  declare tokens: TokenInfo[] | null;
  /** The token just created: shown this once. */
  declare fresh: { label: string; token: string } | null;
  declare error: unknown;
  declare busy: boolean;

  static styles = [
    sharedStyles,
    css`
      li {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1rem;
        align-items: center;
        justify-content: space-between;
      }
      .secret {
        display: block;
        overflow-wrap: anywhere;
        padding: 0.5rem;
        border-radius: 6px;
        background: var(--q-bg, #f4f4f4);
        font-family: ui-monospace, monospace;
        user-select: all;
      }
      form input {
        flex: 1 1 12rem;
        min-width: 0;
      }
    `,
  ];

  constructor() {
    super();
    this.tokens = null;
    this.fresh = null;
    this.error = null;
    this.busy = false;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load();
  }

  private async load() {
    try {
      this.tokens = await listTokens();
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private async act(work: () => Promise<void>) {
    this.busy = true;
    try {
      await work();
      await this.load();
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
    }
  }

  private create(e: SubmitEvent) {
    e.preventDefault();
    const input = this.renderRoot.querySelector('input[name="label"]') as HTMLInputElement;
    return this.act(async () => {
      const t = await createToken(input.value);
      this.fresh = { label: t.label, token: t.token };
      input.value = '';
    });
  }

  render() {
    return html`<h2>API tokens</h2>
      <p class="muted small">
        For scripts and integrations that call Quorra's API as you. Anyone holding a token can act as you:
        revoke one you no longer use.
      </p>
      <error-notice .error=${this.error}></error-notice>
      <form class="card row" @submit=${this.create} aria-label="New token">
        <label for="label">Token label</label>
        <input id="label" name="label" maxlength="100" placeholder="e.g. backup script" />
        <button class="primary" type="submit" ?disabled=${this.busy}>Create token</button>
      </form>
      ${
        this.fresh
          ? html`<section class="card" role="status" aria-label="New token">
            <p><strong>Copy this token now:</strong> it is shown only once.</p>
            <code class="secret" data-testid="new-token">${this.fresh.token}</code>
            <p class="row">
              <button type="button" @click=${() => navigator.clipboard?.writeText(this.fresh?.token ?? '')}>Copy</button>
              <button type="button" @click=${() => {
                this.fresh = null;
              }}>Done</button>
            </p>
          </section>`
          : null
      }
      ${this.tokens ? this.renderList(this.tokens) : html`<p class="muted">Loading…</p>`}`;
  }

  private renderList(tokens: TokenInfo[]) {
    if (!tokens.length) return html`<p class="empty">You have no API tokens.</p>`;
    return html`<ul class="plain" aria-label="Your tokens">
      ${tokens.map(
        (t) => html`<li class="card" data-token=${t.id}>
          <div>
            <strong>${t.label || 'Unlabelled token'}</strong>
            <div class="small muted">
              Created <time datetime=${t.created_at} title=${formatTime(t.created_at)}>${relativeTime(t.created_at)}</time>
              · last used
              ${
                t.last_used_at
                  ? html`<time datetime=${t.last_used_at} title=${formatTime(t.last_used_at)}>${relativeTime(t.last_used_at)}</time>`
                  : 'never'
              }
            </div>
          </div>
          <button
            class="danger"
            type="button"
            aria-label=${`Revoke ${t.label || 'unlabelled token'}`}
            ?disabled=${this.busy}
            @click=${() => this.act(() => revokeToken(t.id))}
          >
            Revoke
          </button>
        </li>`,
      )}
    </ul>`;
  }
}

customElements.define('tokens-view', TokensView);
