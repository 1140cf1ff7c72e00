// The embedding model in the tool pick: it adds the tool a request clearly means, never moves what the words chose,
// leaves small talk's offer (and so the cached prompt prefix) alone, and steps aside when its endpoint fails.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { scoreTools } from '../../../core/engine/tool-relevance.ts';
import { selectTools } from '../../../core/engine/tool-selection.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const plugins = fileURLToPath(new URL('../../fixtures/engine-plugins', import.meta.url));
const names = (ts: { name: string }[]) => ts.map((t) => t.name);

// a vector space where words of one meaning meet: "jot" and "write" share an axis with no letter in common; every
// other word weighs a little on an axis of its own, as the many words of a long description do
const meanings: Record<string, number> = { write: 1, jot: 1, read: 2, delete: 3, permanently: 3 };
function meaningSpace(text: string, dim: number): number[] {
  const v = new Array<number>(dim).fill(0);
  for (const w of text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean))
    if (meanings[w]) v[meanings[w]] += 1;
    else v[0] += 0.1;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

const flat = (_text: string, dim: number) => [1, ...new Array<number>(dim - 1).fill(0)];

describe('tool selection with the embedding model', () => {
  let model: ScriptedModelServer;
  let app: BootedApp | undefined;
  let owner: TestUser;
  const offered = () => names(model.chatRequests()[0].body.tools.map((t: any) => t.function));
  // the pick's call carries the tools' texts beside the message; memory recall embeds the message alone
  const embedInputs = () =>
    model.requests.filter((r) => r.path.endsWith('/embeddings')).map((r) => r.body.input as string[]);
  const REQUEST = 'jot down: the bike got serviced';

  /** A fresh app whose model double embeds in the given space (tool vectors are kept per app). */
  async function boot(embedding: (text: string, dim: number) => number[]) {
    await app?.stop({ clean: true });
    model.reset();
    model.embedding = embedding;
    app = await bootApp({ model, pluginRoots: [plugins], config: { model: { toolsPerTurn: 3 } } });
    owner = await addUser(app, 'Olivia');
  }
  const ask = async (message: string) => {
    model.reset();
    return chat(app!, owner, { message, scope: ['general'] });
  };

  before(async () => {
    model = await ScriptedModelServer.start();
  });
  after(async () => {
    await app?.stop({ clean: true });
    await model.close();
  });

  it('finds a tool through meaning when the request shares no word with it, embedding each tool once', async () => {
    await boot(meaningSpace);
    const logThing = app!.quorra.registries.tools.get('test_log_thing')!;
    // the words alone cannot: not one of the request's words (nor a near one) is in the tool's text
    assert.equal(scoreTools([logThing], [{ text: REQUEST, weight: 1 }]).get(logThing), 0);
    await ask(REQUEST);
    assert.ok(offered().includes('test_log_thing'), offered().join());
    const withTools = embedInputs().filter((input) => input.length > 1);
    assert.equal(withTools.length, 1, 'one embedding call for the message and the tools');
    assert.equal(withTools[0][0], REQUEST);
    await ask(REQUEST);
    assert.ok(offered().includes('test_log_thing'), offered().join());
    assert.ok(
      embedInputs().every((input) => input.length === 1),
      'tool vectors are kept; only the message is new',
    );
  });

  it('without a meaning to go by the same request misses that tool (the test above can fail)', async () => {
    await boot(flat);
    await ask(REQUEST);
    assert.ok(!offered().includes('test_log_thing'), offered().join());
  });

  it('leaves small talk alone: no tool embedded, and the offer of words alone', async () => {
    await boot(meaningSpace);
    await ask('hi there');
    assert.deepEqual(
      embedInputs().filter((input) => input.length > 1),
      [],
    );
    const smallTalk = offered();
    await ask('thanks!');
    assert.deepEqual(offered(), smallTalk);
  });

  it('adds nothing when no tool stands out in meaning', async () => {
    const message = 'jot down the bike, please';
    // every text alike, the deleting tool a hair nearer the message: a difference of nothing
    await boot((text, dim) => [
      1,
      /permanently|bike/.test(text) ? 0.25 : 0,
      ...new Array<number>(dim - 2).fill(0),
    ]);
    await ask(message);
    assert.equal(embedInputs().filter((input) => input.length > 1).length, 1, 'the pick asked');
    const offer = offered();
    assert.ok(!offer.includes('test_delete_thing'), offer.join());
    model.embeddingFailures = 9;
    await ask(message);
    assert.deepEqual(offered(), offer, 'the same offer as with no embeddings at all');
    model.embeddingFailures = 0;
  });

  it('falls back to the words alone when the embedding endpoint fails, and the turn still answers', async () => {
    await boot(meaningSpace);
    model.embeddingFailures = 9;
    const r = await ask(REQUEST);
    model.embeddingFailures = 0;
    assert.equal(r.status, 200);
    assert.ok(!offered().includes('test_log_thing'), offered().join());
  });

  it('never moves a tool the words chose: the meant tool only takes a slot the words left', async () => {
    await boot(meaningSpace);
    const all = app!.quorra.registries.tools.list().filter((t) => t.scopes.includes('general'));
    const deleteThing = all.find((t) => t.name === 'test_delete_thing')!;
    const input = { message: 'read the thing called boiler', recent: [], used: [], limit: 3 };
    const words = names(selectTools(all, input));
    assert.ok(words.includes('test_read_thing'));
    const withMeaning = names(selectTools(all, { ...input, meant: deleteThing }));
    assert.ok(withMeaning.includes('test_read_thing'), withMeaning.join());
    assert.ok(withMeaning.includes('test_delete_thing'), withMeaning.join());
    // with no room left past the words' matches, the meant tool waits behind them
    const tight = names(selectTools(all, { ...input, limit: 2, meant: deleteThing }));
    assert.ok(tight.includes('test_read_thing') && !tight.includes('test_delete_thing'), tight.join());
  });
});
