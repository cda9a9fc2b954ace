import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { ledgerViolations as walletViolations, walletBalances } from '@shop/wallet';
import { exchangePoints, ledgerViolations, memberPoints, recordOrderPoints, settleOrderPoints } from './index.ts';
import { rewardsFixture } from './test/rewards-fixture.ts';

const postgres = testDatabases().filter(([name]) => name === 'postgres');
// Reliability M8: 32 concurrent attempts; the full tier repeats it 50 times, CI's fast tier 5.
const ROUNDS = process.env.CI === 'true' ? 5 : 50;

describe.skipIf(postgres.length === 0)('M8: concurrent exchanges of one customer', () => {
  it.each(postgres)(`on %s: 32 exchanges at once with points for one, ${ROUNDS} rounds: one succeeds, never below 0, one wallet credit`, async (_name, open) => {
    const f = await rewardsFixture(open);
    try {
      const paidAt = new Date('2027-01-01T10:00:00Z');
      const now = new Date('2027-02-01T10:00:00Z');
      for (let round = 0; round < ROUNDS; round++) {
        const token = `ct-race-${String(round).padStart(4, '0')}-0123456789`;
        // 1000 points available (Bronze): each attempt asks for 600, so only one can be paid.
        await f.database.db.transaction().execute((trx) => recordOrderPoints(trx, { orderId: `race-${round}`, customerToken: token, paidPence: 10_000, paidAt }));
        await settleOrderPoints(f.database.db, { now, standing: async () => ({ paidPence: 10_000, refundedPence: 0, stands: true }) });
        const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => exchangePoints(f.database.db, { customerToken: token, points: 600, ref: `r-${i}`, now })));
        expect(answers.filter((a) => a.ok), `round ${round}`).toHaveLength(1);
        expect(answers.filter((a) => !a.ok && a.refusal.code === 'POINTS_OUT_OF_RANGE'), `round ${round}`).toHaveLength(31);
        expect(await memberPoints(f.database.db, token)).toMatchObject({ points: 400, lifetime: 1000 });
        expect(await walletBalances(f.database.db, token)).toEqual([{ currency: 'GBP', balance: 600, marketingBalance: 600, refundableBalance: 0 }]);
      }
      expect(await ledgerViolations(f.database.db)).toEqual([]);
      expect(await walletViolations(f.database.db)).toEqual([]);
    } finally {
      await f.close();
    }
  }, 300_000);
});
