// <sign-in-form>: paste an API token; on success it fires `signed-in` with the session, otherwise shows why.
import { css, html, LitElement } from 'lit';
import { type Session, signIn } from '../data/session.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** The token form shown until someone signs in. */
export class SignInForm extends LitElement {
  static properties = {
    notice: { attribute: false },
    error: { state: true },
    busy: { state: true },
  };
  /** A message from the shell (e.g. the token stopped working). */
  declare notice: unknown;
  declare error: unknown;
  declare busy: boolean;

  static styles = [
    sharedStyles,
    css`
      form {
        max-width: 30rem;
        margin: 3rem auto;
      }
      label {
        display: block;
        font-weight: 600;
        margin-bottom: 0.3rem;
      }
      input {
        width: 100%;
        box-sizing: border-box;
        font-family: ui-monospace, monospace;
      }
      p {
        margin: 0.4rem 0 0.8rem;
      }
    `,
  ];

  constructor() {
    super();
    this.notice = null;
    this.error = null;
    this.busy = false;
  }

  private async submit(e: SubmitEvent) {
    e.preventDefault();
    const input = this.renderRoot.querySelector('input') as HTMLInputElement;
    this.busy = true;
    this.error = null;
    try {
      const session: Session = await signIn(input.value);
      input.value = '';
      this.dispatchEvent(new CustomEvent('signed-in', { detail: session, bubbles: true, composed: true }));
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
    }
  }

  render() {
    return html`<form class="card" @submit=${this.submit} aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign in</h2>
      <p class="muted small">
        Paste an API token. Create one with <code>npm run quorra -- token create &lt;user&gt;</code>. It is
        kept in this tab only and forgotten when the tab closes.
      </p>
      <label for="token">API token</label>
      <input id="token" name="token" type="password" autocomplete="off" spellcheck="false" required />
      <error-notice .error=${this.error ?? this.notice}></error-notice>
      <p class="row">
        <button class="primary" type="submit" ?disabled=${this.busy}>${this.busy ? 'Checking…' : 'Sign in'}</button>
      </p>
    </form>`;
  }
}

customElements.define('sign-in-form', SignInForm);
