// Reads a plain-language yes or no from a short reply to a confirmation question.

const YES =
  /^(y|yes|yeah|yep|yup|sure|ok|okay|confirm(ed)?|go ahead|do it|please do|send( it)?|approved?|ja|oui|si|sí)\b/i;
const NO = /^(n|no|nope|nah|cancel|stop|don'?t|do not|abort|never ?mind|decline|reject|nein|non)\b/i;

/** 'yes', 'no' or null when the message is not a clear answer. */
export function readYesNo(message: string): 'yes' | 'no' | null {
  const text = message
    .trim()
    .replace(/^\[[^\]]*\]\s*/, '')
    .replace(/[.!]+$/, '')
    .trim();
  if (text.length > 60) return null;
  if (NO.test(text)) return 'no';
  if (YES.test(text)) return 'yes';
  return null;
}
