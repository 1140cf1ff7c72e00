// The models `quorra model pull` knows: pinned URL, size and SHA-256 of each GGUF, as its publisher lists it.

/** One downloadable model file. */
export interface ModelEntry {
  name: string;
  role: 'chat' | 'embedding';
  file: string;
  url: string;
  sizeBytes: number;
  sha256: string;
  /** Resident memory when loaded with the default context, roughly. */
  ramBytes: number;
  why: string;
}

const HF = 'https://huggingface.co';

/**
 * Sizes and hashes are the Git LFS object ids (SHA-256) and byte sizes Hugging Face publishes for these
 * files; the URL follows `main`, so a re-uploaded file fails the hash check instead of loading unverified.
 */
export const MODEL_MANIFEST: readonly ModelEntry[] = [
  {
    name: 'qwen2.5-3b-instruct',
    role: 'chat',
    file: 'qwen2.5-3b-instruct-q4_k_m.gguf',
    url: `${HF}/Qwen/Qwen2.5-3B-Instruct-GGUF/resolve/main/qwen2.5-3b-instruct-q4_k_m.gguf`,
    sizeBytes: 2_104_932_768,
    sha256: '626b4a6678b86442240e33df819e00132d3ba7dddfe1cdc4fbb18e0a9615c62d',
    ramBytes: 2_600_000_000,
    why: 'the default: trained for tool calls (Hermes-style), Apache-2.0, usable on 4 CPU cores at Q4_K_M',
  },
  {
    name: 'qwen2.5-1.5b-instruct',
    role: 'chat',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    url: `${HF}/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf`,
    sizeBytes: 1_117_320_736,
    sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e',
    ramBytes: 1_500_000_000,
    why: 'for small machines (8 GB RAM or less): twice as fast, weaker at multi-step tool use',
  },
  {
    name: 'nomic-embed-text-v1.5',
    role: 'embedding',
    file: 'nomic-embed-text-v1.5.Q8_0.gguf',
    url: `${HF}/nomic-ai/nomic-embed-text-v1.5-GGUF/resolve/main/nomic-embed-text-v1.5.Q8_0.gguf`,
    sizeBytes: 146_146_432,
    sha256: '3e24342164b3d94991ba9692fdc0dd08e3fd7362e0aacc396a9a5c54a544c3b7',
    ramBytes: 300_000_000,
    why: 'the default embedding model: 768 dimensions, 2048-token window, Apache-2.0',
  },
];

export const DEFAULT_CHAT_MODEL = MODEL_MANIFEST[0];
export const DEFAULT_EMBEDDING_MODEL = MODEL_MANIFEST[2];

/** The command that gets the default models, as the log, /health and the README say it. */
export const PULL_COMMAND = 'npm run quorra -- model pull';

/** A manifest entry by name or file name. */
export function findModel(name: string): ModelEntry | undefined {
  return MODEL_MANIFEST.find((m) => m.name === name || m.file === name);
}
