// <mcp-sign-in>: the outside services that wait for the owner to sign in (OAuth), each with a Sign in button.
import { html, LitElement, nothing } from 'lit';
import { type McpServerState, mcpServers, startMcpSignIn } from '../data/mcp.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

export class McpSignIn extends LitElement {
  static properties = { servers: { state: true }, error: { state: true }, busy: { state: true } };
  declare servers: McpServerState[];
  declare error: unknown;
  declare busy: string;

  static styles = [sharedStyles];

  constructor() {
    super();
    this.servers = [];
    this.busy = '';
  }

  async connectedCallback() {
    super.connectedCallback();
    try {
      this.servers = (await mcpServers()).filter((s) => s.needsSignIn);
    } catch (err) {
      this.error = err;
    }
  }

  private async signIn(s: McpServerState) {
    this.busy = s.id;
    this.error = null;
    try {
      const r = await startMcpSignIn(s.id);
      // the service's own page; it sends the owner back to Quorra, which finishes the sign-in
      if (r.authorize_url) window.location.assign(r.authorize_url);
      else this.servers = this.servers.filter((x) => x.id !== s.id);
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = '';
    }
  }

  render() {
    if (!this.servers.length && !this.error) return nothing;
    return html`<section aria-label="Services waiting for you to sign in">
      ${this.servers.map(
        (s) => html`<p class="row">
          <span>${s.label} needs you to sign in before Quorra can use it.</span>
          <button type="button" ?disabled=${this.busy === s.id} @click=${() => this.signIn(s)}>
            ${this.busy === s.id ? 'Opening…' : `Sign in to ${s.label}`}
          </button>
        </p>`,
      )}
      <error-notice .error=${this.error}></error-notice>
    </section>`;
  }
}

customElements.define('mcp-sign-in', McpSignIn);
