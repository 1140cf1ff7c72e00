// The general-scope prompt's size before the user's words, every plugin configured, in the default model's tokens.
import { reportGoal } from './support/goals.ts';
import { LABELLED_REQUESTS } from './support/household-requests.ts';
import { benchHousehold, type RecordedTurn, runLabelled } from './support/labelled-turns.ts';
import { countTokens, renderSystemTurn } from './support/qwen-tokens.ts';

const general = LABELLED_REQUESTS.filter((r) => r.scope === 'general');

async function measure(config: Record<string, unknown>): Promise<RecordedTurn[]> {
  const h = await benchHousehold(config);
  try {
    return await runLabelled(h, general);
  } finally {
    await h.close();
  }
}

/** System prompt + offered tool schemas, as the template renders them: everything the model reads before the user. */
const tokensOf = (t: RecordedTurn) =>
  countTokens(renderSystemTurn(t.body.messages[0].content, t.body.tools ?? []));
const stats = (turns: RecordedTurn[]) => {
  const counts = turns.map(tokensOf).sort((a, b) => a - b);
  const system = countTokens(turns[0].body.messages[0].content);
  return { max: counts.at(-1)!, mean: counts.reduce((s, n) => s + n, 0) / counts.length, system };
};

// the baseline: every allowed tool offered, same prompt files, same run
const everything = stats(await measure({ model: { toolsPerTurn: 64 } }));
const selected = stats(await measure({}));
console.log(
  `  ${general.length} general-scope requests, owner in a household workspace, every plugin configured`,
);
console.log(`  system prompt alone: ${selected.system} tokens (Qwen2.5 tokenizer)`);
console.log(
  `  system + tools: selected mean ${selected.mean.toFixed(0)}, max ${selected.max};` +
    ` every tool offered mean ${everything.mean.toFixed(0)}, max ${everything.max}`,
);
reportGoal({
  id: 'prompt.tokens',
  value: selected.max,
  unit: ' tokens',
  target: 1000,
  direction: 'max',
  baseline: `${everything.max} tokens with every allowed tool offered, same run`,
  note: `${(selected.max / everything.max).toFixed(2)}x the baseline; the largest of the general-scope turns`,
});
