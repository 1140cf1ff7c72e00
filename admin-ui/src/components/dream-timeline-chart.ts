// <dream-timeline-chart>: Dream's runs as stacked bars (written / corroborated / unchanged / retired), with a table twin.
import { css, html, LitElement, svg } from 'lit';
import type { DreamRunView } from '../data/dream.ts';
import { formatTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';

/** The series, bottom to top, each a run counter with its words and colour. */
export const timelineSeries = [
  { key: 'beliefsWritten', label: 'Written', colour: 'var(--q-accent)' },
  { key: 'corroborated', label: 'Corroborated', colour: 'var(--q-ok)' },
  { key: 'deduped', label: 'Unchanged', colour: 'var(--q-off)' },
  { key: 'retired', label: 'Retired', colour: 'var(--q-bad)' },
] as const satisfies readonly { key: keyof DreamRunView; label: string; colour: string }[];

const PLOT_HEIGHT = 150;
const SLOT = 26;
const BAR = 18;
const LEFT = 34;
const TOP = 8;

/** The chart; `runs` come newest first (as the API lists them) and are drawn oldest on the left. */
export class DreamTimelineChart extends LitElement {
  static properties = { runs: { attribute: false } };
  declare runs: DreamRunView[];

  static styles = [
    sharedStyles,
    css`
      figure {
        margin: 0;
      }
      svg {
        display: block;
        max-width: 100%;
        height: auto;
      }
      text {
        font-size: 11px;
        fill: var(--q-muted);
      }
      .axis {
        stroke: var(--q-border);
      }
      ul.legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 1rem;
        list-style: none;
        padding: 0;
        margin: 0.5rem 0;
        font-size: 0.85rem;
      }
      .swatch {
        display: inline-block;
        width: 0.8rem;
        height: 0.8rem;
        border-radius: 2px;
        margin-right: 0.3rem;
        vertical-align: -0.1rem;
      }
      details {
        margin-top: 0.4rem;
      }
      td.n {
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  constructor() {
    super();
    this.runs = [];
  }

  render() {
    const runs = [...this.runs].reverse();
    if (!runs.length) return html`<p class="empty">No runs to chart yet.</p>`;
    const total = (r: DreamRunView) => timelineSeries.reduce((n, s) => n + r[s.key], 0);
    const max = Math.max(1, ...runs.map(total));
    const scale = PLOT_HEIGHT / max;
    // drawn at its natural size (never stretched), so a few runs do not become giant bars
    const width = Math.max(360, LEFT + runs.length * SLOT + 8);
    const height = TOP + PLOT_HEIGHT + 16;
    const sums = timelineSeries.map(
      (s) => `${runs.reduce((n, r) => n + r[s.key], 0)} ${s.label.toLowerCase()}`,
    );
    return html`<figure>
      <svg
        viewBox="0 0 ${width} ${height}"
        width=${width}
        height=${height}
        role="img"
        aria-labelledby="chart-title chart-desc"
        data-max=${max}
        data-scale=${scale}
      >
        <title id="chart-title">Dream runs, oldest to newest: what each run did</title>
        <desc id="chart-desc">${runs.length} runs in all: ${sums.join(', ')}. The table below lists every run.</desc>
        <line class="axis" x1=${LEFT - 2} y1=${TOP} x2=${LEFT - 2} y2=${TOP + PLOT_HEIGHT}></line>
        <line class="axis" x1=${LEFT - 2} y1=${TOP + PLOT_HEIGHT} x2=${width} y2=${TOP + PLOT_HEIGHT}></line>
        <text x=${LEFT - 6} y=${TOP + 8} text-anchor="end">${max}</text>
        <text x=${LEFT - 6} y=${TOP + PLOT_HEIGHT} text-anchor="end">0</text>
        ${runs.map((r, i) => this.bar(r, LEFT + i * SLOT + (SLOT - BAR) / 2, scale))}
        <text x=${LEFT} y=${height - 2}>${formatTime(runs[0].startedAt)}</text>
        ${
          runs.length > 1
            ? svg`<text x=${width - 4} y=${height - 2} text-anchor="end">${formatTime(runs.at(-1)!.startedAt)}</text>`
            : null
        }
      </svg>
      <ul class="legend" aria-hidden="true">
        ${timelineSeries.map((s) => html`<li><span class="swatch" style="background:${s.colour}"></span>${s.label}</li>`)}
      </ul>
      <details>
        <summary>The runs as a table</summary>
        ${this.table()}
      </details>
    </figure>`;
  }

  // One run's stacked bar; each segment carries its value so the chart can be checked against the API.
  private bar(r: DreamRunView, x: number, scale: number) {
    let y = TOP + PLOT_HEIGHT;
    const words = timelineSeries.map((s) => `${r[s.key]} ${s.label.toLowerCase()}`).join(', ');
    return svg`<g data-run=${r.id}>
      <title>${formatTime(r.startedAt)}: ${words}</title>
      ${timelineSeries.map((s) => {
        const h = r[s.key] * scale;
        y -= h;
        return svg`<rect x=${x} y=${y} width=${BAR} height=${h} fill=${s.colour}
          data-series=${s.key} data-value=${r[s.key]}></rect>`;
      })}
    </g>`;
  }

  private table() {
    return html`<table aria-label="Dream runs as a table">
      <thead>
        <tr>
          <th>Run</th>
          ${timelineSeries.map((s) => html`<th>${s.label}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${this.runs.map(
          (r) => html`<tr data-run=${r.id}>
            <td>${formatTime(r.startedAt)} <span class="muted small">${r.slice}</span></td>
            ${timelineSeries.map((s) => html`<td class="n" data-series=${s.key}><span class="cell-label muted small">${s.label}: </span>${r[s.key]}</td>`)}
          </tr>`,
        )}
      </tbody>
    </table>`;
  }
}

customElements.define('dream-timeline-chart', DreamTimelineChart);
