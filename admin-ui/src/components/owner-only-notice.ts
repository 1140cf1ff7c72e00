// <owner-only-notice>: what a member sees on an owner page reached by address — the notice and a way home, nothing of the page behind it.
import { css, html, LitElement } from 'lit';
import { sharedStyles } from './shared-styles.ts';

/** Rendered by the shell instead of the page, so none of the page's buttons or requests exist for a member. */
export class OwnerOnlyNotice extends LitElement {
  static styles = [
    sharedStyles,
    css`
      div {
        border: 1px solid var(--q-warn);
        border-left-width: 4px;
        border-radius: 6px;
        padding: 0.6rem 0.8rem;
        margin: 0.5rem 0;
      }
    `,
  ];

  render() {
    return html`<h2>Owner only</h2>
      <div role="alert">
        <strong>Owner only.</strong> This page is for the household owner. Your own reminders, lists, approvals and
        memories are on <a href="#/home">My day</a>.
      </div>`;
  }
}

customElements.define('owner-only-notice', OwnerOnlyNotice);
