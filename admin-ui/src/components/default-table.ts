// A list default (e.g. the budgets) as a small table under its field, instead of JSON.
import { html } from 'lit';

/** The rows of a default, labelled as the field. */
export function defaultTable(label: string, shown: { headers: string[]; rows: string[][] }) {
  return html`<table class="small" aria-label=${`Default ${label.toLowerCase()}`}>
    <caption class="muted small">Default</caption>
    <thead><tr>${shown.headers.map((h) => html`<th>${h}</th>`)}</tr></thead>
    <tbody>${shown.rows.map((r) => html`<tr>${r.map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody>
  </table>`;
}
