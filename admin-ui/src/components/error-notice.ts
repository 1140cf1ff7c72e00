// <error-notice .error=${err}>: an API failure in words — owner-only, signed out, or the server's own message.
import { css, html, LitElement } from 'lit';
import { ApiError } from '../data/api-client.ts';

/** Renders nothing without an error; otherwise an alert the screen reader announces. */
export class ErrorNotice extends LitElement {
  static properties = { error: { attribute: false } };
  declare error: unknown;

  static styles = css`
    div {
      border: 1px solid var(--q-bad);
      border-left-width: 4px;
      border-radius: 6px;
      padding: 0.6rem 0.8rem;
      margin: 0.5rem 0;
      background: color-mix(in srgb, var(--q-bad) 7%, transparent);
    }
    .code {
      color: var(--q-muted);
      font-size: 0.8rem;
    }
  `;

  constructor() {
    super();
    this.error = null;
  }

  render() {
    const e = this.error;
    if (!e) return null;
    if (e instanceof ApiError && e.status === 403) {
      return html`<div role="alert">
        <strong>Owner only.</strong> This view is for the household owner; you are signed in as a member.
      </div>`;
    }
    // the sign-in endpoints say what went wrong (a wrong or used code); keep their words
    if (e instanceof ApiError && e.status === 401 && !/credentials/.test(e.message)) {
      return html`<div role="alert"><strong>Not signed in.</strong> ${e.message}</div>`;
    }
    if (e instanceof ApiError && e.status === 401) {
      return html`<div role="alert">
        <strong>Not signed in.</strong> Quorra did not accept the token (401). Create one with
        <code>npm run quorra -- token create &lt;user&gt;</code> and sign in again.
      </div>`;
    }
    if (e instanceof ApiError) {
      return html`<div role="alert">
        ${e.message} <span class="code">(${e.code}${e.status ? `, HTTP ${e.status}` : ''})</span>
      </div>`;
    }
    return html`<div role="alert">${e instanceof Error ? e.message : String(e)}</div>`;
  }
}

customElements.define('error-notice', ErrorNotice);
