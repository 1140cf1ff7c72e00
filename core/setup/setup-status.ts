// What the household still lacks after the first run, each with the one action that fixes it (the Overview's list).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CHAT_MODEL, DEFAULT_EMBEDDING_MODEL } from '../config/model-manifest.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { modelsDir } from '../model/create-backend.ts';

/** One thing still to do. */
export interface MissingStep {
  id: 'matrix' | 'model';
  says: string;
  action: string;
  href: string;
}

/** Whether the embedded model's files are in place (what `model pull` or the setup page downloads). */
export function embeddedModelsPresent(config: QuorraConfig): boolean {
  const dir = modelsDir(config.model, config.dataDir);
  const e = config.model.embedded;
  const file = (f: string) => (path.isAbsolute(f) ? f : path.join(dir, f));
  return (
    existsSync(file(e?.chatModel ?? DEFAULT_CHAT_MODEL.file)) &&
    existsSync(file(e?.embeddingModel ?? DEFAULT_EMBEDDING_MODEL.file))
  );
}

/** The required steps not done yet; CalDAV and the PMS are optional and never listed as missing. */
export function missingSteps(config: QuorraConfig, matrixRunning: boolean): MissingStep[] {
  const missing: MissingStep[] = [];
  if (!matrixRunning)
    missing.push({
      id: 'matrix',
      says: 'Quorra is not connected to Matrix, so nobody can talk to it in Element yet.',
      action: 'Connect Matrix',
      href: '#/setup/matrix',
    });
  if (!config.model.baseUrl && !embeddedModelsPresent(config))
    missing.push({
      id: 'model',
      says: 'Quorra has no model yet, so it cannot answer.',
      action: 'Set up the model',
      href: '#/setup/model',
    });
  return missing;
}
