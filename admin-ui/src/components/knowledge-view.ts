// <knowledge-view>: the household's documents index — per collection, "Reindex now", and a live progress bar (SSE).
import { css, html, LitElement } from 'lit';
import {
  type CollectionView,
  fetchKnowledge,
  followIndex,
  type IndexEvent,
  type IndexProgress,
  type KnowledgeView as Knowledge,
  startReindex,
} from '../data/knowledge.ts';
import { formatDuration, formatTime, plural, relativeTime } from '../format.ts';
import { sharedStyles } from './shared-styles.ts';
import './error-notice.ts';

const reasonWords: Record<string, string> = {
  'malformed-front-matter': 'the header block at the top (front matter) could not be read',
  'too-large': 'too large to index',
  binary: 'not text',
  unreadable: 'could not be read',
  'not-a-file': 'not a regular file',
  'outside-vault': 'outside the vault',
  'symlink-outside-vault': 'a link pointing outside the vault',
  'symlinked-directory': 'a linked folder (not followed)',
  'embedding-failed': 'the embedding model failed; tried again on the next pass',
  'store-failed': 'the vector store failed; tried again on the next pass',
  error: 'an unexpected error; tried again on the next pass',
};

const triggerWords: Record<string, string> = {
  manual: 'started by you',
  startup: 'at start-up',
  nightly: 'nightly check',
  'guest-windows': 'after a guest window changed',
};

/** The Knowledge page (owner); follows the index's event stream while it is open. */
export class KnowledgePage extends LitElement {
  static properties = {
    data: { state: true },
    error: { state: true },
    progress: { state: true },
    notice: { state: true },
    starting: { state: true },
  };
  declare data: Knowledge | null;
  declare error: unknown;
  declare progress: IndexProgress | null;
  /** What the last pass ended with, or that a pass was already running. */
  declare notice: string | null;
  declare starting: boolean;
  private follow: AbortController | null = null;

  static styles = [
    sharedStyles,
    css`
      progress {
        width: 100%;
        height: 1.1rem;
      }
      .counts {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 1.2rem;
      }
      .counts strong {
        font-size: 1.2rem;
      }
      ul.skips {
        margin: 0.2rem 0 0;
        padding-left: 1.1rem;
      }
      td.n {
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  constructor() {
    super();
    this.data = null;
    this.error = null;
    this.progress = null;
    this.notice = null;
    this.starting = false;
  }

  connectedCallback() {
    super.connectedCallback();
    void this.load().then(() => {
      if (this.data) this.listen();
    });
  }

  disconnectedCallback() {
    // hanging up lets the server drop this page's listener at once
    this.follow?.abort();
    this.follow = null;
    super.disconnectedCallback();
  }

  private async load() {
    try {
      this.data = await fetchKnowledge();
      this.progress ??= this.data.running;
      this.error = null;
    } catch (err) {
      this.error = err;
    }
  }

  private listen() {
    const follow = new AbortController();
    this.follow = follow;
    followIndex((e) => this.onEvent(e), follow.signal).then(
      () => {
        // the server ended the stream (it restarted): follow again shortly, unless this page was left
        if (follow.signal.aborted) return;
        setTimeout(() => {
          if (follow.signal.aborted) return;
          void this.load();
          this.listen();
        }, 5000);
      },
      (err) => {
        this.error = err;
      },
    );
  }

  // Awaited per event: each step renders before the next is read, so the bar shows every value it is sent.
  private async onEvent(e: IndexEvent) {
    if (e.type === 'state') this.progress = e.running;
    else if (e.type === 'progress') {
      const { type: _t, ...p } = e;
      this.progress = p;
    } else if (e.type === 'done') {
      this.progress = null;
      const s = e.summary;
      this.notice = `Indexing finished: ${plural(s.files, 'file')} checked, ${s.indexed} re-indexed, ${s.skipped} skipped.`;
      await this.load();
    } else if (e.type === 'failed') {
      this.progress = null;
      this.notice = `Indexing stopped: ${e.message}`;
    }
    await this.updateComplete;
  }

  private async reindex() {
    this.starting = true;
    this.notice = null;
    try {
      const { started } = await startReindex();
      if (!started) this.notice = 'A pass was already running; it carries on.';
    } catch (err) {
      this.error = err;
    } finally {
      this.starting = false;
    }
  }

  render() {
    const d = this.data;
    return html`<h2>Knowledge</h2>
      <error-notice .error=${this.error}></error-notice>
      ${!d ? (this.error ? null : html`<p class="muted">Loading…</p>`) : this.renderIndex(d)}`;
  }

  private renderIndex(d: Knowledge) {
    const last = d.lastRun;
    return html`<p class="muted small">
        Quorra answers questions from the household's Markdown documents. They are indexed when they change, every
        night, and whenever you ask.
      </p>
      <div class="card" data-testid="knowledge-summary">
        <div class="counts">
          <span><strong data-field="files">${d.files}</strong> ${d.files === 1 ? 'file' : 'files'}</span>
          <span><strong data-field="chunks">${d.chunks}</strong> ${d.chunks === 1 ? 'passage' : 'passages'}</span>
        </div>
        <p class="muted small">
          ${
            last
              ? html`Last full pass ${relativeTime(last.finishedAt)} (${triggerWords[last.trigger] ?? last.trigger},
                  took ${formatDuration(last.durationMs / 1000)}): ${plural(last.files, 'file')},
                  ${last.indexed} re-indexed, ${last.unchanged} unchanged, ${last.skipped} skipped.`
              : 'No full pass since Quorra started.'
          }
        </p>
        <div class="row">
          <button type="button" class="primary" ?disabled=${this.starting || this.progress !== null} @click=${() => this.reindex()}>
            ${this.progress ? 'Indexing…' : 'Reindex now'}
          </button>
        </div>
        ${this.renderProgress()}
        ${this.notice ? html`<p role="status" data-testid="knowledge-notice">${this.notice}</p>` : null}
      </div>
      <h3>Collections</h3>
      ${this.renderCollections(d.collections)}`;
  }

  private renderProgress() {
    const p = this.progress;
    if (!p) return null;
    const words =
      p.phase === 'scanning'
        ? 'Looking for files…'
        : p.phase === 'cleaning'
          ? 'Tidying up removed files…'
          : `Indexing: ${p.done} of ${plural(p.total, 'file')}`;
    return html`<div data-testid="knowledge-progress">
      <p class="small" aria-live="polite">${words}</p>
      ${
        p.phase === 'scanning'
          ? html`<progress aria-label=${words}></progress>`
          : html`<progress max=${Math.max(1, p.total)} value=${p.phase === 'cleaning' ? p.total : p.done} aria-label=${words}></progress>`
      }
    </div>`;
  }

  private renderCollections(cs: CollectionView[]) {
    if (!cs.length) return html`<p class="empty">Nothing has been indexed yet.</p>`;
    return html`<table aria-label="Knowledge collections">
      <thead><tr><th>Collection</th><th>Files</th><th>Passages</th><th>Last indexed</th><th>Skipped</th></tr></thead>
      <tbody>
        ${cs.map(
          (c) => html`<tr data-collection=${c.name}>
            <td>${c.label}</td>
            <td class="n"><span class="cell-label muted small">Files: </span>${c.files}</td>
            <td class="n"><span class="cell-label muted small">Passages: </span>${c.chunks}</td>
            <td><span class="cell-label muted small">Last indexed: </span>${formatTime(c.lastIndexedAt)}</td>
            <td data-field="skipped">
              ${
                c.skipped.length
                  ? html`${plural(c.skipped.length, 'file')} skipped
                    <ul class="skips">
                      ${c.skipped.map(
                        (s) => html`<li>
                          ${s.path ? html`<code>${s.path}</code>` : html`<span class="muted">a file in their own folder</span>`}:
                          ${reasonWords[s.reason] ?? s.reason}
                        </li>`,
                      )}
                    </ul>`
                  : html`<span class="muted">none skipped</span>`
              }
            </td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }
}

customElements.define('knowledge-view', KnowledgePage);
