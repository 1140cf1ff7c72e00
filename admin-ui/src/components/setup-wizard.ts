// <setup-wizard>: the first run, step by step — owner (from the setup link), Matrix, model, then the optional rest.
import { css, html, LitElement } from 'lit';
import {
  browserTimeZone,
  connectMatrix,
  createOwner,
  type PullState,
  pullStatus,
  setupLinkOpen,
  skipStep,
  startPull,
  useModelServer,
  type Verdict,
} from '../data/setup.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

export type SetupStep = 'owner' | 'matrix' | 'model' | 'extras';
const ORDER: SetupStep[] = ['owner', 'matrix', 'model', 'extras'];
const TITLES: Record<SetupStep, string> = {
  owner: 'You, the owner',
  matrix: 'Matrix',
  model: 'The model',
  extras: 'Calendar and rentals (optional)',
};

const mb = (n: number) => (n >= 1e9 ? `${(n / 1e9).toFixed(2)} GB` : `${(n / 1e6).toFixed(1)} MB`);

export class SetupWizard extends LitElement {
  static properties = {
    token: {},
    step: {},
    error: { state: true },
    verdict: { state: true },
    pull: { state: true },
    busy: { state: true },
    linkDead: { state: true },
  };
  /** The setup link's token (the owner step only). */
  declare token: string;
  declare step: SetupStep;
  declare error: unknown;
  declare verdict: Verdict | null;
  declare pull: PullState | null;
  declare busy: boolean;
  declare linkDead: boolean;
  private poll?: ReturnType<typeof setInterval>;

  static styles = [
    sharedStyles,
    css`
      .card {
        max-width: 34rem;
        margin: 1rem auto;
      }
      label {
        display: block;
        font-weight: 600;
        margin: 0.7rem 0 0.3rem;
      }
      input {
        width: 100%;
        box-sizing: border-box;
      }
      ol.steps {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1rem;
        list-style: none;
        padding: 0;
        max-width: 34rem;
        margin: 1rem auto 0;
      }
      ol.steps li[aria-current='step'] {
        font-weight: 700;
        color: var(--q-accent);
      }
      progress {
        width: 100%;
        height: 1.2rem;
      }
      .ok {
        color: var(--q-ok, #166534);
      }
      .bad {
        color: var(--q-danger, #b91c1c);
      }
    `,
  ];

  constructor() {
    super();
    this.token = '';
    this.step = 'owner';
    this.error = null;
    this.verdict = null;
    this.pull = null;
    this.busy = false;
    this.linkDead = false;
  }

  connectedCallback() {
    super.connectedCallback();
    if (this.step === 'owner')
      setupLinkOpen(this.token).catch(() => {
        this.linkDead = true;
      });
    if (this.step === 'model') void this.refreshPull();
  }

  disconnectedCallback() {
    clearInterval(this.poll);
    super.disconnectedCallback();
  }

  private value(name: string): string {
    return (this.renderRoot.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value.trim() ?? '';
  }

  private go(step: SetupStep) {
    this.verdict = null;
    this.error = null;
    location.hash = `#/setup/${step}`;
  }

  private next() {
    const i = ORDER.indexOf(this.step);
    if (i >= ORDER.length - 1) location.hash = '#/overview';
    else this.go(ORDER[i + 1]);
  }

  private async attempt(work: () => Promise<void>) {
    this.busy = true;
    this.error = null;
    try {
      await work();
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
    }
  }

  private saveOwner(e: SubmitEvent) {
    e.preventDefault();
    return this.attempt(async () => {
      const session = await createOwner(this.token, {
        name: this.value('name'),
        matrixId: this.value('matrix-id'),
        timezone: this.value('timezone'),
      });
      this.dispatchEvent(new CustomEvent('signed-in', { detail: session, bubbles: true, composed: true }));
      this.go('matrix');
    });
  }

  private testMatrix(e: SubmitEvent) {
    e.preventDefault();
    return this.attempt(async () => {
      this.verdict = await connectMatrix({
        homeserverUrl: this.value('homeserver'),
        user: this.value('bot-user'),
        password: this.value('bot-password'),
      });
    });
  }

  private testModel(e: SubmitEvent) {
    e.preventDefault();
    return this.attempt(async () => {
      this.verdict = await useModelServer({ baseUrl: this.value('base-url'), apiKey: this.value('api-key') });
    });
  }

  private async refreshPull() {
    this.pull = await pullStatus().catch(() => null);
    if (this.pull?.state !== 'pulling') clearInterval(this.poll);
  }

  private beginPull() {
    return this.attempt(async () => {
      this.pull = await startPull();
      clearInterval(this.poll);
      this.poll = setInterval(() => void this.refreshPull(), 400);
    });
  }

  private skip(step: 'matrix' | 'model' | 'caldav' | 'pms') {
    return this.attempt(async () => {
      await skipStep(step);
      if (step !== 'caldav') this.next();
    });
  }

  render() {
    return html`<ol class="steps" aria-label="Setup steps">
        ${ORDER.map((s) => html`<li aria-current=${s === this.step ? 'step' : 'false'}>${TITLES[s]}</li>`)}
      </ol>
      ${this.renderStep()}`;
  }

  private renderVerdict() {
    if (!this.verdict) return null;
    return html`<p role="status" class=${this.verdict.ok ? 'ok' : 'bad'} data-testid="verdict">${this.verdict.says}</p>`;
  }

  private renderStep() {
    switch (this.step) {
      case 'owner':
        return this.renderOwner();
      case 'matrix':
        return this.renderMatrix();
      case 'model':
        return this.renderModel();
      default:
        return this.renderExtras();
    }
  }

  private renderOwner() {
    if (this.linkDead)
      return html`<section class="card" role="alert">
        <h2>This setup link no longer works</h2>
        <p>The household has its owner already. <a href="#/overview">Sign in</a> instead.</p>
      </section>`;
    return html`<form class="card" @submit=${this.saveOwner} aria-labelledby="owner-title">
      <h2 id="owner-title">Welcome to Quorra</h2>
      <p class="small">First, you: the person who runs Quorra for the household.</p>
      <label for="name">Your name</label>
      <input id="name" name="name" autocomplete="name" required />
      <label for="matrix-id">Your Matrix ID (if you have one)</label>
      <input id="matrix-id" name="matrix-id" spellcheck="false" placeholder="@you:example.org" />
      <label for="timezone">The household's time zone</label>
      <input id="timezone" name="timezone" .value=${browserTimeZone()} required spellcheck="false" />
      <error-notice .error=${this.error}></error-notice>
      <p class="row"><button class="primary" type="submit" ?disabled=${this.busy}>Create the owner</button></p>
    </form>`;
  }

  private renderMatrix() {
    return html`<form class="card" @submit=${this.testMatrix} aria-labelledby="matrix-title">
      <h2 id="matrix-title">Connect Matrix</h2>
      <p class="small">The family talks to Quorra in Element. Give the homeserver and the bot's account.</p>
      <label for="homeserver">Homeserver address</label>
      <input id="homeserver" name="homeserver" type="url" placeholder="http://192.168.1.20:8008" required />
      <label for="bot-user">Bot user name</label>
      <input id="bot-user" name="bot-user" spellcheck="false" placeholder="quorra" required />
      <label for="bot-password">Bot password</label>
      <input id="bot-password" name="bot-password" type="password" autocomplete="off" required />
      ${this.renderVerdict()}
      <error-notice .error=${this.error}></error-notice>
      <p class="row">
        <button class="primary" type="submit" ?disabled=${this.busy}>${this.busy ? 'Testing…' : 'Test and connect'}</button>
        ${this.verdict?.ok ? html`<button type="button" @click=${() => this.next()}>Next</button>` : null}
        <button type="button" @click=${() => this.skip('matrix')}>Do this later</button>
      </p>
    </form>`;
  }

  private renderModel() {
    const p = this.pull;
    return html`<section class="card" aria-labelledby="model-title">
        <h2 id="model-title">The model</h2>
        <p class="small">Quorra can run its own small model on this machine's processor (a one-time download, checked against its published checksum), or use a model server you already have.</p>
        <h3>Download the default model</h3>
        ${
          p && p.state !== 'idle'
            ? html`<progress max=${p.total || 1} value=${p.received} aria-label="Download progress"></progress>
                <p class="small" data-testid="pull-progress">${mb(p.received)} of ${mb(p.total)}</p>
                ${p.state === 'done' || p.state === 'failed' ? html`<p role="status" class=${p.state === 'done' ? 'ok' : 'bad'} data-testid="pull-verdict">${p.says}</p>` : null}`
            : null
        }
        <p class="row">
          <button type="button" @click=${() => this.beginPull()} ?disabled=${this.busy || p?.state === 'pulling'}>Download</button>
          ${p?.state === 'done' ? html`<button class="primary" type="button" @click=${() => this.next()}>Next</button>` : null}
        </p>
      </section>
      <form class="card" @submit=${this.testModel} aria-labelledby="server-title">
        <h3 id="server-title">Or use a model server</h3>
        <label for="base-url">OpenAI-compatible address</label>
        <input id="base-url" name="base-url" type="url" placeholder="http://192.168.1.20:11434/v1" required />
        <label for="api-key">API key (if it needs one)</label>
        <input id="api-key" name="api-key" type="password" autocomplete="off" />
        ${this.renderVerdict()}
        <error-notice .error=${this.error}></error-notice>
        <p class="row">
          <button type="submit" ?disabled=${this.busy}>${this.busy ? 'Testing…' : 'Test and use it'}</button>
          ${this.verdict?.ok ? html`<button class="primary" type="button" @click=${() => this.next()}>Next</button>` : null}
          <button type="button" @click=${() => this.skip('model')}>Do this later</button>
        </p>
      </form>`;
  }

  private renderExtras() {
    return html`<section class="card" aria-labelledby="extras-title">
      <h2 id="extras-title">Calendar and rentals</h2>
      <p class="small">Quorra keeps a household calendar of its own. To use a CalDAV server you already run, or to connect a holiday rental's booking system, open the <a href="#/plugins">Plugins</a> page (calendar, concierge) whenever you like.</p>
      <p class="row">
        <button class="primary" type="button" @click=${() => {
          void skipStep('caldav');
          void this.skip('pms');
        }}>Finish</button>
      </p>
    </section>`;
  }
}

customElements.define('setup-wizard', SetupWizard);
