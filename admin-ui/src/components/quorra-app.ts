// <quorra-app>: the shell — sign-in (code, link or token) until someone is signed in, then the navigation and one view per hash route.
import { css, html, LitElement } from 'lit';
import { UNAUTHORIZED_EVENT } from '../data/api-client.ts';
import { redeemLink, resumeSession, type Session, signOut, signOutEverywhere } from '../data/session.ts';
import type { SetupStep } from './setup-wizard.ts';
import { sharedStyles } from './shared-styles.ts';
import './approvals-view.ts';
import './audit-view.ts';
import './dream-view.ts';
import './error-notice.ts';
import './finance-view.ts';
import './inspector-view.ts';
import './knowledge-view.ts';
import './member-home-view.ts';
import './memory-view.ts';
import './owner-only-notice.ts';
import './overview-view.ts';
import './people-view.ts';
import './plugins-view.ts';
import './rooms-view.ts';
import './setup-missing.ts';
import './setup-wizard.ts';
import './sign-in-form.ts';
import './tokens-view.ts';
import './workspaces-view.ts';

const routes = [
  { id: 'home', label: 'My day', ownerOnly: false },
  { id: 'overview', label: 'Overview', ownerOnly: false },
  { id: 'people', label: 'People', ownerOnly: true },
  { id: 'tokens', label: 'API tokens', ownerOnly: false },
  { id: 'plugins', label: 'Plugins', ownerOnly: true },
  { id: 'workspaces', label: 'Workspaces', ownerOnly: true },
  { id: 'rooms', label: 'Rooms', ownerOnly: true },
  { id: 'memory', label: 'Memory', ownerOnly: false },
  { id: 'approvals', label: 'Approvals', ownerOnly: false },
  { id: 'dream', label: 'Dream', ownerOnly: true },
  { id: 'knowledge', label: 'Knowledge', ownerOnly: true },
  { id: 'finance', label: 'Finance', ownerOnly: false },
  { id: 'audit', label: 'Audit log', ownerOnly: true },
  { id: 'inspector', label: 'Turn inspector', ownerOnly: true, developerOnly: true },
] as const;
type RouteId = (typeof routes)[number]['id'];

/** The routes a session's navigation offers: a member never sees owner pages, nobody sees developer tools unless on. */
function visibleRoutes(session: Session) {
  return routes.filter(
    (r) => (!r.ownerOnly || session.role === 'owner') && (!('developerOnly' in r) || session.developerMode),
  );
}

/** The route named by the URL hash (`#/memory`), defaulting to the overview. */
export function routeOf(hash: string): RouteId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  return routes.find((r) => r.id === id)?.id ?? 'overview';
}

/** `#/setup/<token>` (the one-time setup link) or `#/setup/<step>` (the owner's later steps), else null. */
export function setupHash(hash: string): { token?: string; step: SetupStep } | null {
  const m = /^#\/setup\/([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) return null;
  if (['matrix', 'model', 'extras'].includes(m[1])) return { step: m[1] as SetupStep };
  return m[1].length >= 20 ? { token: m[1], step: 'owner' } : null;
}

/** Where a session lands when the address names no page: the owner on the overview, a member on their own day. */
function landingOf(session: Session): RouteId {
  return session.role === 'owner' ? 'overview' : 'home';
}

/** Whether the session may see the route at all; an owner page typed in by a member renders only a notice. */
function allowed(route: RouteId, session: Session): boolean {
  return visibleRoutes(session).some((r) => r.id === route);
}

/** The whole admin UI. */
export class QuorraApp extends LitElement {
  static properties = {
    session: { state: true },
    checking: { state: true },
    route: { state: true },
    notice: { state: true },
    hash: { state: true },
    menuOpen: { state: true },
  };
  /** The raw hash, for the setup pages (their step or token is part of it). */
  declare hash: string;
  declare session: Session | null;
  declare checking: boolean;
  declare route: RouteId;
  declare notice: unknown;
  /** Whether the phone drawer (sections and sign-out) is open. */
  declare menuOpen: boolean;

  static styles = [
    sharedStyles,
    css`
      header {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 1rem;
        padding: 0.5rem 1.2rem;
        background: var(--q-surface);
        border-bottom: 1px solid var(--q-border);
      }
      h1 {
        font-size: 1.15rem;
        margin: 0;
      }
      .who {
        margin-left: auto;
        min-width: 0;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .menu-button {
        display: none;
      }
      /* a phone: one header row with a Menu button; sections and sign-out open as a drawer under it */
      @media (max-width: 700px) {
        header {
          flex-wrap: nowrap;
          padding: 0.4rem 0.8rem;
        }
        h1 {
          font-size: 1rem;
          white-space: nowrap;
        }
        .menu-button {
          display: inline-block;
        }
        .account {
          display: none;
        }
        nav:not(.open) {
          display: none;
        }
        nav ul {
          padding: 0.4rem 0.8rem;
        }
        nav .account {
          display: flex;
          gap: 0.5rem;
          flex-wrap: wrap;
          padding: 0.4rem 0.8rem;
          border-bottom: 1px solid var(--q-border);
          background: var(--q-surface);
        }
        main {
          padding: 0.8rem;
        }
      }
      @media (min-width: 701px) {
        nav .account {
          display: none;
        }
      }
      nav ul {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
        list-style: none;
        margin: 0;
        padding: 0.5rem 1.2rem;
        border-bottom: 1px solid var(--q-border);
        background: var(--q-surface);
      }
      nav a {
        display: inline-block;
        padding: 0.3rem 0.7rem;
        border-radius: 6px;
        color: var(--q-text);
        text-decoration: none;
      }
      nav a[aria-current='page'] {
        background: color-mix(in srgb, var(--q-accent) 14%, transparent);
        color: var(--q-accent);
        font-weight: 600;
      }
      main {
        padding: 1.2rem;
        max-width: 72rem;
        margin: 0 auto;
      }
      main:focus {
        outline: none;
      }
    `,
  ];

  /** Redeems a one-time sign-in link in the URL (`#/link/<token>`), removing it from the address bar and history. */
  private takeLink(): Promise<Session | null> | null {
    const link = /^#\/link\/([A-Za-z0-9_-]{20,100})$/.exec(location.hash)?.[1];
    if (!link) return null;
    history.replaceState(null, '', '#/');
    return redeemLink(link);
  }

  private readonly onHash = () => {
    const link = this.takeLink();
    if (link) {
      link.then(
        (s) => {
          this.notice = null;
          this.land(s);
        },
        (err) => {
          this.notice = err;
        },
      );
      return;
    }
    this.route = routeOf(location.hash);
    this.hash = location.hash;
    this.menuOpen = false;
    this.updateComplete.then(() => (this.renderRoot.querySelector('main') as HTMLElement | null)?.focus());
  };
  private readonly onUnauthorized = (e: Event) => {
    void signOut().catch(() => undefined);
    this.session = null;
    this.notice = (e as CustomEvent).detail;
  };

  constructor() {
    super();
    this.session = null;
    this.checking = true;
    this.route = routeOf(location.hash);
    this.hash = location.hash;
    this.notice = null;
    this.menuOpen = false;
  }

  connectedCallback() {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onHash);
    window.addEventListener(UNAUTHORIZED_EVENT, this.onUnauthorized);
    (this.takeLink() ?? resumeSession()).then(
      (s) => {
        this.land(s);
        this.checking = false;
      },
      (err) => {
        this.notice = err;
        this.checking = false;
      },
    );
  }

  disconnectedCallback() {
    window.removeEventListener('hashchange', this.onHash);
    window.removeEventListener(UNAUTHORIZED_EVENT, this.onUnauthorized);
    super.disconnectedCallback();
  }

  private signedIn(e: CustomEvent<Session>) {
    this.notice = null;
    this.land(e.detail);
  }

  /** Takes the session; an address naming no page becomes the session's landing page. */
  private land(session: Session | null) {
    this.session = session;
    if (!session || /^#\/?[a-z]/.test(location.hash)) return;
    history.replaceState(null, '', `#/${landingOf(session)}`);
    this.route = landingOf(session);
  }

  private async handleSignOut(everywhere: boolean) {
    try {
      if (everywhere) await signOutEverywhere();
      else await signOut();
    } catch (err) {
      this.notice = err;
    }
    this.session = null;
  }

  render() {
    return html`<header>
        <h1>Quorra admin</h1>
        ${
          this.session
            ? html`<span class="who muted small" data-testid="signed-in-as"
                  >${this.session.name} · Signed in as ${this.session.role}</span
                >
                <button
                  type="button"
                  class="menu-button"
                  aria-controls="sections"
                  aria-expanded=${this.menuOpen ? 'true' : 'false'}
                  @click=${() => (this.menuOpen = !this.menuOpen)}
                >
                  Menu
                </button>
                <span class="account">${this.renderAccount(this.session)}</span>`
            : null
        }
      </header>
      ${
        this.checking
          ? html`<main><p class="muted">Loading…</p></main>`
          : setupHash(this.hash)
            ? this.renderSetup(setupHash(this.hash)!)
            : this.session
              ? this.renderSignedIn(this.session)
              : html`<main><sign-in-form .notice=${this.notice} @signed-in=${this.signedIn}></sign-in-form></main>`
      }`;
  }

  /** The first run: the setup link before anyone is signed in, the owner's later steps after. */
  private renderSetup(at: { token?: string; step: SetupStep }) {
    if (!at.token && this.session?.role !== 'owner')
      return html`<main><sign-in-form .notice=${this.notice} @signed-in=${this.signedIn}></sign-in-form></main>`;
    return html`<main tabindex="-1">
      <setup-wizard .token=${at.token ?? ''} .step=${at.step} @signed-in=${this.signedIn}></setup-wizard>
    </main>`;
  }

  /** Sign-out buttons: in the header on a wide screen, at the foot of the drawer on a phone. */
  private renderAccount(session: Session) {
    return html`<button type="button" @click=${() => this.handleSignOut(false)}>Sign out</button>
      ${
        session.via === 'session'
          ? html`<button type="button" @click=${() => this.handleSignOut(true)}>Sign out everywhere</button>`
          : null
      }`;
  }

  private renderSignedIn(session: Session) {
    return html`<nav id="sections" aria-label="Sections" class=${this.menuOpen ? 'open' : ''}>
        <ul>
          ${visibleRoutes(session).map(
            (r) => html`<li>
              <a href="#/${r.id}" aria-current=${r.id === this.route ? 'page' : 'false'}>${r.label}</a>
            </li>`,
          )}
        </ul>
        <div class="account">${this.renderAccount(session)}</div>
      </nav>
      <main tabindex="-1">
        ${allowed(this.route, session) ? this.renderView() : html`<owner-only-notice></owner-only-notice>`}
      </main>`;
  }

  private renderView() {
    switch (this.route) {
      case 'home':
        return html`<member-home-view .session=${this.session}></member-home-view>`;
      case 'people':
        return html`<people-view></people-view>`;
      case 'tokens':
        return html`<tokens-view></tokens-view>`;
      case 'plugins':
        return html`<plugins-view></plugins-view>`;
      case 'workspaces':
        return html`<workspaces-view></workspaces-view>`;
      case 'rooms':
        return html`<rooms-view></rooms-view>`;
      case 'memory':
        return html`<memory-view .session=${this.session}></memory-view>`;
      case 'approvals':
        return html`<approvals-view></approvals-view>`;
      case 'dream':
        return html`<dream-view></dream-view>`;
      case 'knowledge':
        return html`<knowledge-view></knowledge-view>`;
      case 'finance':
        return html`<finance-view></finance-view>`;
      case 'audit':
        return html`<audit-view></audit-view>`;
      case 'inspector':
        return html`<inspector-view></inspector-view>`;
      default:
        return html`${this.session?.role === 'owner' ? html`<setup-missing></setup-missing>` : null}<overview-view></overview-view>`;
    }
  }
}

customElements.define('quorra-app', QuorraApp);
