// <sign-in-form>: Matrix ID → Quorra DMs a code → enter it; or paste an API token. Fires `signed-in` with the session.
import { css, html, LitElement } from 'lit';
import { requestCode, type Session, signIn, verifyCode } from '../data/session.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** The sign-in page shown until someone signs in. */
export class SignInForm extends LitElement {
  static properties = {
    notice: { attribute: false },
    error: { state: true },
    busy: { state: true },
    sentTo: { state: true },
    said: { state: true },
  };
  /** What Quorra answered to the code request (a code was sent, or Matrix is not set up and how to get a link). */
  declare said: { message: string; sent: boolean } | null;
  /** A message from the shell (e.g. the session ended). */
  declare notice: unknown;
  declare error: unknown;
  declare busy: boolean;
  /** The Matrix ID a code was sent to (step two shows the code field). */
  declare sentTo: string | null;

  static styles = [
    sharedStyles,
    css`
      .card {
        max-width: 30rem;
        margin: 2rem auto;
      }
      label {
        display: block;
        font-weight: 600;
        margin: 0.6rem 0 0.3rem;
      }
      input {
        width: 100%;
        box-sizing: border-box;
      }
      input.code {
        font-family: ui-monospace, monospace;
        font-size: 1.3rem;
        letter-spacing: 0.3em;
      }
      p {
        margin: 0.4rem 0 0.8rem;
      }
      details {
        max-width: 30rem;
        margin: 0 auto;
      }
      summary {
        cursor: pointer;
        color: var(--q-muted);
      }
    `,
  ];

  constructor() {
    super();
    this.notice = null;
    this.error = null;
    this.busy = false;
    this.sentTo = null;
    this.said = null;
  }

  private async run(work: () => Promise<Session | undefined>) {
    this.busy = true;
    this.error = null;
    try {
      const session = await work();
      if (session)
        this.dispatchEvent(new CustomEvent('signed-in', { detail: session, bubbles: true, composed: true }));
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
    }
  }

  private field(name: string): HTMLInputElement {
    return this.renderRoot.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  }

  private sendCode(e: SubmitEvent) {
    e.preventDefault();
    const mxid = this.field('matrix-id').value.trim();
    return this.run(async () => {
      this.said = await requestCode(mxid);
      this.sentTo = mxid;
      await this.updateComplete;
      this.field('code')?.focus();
      return undefined;
    });
  }

  private enterCode(e: SubmitEvent) {
    e.preventDefault();
    const code = this.field('code').value;
    return this.run(() => verifyCode(this.sentTo ?? '', code));
  }

  private useToken(e: SubmitEvent) {
    e.preventDefault();
    const input = this.field('token');
    return this.run(async () => {
      const session = await signIn(input.value);
      input.value = '';
      return session;
    });
  }

  render() {
    return html`${this.sentTo ? this.renderCodeStep(this.sentTo) : this.renderIdStep()}
      <details>
        <summary>Use an API token instead</summary>
        <form class="card" @submit=${this.useToken} aria-label="Token sign-in">
          <p class="muted small">
            For scripts and emergencies: create one with <code>npm run quorra -- token create &lt;user&gt;</code>.
            It is kept in this tab only.
          </p>
          <label for="token">API token</label>
          <input id="token" name="token" type="password" autocomplete="off" spellcheck="false" required />
          <p class="row"><button type="submit" ?disabled=${this.busy}>Sign in with token</button></p>
        </form>
      </details>`;
  }

  private renderIdStep() {
    return html`<form class="card" @submit=${this.sendCode} aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign in</h2>
      <p class="muted small">Quorra sends a one-time code to your Matrix chat with it.</p>
      <label for="matrix-id">Your Matrix ID</label>
      <input
        id="matrix-id"
        name="matrix-id"
        type="text"
        inputmode="email"
        autocomplete="username"
        spellcheck="false"
        placeholder="@you:example.org"
        required
      />
      <error-notice .error=${this.error ?? this.notice}></error-notice>
      <p class="row">
        <button class="primary" type="submit" ?disabled=${this.busy}>${this.busy ? 'Sending…' : 'Send me a code'}</button>
      </p>
    </form>`;
  }

  private renderCodeStep(mxid: string) {
    return html`<form class="card" @submit=${this.enterCode} aria-labelledby="code-title">
      <h2 id="code-title">${this.said?.sent === false ? 'No code could be sent' : 'Enter your code'}</h2>
      <p class="small" role="status"><strong>${mxid}</strong>: ${this.said?.message ?? ''}</p>
      <label for="code">Sign-in code</label>
      <input
        id="code"
        class="code"
        name="code"
        type="text"
        inputmode="numeric"
        autocomplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxlength="7"
        required
      />
      <error-notice .error=${this.error}></error-notice>
      <p class="row">
        <button class="primary" type="submit" ?disabled=${this.busy}>${this.busy ? 'Checking…' : 'Sign in'}</button>
        <button type="button" @click=${() => {
          this.sentTo = null;
          this.error = null;
        }}>Use another Matrix ID</button>
      </p>
    </form>`;
  }
}

customElements.define('sign-in-form', SignInForm);
