/** GET /deal/redeem-instructions (spec §7): every illustration type's words; an unknown type names the field. */
import { describe, expect, it } from 'vitest';
import { REDEEM_INSTRUCTIONS } from '@shop/domain/redeem-instructions';
import { REDEEM_ILLUSTRATION_TYPES } from '@shop/domain/voucher-status';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { vouchersFixture } from '../test/fixture.ts';

const [[, open]] = testDatabases() as [ReturnType<typeof testDatabases>[number]];

describe('redeem instructions', () => {
  const f = suiteFixture(
    () => vouchersFixture(open),
    (fixture) => fixture.close(),
  );

  it.each(REDEEM_ILLUSTRATION_TYPES)('%s: its title and steps', async (type) => {
    const res = await f.call('GET', `/deal/redeem-instructions?type=${type}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type, title: REDEEM_INSTRUCTIONS[type].title, steps: [...REDEEM_INSTRUCTIONS[type].steps] });
  });

  it('an unknown or missing type is a 400 naming type', async () => {
    for (const path of ['/deal/redeem-instructions?type=teleport', '/deal/redeem-instructions']) {
      const res = await f.call('GET', path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['type']);
    }
  });
});
