// Reads a reply to the morning summary: `yes N`, `no N`, `defer N`, `edit N: …`, `N: answer`; bare words when one item waits.
export type ReviewCommand =
  | { action: 'yes' | 'no' | 'defer'; n: number }
  | { action: 'edit'; n: number; text: string }
  | { action: 'answer'; n: number; text: string };

/** Parses a reply; `count` is how many items the summary listed (a bare answer needs exactly one). */
export function parseReviewReply(text: string, count: number): ReviewCommand | null {
  const t = text.trim();
  const single = count === 1 ? 1 : null;
  let m = /^(yes|y|ok|approve|no|n|reject|defer|later)(?:\s+#?(\d+))?[.!]?$/i.exec(t);
  if (m) {
    const n = m[2] ? Number(m[2]) : single;
    if (!n) return null;
    const w = m[1].toLowerCase();
    const action = ['yes', 'y', 'ok', 'approve'].includes(w)
      ? 'yes'
      : ['defer', 'later'].includes(w)
        ? 'defer'
        : 'no';
    return { action, n };
  }
  m = /^edit(?:\s+#?(\d+))?\s*:\s*([\s\S]+)$/i.exec(t);
  if (m) {
    const n = m[1] ? Number(m[1]) : single;
    return n ? { action: 'edit', n, text: m[2].trim() } : null;
  }
  m = /^#?(\d+)\s*:\s*([\s\S]+)$/.exec(t);
  if (m) return { action: 'answer', n: Number(m[1]), text: m[2].trim() };
  return single && t ? { action: 'answer', n: 1, text: t } : null;
}
