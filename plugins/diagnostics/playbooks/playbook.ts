// A playbook: one deterministic check the agent runs on its own (no model), with what it may remember between runs.
import type { QuorraConfig } from 'quorra/plugin';
import type { DiagnosticsSettings } from '../diagnostics-settings.ts';
import type { Finding } from '../finding.ts';

/** What the main process last told the agent about itself (over the socket). */
export interface MainReport {
  pid: number;
  rssBytes: number;
  heapUsedBytes: number;
  at: string;
}

export interface PlaybookEnv {
  config: QuorraConfig;
  settings: DiagnosticsSettings;
  main?: MainReport;
  now: Date;
}

export interface Playbook {
  name: string;
  run(env: PlaybookEnv): Promise<Finding>;
}
