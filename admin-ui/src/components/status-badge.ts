// <status-badge state="ok|degraded|failed|disabled|active|…">: a coloured pill with the state in words.
import { css, html, LitElement } from 'lit';

const tone: Record<string, string> = {
  ok: 'good',
  active: 'good',
  running: 'info',
  degraded: 'warn',
  'needs setup': 'warn',
  stopped: 'warn',
  interrupted: 'warn',
  failed: 'bad',
  error: 'bad',
  disabled: 'off',
  confirmed: 'good',
  refused: 'warn',
  declined: 'off',
  skipped: 'off',
};

/** A small pill showing a state; colour is a hint only, the text always says the state. */
export class StatusBadge extends LitElement {
  static properties = { state: { type: String } };
  declare state: string;

  static styles = css`
    span {
      display: inline-block;
      font-size: 0.8rem;
      font-weight: 600;
      padding: 0.05rem 0.5rem;
      border-radius: 999px;
      border: 1px solid currentColor;
      white-space: nowrap;
    }
    .good {
      color: var(--q-ok);
    }
    .warn {
      color: var(--q-warn);
    }
    .bad {
      color: var(--q-bad);
    }
    .off,
    .info {
      color: var(--q-off);
    }
  `;

  constructor() {
    super();
    this.state = 'unknown';
  }

  render() {
    return html`<span class=${tone[this.state] ?? 'off'}>${this.state}</span>`;
  }
}

customElements.define('status-badge', StatusBadge);
