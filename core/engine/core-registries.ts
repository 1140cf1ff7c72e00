// The registries plugins contribute to: tools, modes, bang-commands, prompt fragments, approval kinds and sources, reply and file handlers.
import type { ApprovalKindDefinition } from '../contracts/approval-kind.ts';
import type {
  ApprovalSource,
  CommandDefinition,
  FileHandler,
  ModeDefinition,
  PromptFragment,
  ReplyHandler,
} from '../contracts/contributions.ts';
import type { ToolDefinition } from '../contracts/define-tool.ts';
import { Registry } from '../contracts/registry.ts';

export interface CoreRegistries {
  tools: Registry<ToolDefinition<any>>;
  modes: Registry<ModeDefinition>;
  commands: Registry<CommandDefinition>;
  prompts: Registry<PromptFragment>;
  approvals: Registry<ApprovalSource>;
  approvalKinds: Registry<ApprovalKindDefinition<any>>;
  replies: Registry<ReplyHandler>;
  files: Registry<FileHandler>;
}

/** Creates empty registries; keys are the tool name, `scope/mode`, the command word, `kind:name` and the source/handler name. */
export function createRegistries(): CoreRegistries {
  return {
    tools: new Registry<ToolDefinition<any>>('tool', (t) => t.name),
    modes: new Registry<ModeDefinition>('mode', (m) => `${m.scope}/${m.name}`),
    commands: new Registry<CommandDefinition>('command', (c) => c.name),
    prompts: new Registry<PromptFragment>('prompt', (p) => `${p.kind}:${p.name}`),
    approvals: new Registry<ApprovalSource>('approval source', (a) => a.name),
    approvalKinds: new Registry<ApprovalKindDefinition<any>>('approval kind', (k) => k.kind),
    replies: new Registry<ReplyHandler>('reply handler', (r) => r.name),
    files: new Registry<FileHandler>('file handler', (f) => f.name),
  };
}
