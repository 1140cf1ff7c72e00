// <matrix-sign-in-card>: a new person's one-time Element sign-in — a QR code of the link, the link, and the
// temporary password they change on first sign-in. Shown once; nothing here is kept after "Done".
import { css, html, LitElement } from 'lit';
import type { NewMatrixAccount } from '../data/people.ts';
import { sharedStyles } from './shared-styles.ts';

export class MatrixSignInCard extends LitElement {
  static properties = {
    account: { attribute: false },
    person: {},
    qr: { state: true },
  };
  declare account: NewMatrixAccount | null;
  declare person: string;
  declare qr: string;

  static styles = [
    sharedStyles,
    css`
      img {
        width: 12rem;
        height: 12rem;
        image-rendering: pixelated;
        background: #fff;
      }
      .secret,
      a {
        font-family: ui-monospace, monospace;
        overflow-wrap: anywhere;
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.2rem 0.8rem;
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
    `,
  ];

  constructor() {
    super();
    this.account = null;
    this.person = '';
    this.qr = '';
  }

  protected async willUpdate(changed: Map<string, unknown>) {
    if (!changed.has('account')) return;
    this.qr = '';
    const link = this.account?.sign_in_url;
    // loaded on first use: only the owner adding someone needs the QR encoder
    if (link) this.qr = await (await import('qrcode')).toDataURL(link, { margin: 1, width: 384 });
  }

  render() {
    const a = this.account;
    if (!a) return null;
    return html`<section class="card" aria-label=${`Sign-in for ${this.person}`} data-testid="matrix-sign-in">
      <h3>${this.person}’s Matrix account is ready</h3>
      <p>
        On ${this.person}’s phone: scan this code (or open the link) to open Element, then sign in with the user name
        and temporary password below, then choose their own password in Element (Settings → Account) right away.
      </p>
      ${this.qr ? html`<img src=${this.qr} alt=${`QR code: the Element sign-in link for ${this.person}`} />` : null}
      <dl>
        <dt>Link</dt>
        <dd><a href=${a.sign_in_url} target="_blank" rel="noopener" data-testid="sign-in-link">${a.sign_in_url}</a></dd>
        <dt>User name</dt>
        <dd data-testid="matrix-user">${a.user_id}</dd>
        <dt>Temporary password</dt>
        <dd class="secret" data-testid="temporary-password">${a.temporary_password}</dd>
        <dt>Homeserver</dt>
        <dd>${a.homeserver_url}</dd>
      </dl>
      <p class="small muted">This is shown only now: Quorra does not keep the password.</p>
      <p><button type="button" class="primary" @click=${() => this.dispatchEvent(new CustomEvent('done'))}>Done</button></p>
    </section>`;
  }
}

customElements.define('matrix-sign-in-card', MatrixSignInCard);
