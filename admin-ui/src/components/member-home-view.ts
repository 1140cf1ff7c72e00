// <member-home-view>: a person's own page — today's reminders and events, their lists, what waits on them, their memories.
import { css, html, LitElement } from 'lit';
import { type Approvals, listApprovals } from '../data/approvals.ts';
import { fetchToday, type Today } from '../data/home.ts';
import { listMemories, type OwnerMemory } from '../data/memories.ts';
import type { Session } from '../data/session.ts';
import { plural } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

/** A part of the page: still loading, loaded, or failed with the error to put in words. */
type Part<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'failed'; error: unknown };

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The signed-in person's home. */
export class MemberHomeView extends LitElement {
  static properties = {
    session: { attribute: false },
    today: { state: true },
    approvals: { state: true },
    memories: { state: true },
  };
  declare session: Session | null;
  declare today: Part<Today | null>;
  declare approvals: Part<Approvals>;
  declare memories: Part<OwnerMemory[]>;

  static styles = [
    sharedStyles,
    css`
      .parts {
        display: grid;
        gap: 0.75rem;
        grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
      }
      .parts .card {
        margin: 0;
      }
      h3 {
        margin: 0 0 0.4rem;
        font-size: 1rem;
      }
      ul {
        margin: 0;
        padding-left: 1.1rem;
      }
      li {
        overflow-wrap: anywhere;
      }
    `,
  ];

  constructor() {
    super();
    this.session = null;
    this.today = { state: 'loading' };
    this.approvals = { state: 'loading' };
    this.memories = { state: 'loading' };
  }

  connectedCallback() {
    super.connectedCallback();
    const take = <T>(p: Promise<T>, set: (part: Part<T>) => void) =>
      p.then(
        (value) => set({ state: 'ok', value }),
        (error) => set({ state: 'failed', error }),
      );
    void take(fetchToday(), (p) => (this.today = p));
    void take(listApprovals(), (p) => (this.approvals = p));
    void take(listMemories({}, { mine: true }), (p) => (this.memories = p));
  }

  render() {
    return html`<h2>${this.session ? `${this.session.name}’s day` : 'My day'}</h2>
      <div class="parts">
        <section class="card" aria-label="Today">
          <h3>Today</h3>
          ${this.showPart(this.today, (t) => this.renderToday(t))}
        </section>
        <section class="card" aria-label="Your lists">
          <h3>Your lists</h3>
          ${this.showPart(this.today, (t) => this.renderLists(t))}
        </section>
        <section class="card" aria-label="Waiting for you">
          <h3>Waiting for you</h3>
          ${this.showPart(this.approvals, (a) => this.renderApprovals(a))}
        </section>
        <section class="card" aria-label="Your memories">
          <h3>Your memories</h3>
          ${this.showPart(this.memories, (m) => this.renderMemories(m))}
        </section>
      </div>`;
  }

  private showPart<T>(p: Part<T>, show: (value: T) => unknown) {
    if (p.state === 'loading') return html`<p class="muted">Loading…</p>`;
    if (p.state === 'failed') return html`<error-notice .error=${p.error}></error-notice>`;
    return show(p.value);
  }

  private renderToday(t: Today | null) {
    if (!t)
      return html`<p class="empty">The calendar is switched off, so there are no reminders or events here.</p>`;
    const items = [
      ...t.reminders.map((r) => ({ at: r.due_at, text: `${clock(r.due_at)} reminder: ${r.text}` })),
      ...t.events.map((e) => ({
        at: e.all_day ? '' : e.start,
        text: `${e.all_day ? 'all day' : `${clock(e.start)}–${clock(e.end)}`} ${e.title}${e.whose === 'household' ? '' : ' (yours)'}`,
      })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return html`${
      items.length
        ? html`<ul data-testid="today">${items.map((i) => html`<li><bdi class="untrusted">${i.text}</bdi></li>`)}</ul>`
        : html`<p class="empty">Nothing planned for today.</p>`
    }
      ${t.calendar ? null : html`<p class="muted small">No calendar server is set up yet, so only reminders show here.</p>`}
      ${t.problems.map((p) => html`<p class="muted small">${p}</p>`)}`;
  }

  private renderLists(t: Today | null) {
    if (!t?.calendar) return html`<p class="empty">Lists appear here once the calendar is set up.</p>`;
    return t.lists.map(
      (l) => html`<div data-list=${`${l.whose}:${l.name}`}>
        <strong>${l.whose === 'household' ? `Household ${l.name.toLowerCase()}` : `Your ${l.name.toLowerCase()}`}</strong>
        ${
          l.open_items.length
            ? html`<ul>${l.open_items.map((i) => html`<li><bdi class="untrusted">${i}</bdi></li>`)}</ul>`
            : html`<p class="empty">Nothing on it.</p>`
        }
      </div>`,
    );
  }

  private renderApprovals(a: Approvals) {
    const titles = [
      ...a.confirmations.map((c) => c.description),
      ...a.proposals.map((p) => p.title),
      ...a.other.map((o) => o.description),
    ];
    if (!titles.length) return html`<p class="empty">Nothing is waiting for you.</p>`;
    return html`<ul>${titles.slice(0, 5).map((t) => html`<li><bdi class="untrusted">${t}</bdi></li>`)}</ul>
      <p><a href="#/approvals">Answer ${plural(titles.length, 'request')}</a></p>`;
  }

  private renderMemories(m: OwnerMemory[]) {
    if (!m.length) return html`<p class="empty">Quorra remembers nothing of yours yet.</p>`;
    return html`<ul>${m.slice(0, 5).map((x) => html`<li><bdi class="untrusted">${x.content}</bdi></li>`)}</ul>
      <p><a href="#/memory">All your memories</a></p>`;
  }
}

customElements.define('member-home-view', MemberHomeView);
