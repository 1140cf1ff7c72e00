// The function schema a tool is offered with: what the model needs to call it, none of what only validation needs.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { defineTool } from '../../../core/contracts/define-tool.ts';
import { toolSchema } from '../../../core/contracts/tool-schema.ts';

const tool = (input: z.ZodType) =>
  defineTool({
    name: 'test_tool',
    description: 'A test.',
    tier: 0,
    scopes: ['general'],
    input,
    run: () => 'ok',
  });
const fn = (input: z.ZodType) => (toolSchema(tool(input)) as any).function;

describe('tool schemas sent to the model', () => {
  it('leaves out bounds, defaults and the closed-object marker when strict mode is impossible', () => {
    const f = fn(
      z
        .object({
          text: z.string().min(1).max(200).describe('what to say'),
          count: z.number().int().min(1).max(9).default(3),
          tags: z.array(z.string().max(20)).max(5).optional(),
          nested: z.object({ a: z.string() }).strict().optional(),
        })
        .strict(),
    );
    const text = JSON.stringify(f.parameters);
    for (const k of [
      'minLength',
      'maxLength',
      'minimum',
      'maximum',
      'maxItems',
      'default',
      'additionalProperties',
    ])
      assert.ok(!text.includes(`"${k}"`), `${k} in ${text}`);
    assert.equal(f.strict, undefined);
    assert.equal(f.parameters.properties.text.description, 'what to say');
    assert.deepEqual(f.parameters.required, ['text']);
    assert.equal(f.parameters.properties.nested.properties.a.type, 'string');
  });

  it('closes every object and says strict when every field is required', () => {
    const f = fn(z.object({ id: z.string().max(64), inner: z.object({ x: z.number() }) }));
    assert.equal(f.strict, true);
    assert.equal(f.parameters.additionalProperties, false);
    assert.equal(f.parameters.properties.inner.additionalProperties, false);
    assert.equal(f.parameters.properties.id.maxLength, undefined);
  });
});
