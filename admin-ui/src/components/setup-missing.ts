// <setup-missing>: on the owner's Overview, what the household still lacks, each with the one action that fixes it.
import { html, LitElement } from 'lit';
import { type SetupStatus, setupStatus } from '../data/setup.ts';
import { sharedStyles } from './shared-styles.ts';

export class SetupMissing extends LitElement {
  static properties = { status: { state: true } };
  declare status: SetupStatus | null;
  static styles = [sharedStyles];

  constructor() {
    super();
    this.status = null;
  }

  connectedCallback() {
    super.connectedCallback();
    setupStatus().then(
      (s) => {
        this.status = s;
      },
      () => undefined,
    );
  }

  render() {
    if (!this.status) return null;
    if (!this.status.missing.length)
      return html`<p class="card small" data-testid="setup-complete">Set up: Matrix and the model are ready.</p>`;
    return html`<section class="card" aria-labelledby="missing-title" data-testid="setup-missing">
      <h2 id="missing-title">Still to set up</h2>
      <ul>
        ${this.status.missing.map((m) => html`<li>${m.says} <a href=${m.href}>${m.action}</a></li>`)}
      </ul>
    </section>`;
  }
}

customElements.define('setup-missing', SetupMissing);
