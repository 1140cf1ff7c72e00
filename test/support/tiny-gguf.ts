// Writes a tiny llama-architecture GGUF (random weights, byte-level vocabulary) so tests run a real model offline.
import { writeFileSync } from 'node:fs';
import { prng } from '../../bench/support/prng.ts';

/** GGUF metadata value types (gguf.h). */
const T = { u32: 4, i32: 5, f32: 6, bool: 7, str: 8, arr: 9 } as const;
const F32 = 0;
const ALIGN = 32;

type Meta =
  | { t: 'u32' | 'i32' | 'f32'; v: number }
  | { t: 'bool'; v: boolean }
  | { t: 'str'; v: string }
  | { t: 'arr-str'; v: string[] }
  | { t: 'arr-i32'; v: number[] };

/** Appends little-endian values to a growing list of buffers. */
class Out {
  parts: Buffer[] = [];
  size = 0;
  push(b: Buffer): void {
    this.parts.push(b);
    this.size += b.length;
  }
  u32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  str(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.push(b);
  }
  pad(): void {
    const rest = this.size % ALIGN;
    if (rest) this.push(Buffer.alloc(ALIGN - rest));
  }
}

/** GPT-2's byte-to-unicode table: every byte gets a printable character, as byte-level BPE vocabularies spell them. */
function byteTokens(): string[] {
  const printable = new Set<number>();
  for (let b = 33; b <= 126; b++) printable.add(b);
  for (let b = 161; b <= 172; b++) printable.add(b);
  for (let b = 174; b <= 255; b++) printable.add(b);
  let extra = 0;
  return Array.from({ length: 256 }, (_, b) => String.fromCodePoint(printable.has(b) ? b : 256 + extra++));
}

const CHATML =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

export interface TinyModelOptions {
  embd?: number;
  layers?: number;
  heads?: number;
  ff?: number;
  contextLength?: number;
  seed?: number;
}

/** Writes the model to `path` and returns its size in bytes. */
export function writeTinyGguf(path: string, o: TinyModelOptions = {}): number {
  const embd = o.embd ?? 64;
  const layers = o.layers ?? 2;
  const heads = o.heads ?? 4;
  const ff = o.ff ?? 128;
  const specials = ['<|endoftext|>', '<|im_start|>', '<|im_end|>'];
  const tokens = [...byteTokens(), ...specials];
  const types = tokens.map((_, i) => (i < 256 ? 1 : 3)); // 1 = normal, 3 = control
  const eos = tokens.indexOf('<|im_end|>');
  const meta: [string, Meta][] = [
    ['general.architecture', { t: 'str', v: 'llama' }],
    ['general.name', { t: 'str', v: 'quorra-tiny-test' }],
    ['general.alignment', { t: 'u32', v: ALIGN }],
    ['llama.context_length', { t: 'u32', v: o.contextLength ?? 2048 }],
    ['llama.embedding_length', { t: 'u32', v: embd }],
    ['llama.block_count', { t: 'u32', v: layers }],
    ['llama.feed_forward_length', { t: 'u32', v: ff }],
    ['llama.rope.dimension_count', { t: 'u32', v: embd / heads }],
    ['llama.attention.head_count', { t: 'u32', v: heads }],
    ['llama.attention.head_count_kv', { t: 'u32', v: heads }],
    ['llama.attention.layer_norm_rms_epsilon', { t: 'f32', v: 1e-5 }],
    ['tokenizer.ggml.model', { t: 'str', v: 'gpt2' }],
    ['tokenizer.ggml.pre', { t: 'str', v: 'default' }],
    ['tokenizer.ggml.tokens', { t: 'arr-str', v: tokens }],
    ['tokenizer.ggml.token_type', { t: 'arr-i32', v: types }],
    ['tokenizer.ggml.merges', { t: 'arr-str', v: [] }],
    ['tokenizer.ggml.bos_token_id', { t: 'u32', v: tokens.indexOf('<|endoftext|>') }],
    ['tokenizer.ggml.eos_token_id', { t: 'u32', v: eos }],
    ['tokenizer.ggml.add_bos_token', { t: 'bool', v: false }],
    ['tokenizer.chat_template', { t: 'str', v: CHATML }],
  ];
  const vocab = tokens.length;
  const tensors: [string, number[]][] = [
    ['token_embd.weight', [embd, vocab]],
    ['output_norm.weight', [embd]],
    ['output.weight', [embd, vocab]],
  ];
  for (let l = 0; l < layers; l++) {
    const p = `blk.${l}.`;
    tensors.push(
      [`${p}attn_norm.weight`, [embd]],
      [`${p}attn_q.weight`, [embd, embd]],
      [`${p}attn_k.weight`, [embd, embd]],
      [`${p}attn_v.weight`, [embd, embd]],
      [`${p}attn_output.weight`, [embd, embd]],
      [`${p}ffn_norm.weight`, [embd]],
      [`${p}ffn_gate.weight`, [embd, ff]],
      [`${p}ffn_up.weight`, [embd, ff]],
      [`${p}ffn_down.weight`, [ff, embd]],
    );
  }

  const out = new Out();
  out.push(Buffer.from('GGUF', 'latin1'));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(meta.length);
  for (const [key, m] of meta) {
    out.str(key);
    if (m.t === 'arr-str' || m.t === 'arr-i32') {
      out.u32(T.arr);
      out.u32(m.t === 'arr-str' ? T.str : T.i32);
      out.u64(m.v.length);
      for (const x of m.v) m.t === 'arr-str' ? out.str(x as string) : out.i32(x as number);
      continue;
    }
    out.u32(T[m.t]);
    if (m.t === 'str') out.str(m.v);
    else if (m.t === 'bool') out.push(Buffer.from([m.v ? 1 : 0]));
    else if (m.t === 'f32') out.f32(m.v);
    else if (m.t === 'i32') out.i32(m.v);
    else out.u32(m.v);
  }
  let offset = 0;
  for (const [name, dims] of tensors) {
    out.str(name);
    out.u32(dims.length);
    for (const d of dims) out.u64(d);
    out.u32(F32);
    out.u64(offset);
    const bytes = dims.reduce((a, b) => a * b, 1) * 4;
    offset += Math.ceil(bytes / ALIGN) * ALIGN;
  }
  out.pad();
  // seeded, so a test's model is the same on every run
  const rand = prng(o.seed ?? 19);
  for (const [name, dims] of tensors) {
    const n = dims.reduce((a, b) => a * b, 1);
    const data = new Float32Array(n);
    // norms start at one (as trained models roughly do); matrices are small noise
    const isNorm = name.endsWith('norm.weight');
    const scale = 1 / Math.sqrt(dims[0]);
    for (let k = 0; k < n; k++) data[k] = isNorm ? 1 : (rand() * 2 - 1) * scale * 2;
    out.push(Buffer.from(data.buffer));
    out.pad();
  }
  const file = Buffer.concat(out.parts);
  writeFileSync(path, file);
  return file.length;
}
