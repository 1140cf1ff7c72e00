// <connection-test>: a Test connection button beside a field that needs an outside service; shows the answer in words.
import { html, LitElement } from 'lit';
import { ApiError } from '../data/api-client.ts';
import { testPluginConnection } from '../data/plugins.ts';
import { sharedStyles } from './shared-styles.ts';

/** Tries the settings as typed (not saved) against the service; the result says what happened in plain words. */
export class ConnectionTest extends LitElement {
  static properties = {
    plugin: { type: String },
    service: { type: String },
    settings: { attribute: false },
    result: { state: true },
    busy: { state: true },
  };
  declare plugin: string;
  declare service: string;
  /** The form's settings as they stand (null while a field has a local error). */
  declare settings: () => Record<string, unknown> | null;
  declare result: { ok: boolean; message: string } | null;
  declare busy: boolean;

  static styles = [sharedStyles];

  constructor() {
    super();
    this.result = null;
    this.busy = false;
  }

  private async run() {
    const settings = this.settings?.();
    if (!settings) return;
    this.busy = true;
    this.result = null;
    try {
      this.result = await testPluginConnection(this.plugin, settings);
    } catch (err) {
      this.result = {
        ok: false,
        message:
          err instanceof ApiError && err.status === 400
            ? 'Some settings need fixing before they can be tried; see the messages on the fields.'
            : err instanceof Error
              ? err.message
              : String(err),
      };
    } finally {
      this.busy = false;
    }
  }

  render() {
    return html`<p class="row">
      <button type="button" ?disabled=${this.busy} @click=${() => this.run()}>
        ${this.busy ? 'Trying…' : 'Test connection'}
      </button>
      <span role="status" data-testid=${`test-${this.service}`} class=${this.result ? (this.result.ok ? 'ok' : 'err') : ''}
        >${this.result ? `${this.result.ok ? 'Works: ' : 'Does not work: '}${this.result.message}` : ''}</span
      >
    </p>`;
  }
}

customElements.define('connection-test', ConnectionTest);
