// A tool's audience is checked by the gate, so `run` can rely on the principal it declares.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { defineTool } from '../../../core/contracts/define-tool.ts';
import type { Principal } from '../../../core/contracts/principal.ts';
import { persona } from '../../../core/engine/personas.ts';
import { offeredTools } from '../../../core/engine/tool-gate.ts';

const tool = (name: string, audience: 'household' | 'owner' | 'guest') =>
  defineTool({
    name,
    description: name,
    tier: 0,
    scopes: ['general'],
    audience,
    input: z.object({}),
    // typed by the audience: no optional principal to narrow
    run: (_i, ctx) => (ctx.principal.kind === 'user' ? ctx.principal.userId : ctx.principal.reservationId),
  });

const tools = [tool('for_household', 'household'), tool('for_owner', 'owner'), tool('for_guest', 'guest')];
const owner: Principal = { kind: 'user', userId: 'o', role: 'owner', displayName: 'O' };
const member: Principal = { kind: 'user', userId: 'm', role: 'member', displayName: 'M' };
const guest: Principal = { kind: 'reservation', reservationId: 'r', workspace: 'cabin' };
const offered = (principal: Principal | undefined) =>
  offeredTools(tools, ['general'], { ...persona('owner') }, { principal, workspace: null }).map(
    (t) => t.name,
  );

describe('tool audience', () => {
  it('offers household tools to members and owners, owner tools to the owner, guest tools to guests', () => {
    assert.deepEqual(offered(owner), ['for_household', 'for_owner']);
    assert.deepEqual(offered(member), ['for_household']);
    assert.deepEqual(offered(guest), ['for_guest']);
    assert.deepEqual(offered(undefined), []);
  });

  it('hands run the principal its audience guarantees', async () => {
    assert.equal(await tools[0].run({}, { logger: undefined as never, principal: member as never }), 'm');
  });
});
