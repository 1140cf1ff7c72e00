// Tool selection quality and size: the labelled household requests, offered the few chosen tools vs every allowed one.
import { reportGoal } from './support/goals.ts';
import { LABELLED_REQUESTS } from './support/household-requests.ts';
import { benchHousehold, type RecordedTurn, runLabelled } from './support/labelled-turns.ts';

async function measure(config: Record<string, unknown>, words = false): Promise<RecordedTurn[]> {
  const h = await benchHousehold(config);
  // the embedding endpoint down for the whole run: the pick falls back to the words alone
  if (words) h.model.embeddingFailures = Number.MAX_SAFE_INTEGER;
  try {
    return await runLabelled(h, LABELLED_REQUESTS);
  } finally {
    await h.close();
  }
}

const needing = (turns: RecordedTurn[]) => turns.filter((t) => t.label.tool !== 'none');
const recall = (turns: RecordedTurn[]) => {
  const n = needing(turns);
  return n.filter((t) => t.tools.includes(t.label.tool)).length / n.length;
};
const meanOffered = (turns: RecordedTurn[]) => turns.reduce((s, t) => s + t.tools.length, 0) / turns.length;

// the baseline: every tool the gate allows (a limit no scope reaches), same requests, same process
const everything = await measure({ model: { toolsPerTurn: 64 } });
const selected = await measure({});
// the pick by words alone, to show what the embedding model adds (the double embeds by character trigrams, so it
// adds little here; a real embedding model meets words of one meaning that share no letters)
const wordsAlone = await measure({}, true);

const covered = new Set(needing(everything).map((t) => t.label.tool));
const unreachable = needing(everything).filter((t) => !t.tools.includes(t.label.tool));
if (unreachable.length)
  console.log(
    `  labelled tools the gate never offers: ${[...new Set(unreachable.map((t) => t.label.tool))].join(', ')}`,
  );
console.log(
  `  ${LABELLED_REQUESTS.length} requests (${needing(selected).length} needing a tool, ${covered.size} tools covered)`,
);
for (const t of needing(selected))
  if (!t.tools.includes(t.label.tool))
    console.log(
      `  missed: ${t.label.tool} for "${t.label.request}" [${t.label.scope}] got ${t.tools.join(', ')}`,
    );
const base = recall(everything);
console.log(
  `  recall: selected ${recall(selected).toFixed(3)} (by words alone ${recall(wordsAlone).toFixed(3)}), ` +
    `everything offered ${base.toFixed(3)}`,
);
console.log(
  `  offered per turn: selected ${meanOffered(selected).toFixed(2)}, everything ${meanOffered(everything).toFixed(2)}` +
    ` (max ${Math.max(...selected.map((t) => t.tools.length))} vs ${Math.max(...everything.map((t) => t.tools.length))})`,
);
reportGoal({
  id: 'tools.recall',
  value: recall(selected) / base,
  unit: 'x',
  target: 0.97,
  direction: 'min',
  baseline: `every allowed tool offered (recall ${base.toFixed(2)}), same run`,
});
reportGoal({
  id: 'tools.offered',
  value: meanOffered(selected),
  unit: ' tools',
  target: 8,
  direction: 'max',
  baseline: `${meanOffered(everything).toFixed(1)} tools when every allowed one is offered`,
  note: `${(meanOffered(selected) / meanOffered(everything)).toFixed(2)}x the baseline`,
});
