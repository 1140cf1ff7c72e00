// CSS every view shares: cards, tables, buttons, form controls and notices (plain CSS, custom properties from page.css).
import { css } from 'lit';

/** The common look of views: adopt it with `static styles = [sharedStyles, css\`…\`]`. */
export const sharedStyles = css`
  :host {
    display: block;
  }
  /* text from a guest or the model: its direction can never spill into the row around it */
  .untrusted {
    unicode-bidi: isolate;
  }
  h2 {
    font-size: 1.3rem;
    margin: 0 0 0.75rem;
  }
  h3 {
    font-size: 1.05rem;
    margin: 1.25rem 0 0.5rem;
  }
  .card {
    background: var(--q-surface);
    border: 1px solid var(--q-border);
    border-radius: 8px;
    padding: 0.9rem 1rem;
    margin-bottom: 0.75rem;
  }
  .muted {
    color: var(--q-muted);
  }
  .small {
    font-size: 0.85rem;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    background: var(--q-surface);
    border: 1px solid var(--q-border);
    border-radius: 8px;
    overflow: hidden;
  }
  th,
  td {
    text-align: left;
    padding: 0.5rem 0.7rem;
    border-bottom: 1px solid var(--q-border);
    vertical-align: top;
  }
  th {
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.03em;
    color: var(--q-muted);
  }
  tr:last-child td {
    border-bottom: none;
  }
  button {
    font: inherit;
    font-size: 0.9rem;
    padding: 0.35rem 0.8rem;
    border-radius: 6px;
    border: 1px solid var(--q-border);
    background: var(--q-surface);
    color: var(--q-text);
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    border-color: var(--q-accent);
  }
  button:disabled {
    opacity: 0.55;
    cursor: default;
  }
  button.primary {
    background: var(--q-accent);
    border-color: var(--q-accent);
    color: #fff;
  }
  button.danger {
    border-color: var(--q-bad);
    color: var(--q-bad);
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  a:focus-visible {
    outline: 2px solid var(--q-accent);
    outline-offset: 2px;
  }
  label {
    font-size: 0.9rem;
  }
  input,
  select,
  textarea {
    font: inherit;
    padding: 0.35rem 0.5rem;
    border-radius: 6px;
    border: 1px solid var(--q-border);
    background: var(--q-surface);
    color: var(--q-text);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  .tag {
    display: inline-block;
    font-size: 0.8rem;
    padding: 0.05rem 0.45rem;
    border-radius: 999px;
    background: color-mix(in srgb, var(--q-accent) 12%, transparent);
    color: var(--q-text);
  }
  ul.plain {
    list-style: none;
    padding: 0;
    margin: 0;
  }
  .empty {
    color: var(--q-muted);
    font-style: italic;
  }
  code {
    font-size: 0.85em;
    overflow-wrap: anywhere;
  }
  td {
    overflow-wrap: anywhere;
  }
  /* on a phone a table becomes a stack of cards: each row a block, each cell labelled by its own content */
  @media (max-width: 40rem) {
    table,
    thead,
    tbody,
    tr,
    th,
    td {
      display: block;
      width: auto;
    }
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tr {
      border-bottom: 1px solid var(--q-border);
      padding: 0.4rem 0;
    }
    td {
      border-bottom: none;
      padding: 0.15rem 0.7rem;
    }
  }
  /* a column's name beside a cell's value, shown only when a phone stacks the table into cards */
  .cell-label {
    display: none;
  }
  @media (max-width: 40rem) {
    .cell-label {
      display: inline;
    }
  }
`;

/** Stacked forms (settings, guided flows): a labelled field per row, full-width controls, messages in red by their field. */
export const formStyles = css`
  .field {
    display: grid;
    gap: 0.2rem;
    margin-bottom: 0.75rem;
    max-width: 34rem;
  }
  .field input:not([type='checkbox']),
  .field select,
  .field textarea {
    width: 100%;
    box-sizing: border-box;
  }
  fieldset {
    border: 1px solid var(--q-border);
    border-radius: 8px;
    margin: 0 0 0.75rem;
    padding: 0.5rem 0.8rem;
    min-width: 0;
  }
  .err {
    color: var(--q-bad);
    font-size: 0.85rem;
  }
  [aria-invalid='true'] {
    border-color: var(--q-bad);
  }
`;
