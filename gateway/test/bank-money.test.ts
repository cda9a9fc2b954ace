/**
 * M5 "bank" test extended to the money features of issue 18 (reliability M5, M10) on PostgreSQL:
 * 8 workers run random operations over 10 customers through the REAL module functions, all on one
 * database — plain credits, holds, captures, releases, credit-campaign claims
 * (claimCampaignCredit), gift-card redemptions (redeemGiftCard, on gift-card vouchers issued by
 * the vouchers module's own issueVouchers), refer-a-friend credits (creditWallet with the settle
 * job's `raf:<referral>:referee|referrer` refs, both in one transaction, each referral tried many
 * times), points exchanges (exchangePoints: the rewards debit and the wallet credit in one
 * transaction; points seeded by recordOrderPoints + settleOrderPoints), replays of earlier
 * exchanges, and runs of the credit expiry job with an injected clock that each run moves on 30
 * days — while readers poll every balance and points figure. Afterwards: the wallet's and the
 * rewards ledger's invariants hold (every transaction sums to zero, cached balance = Σ entries =
 * last balance_after, no customer below 0, unspent dated credit within the balance), the credits
 * on the customers' side are exactly what the workers were told they got, points never went
 * negative and each exchange debited its points and credited their value at the recorded level's
 * rate, and each gift card, claim and referral side was credited at most once (and exactly when
 * its answer said so). It lives in the gateway because only the gateway depends on every one of
 * these services (checkout does not depend on rewards). A deadlock is retried (see withRetry). CI's fast tier runs 40 operations per
 * worker, the full tier 200 (M5_FULL=1 or outside CI). PGlite has one connection: skipped there.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { exchangeValuePence, GIFT_CARD_DEAL_ID, LOYALTY_LEVELS, londonExpiry } from '@shop/domain';
import { testDatabases } from '@shop/platform/test-databases';
import { exchangePoints, ledgerViolations as rewardsViolations, memberPoints, migrateRewards, recordOrderPoints, settleOrderPoints } from '@shop/rewards';
import { issueVouchers, migrateVouchers, newVouchers, redeemGiftCard } from '@shop/vouchers';
import {
  captureWalletCredit, claimCampaignCredit, creditWallet, expireWalletCredit, holdWalletCredit, ledgerViolations, migrateWallet, openWalletAccounts, releaseWalletCredit, upsertCreditCampaign, walletBalances,
} from '@shop/wallet';

const postgres = testDatabases().filter(([name]) => name === 'postgres');
const FULL = process.env.M5_FULL === '1' || process.env.CI !== 'true';
const OPS = FULL ? 200 : 40;
const WORKERS = 8;
const DAY = 24 * 3600 * 1000;
const ADVANCE = 30 * DAY;
const CUSTOMERS = Array.from({ length: 10 }, (_, i) => `ct-bankm-${String(i).padStart(2, '0')}-0123456789`);
const SEEDED_PAID_PENCE = 100_000; // 10 points a pound: 10,000 points each (Platinum, 150p per 100 points)
const REFERRAL_CREDIT = 1000;
const CARDS = 60;
const REFERRALS = 30;

/** A small seeded generator (mulberry32): the same seed draws the same operations. */
function random(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/**
 * 40P01 deadlock (and 40001): retried with a short random pause, at most 5 attempts; after that
 * the operation is given up, and must have left nothing. Writing this test found one: a
 * transaction with TWO creditWallet calls (the referral settle job's referee and referrer credits)
 * opened the second customer's accounts while holding the first credit's locks, and could wait
 * there on another transaction opening the same accounts, which waited for those locks. The job
 * (and this test's copy of it) now opens both sides' accounts first (openWalletAccounts), and the
 * test counts the retries it needed (none are expected).
 */
async function withRetry(work: () => Promise<unknown>, retries: { count: number; gaveUp: number }): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await work();
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== '40001' && code !== '40P01') throw err;
      if (attempt === 5) {
        retries.gaveUp++;
        return;
      }
      retries.count++;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** A capture of a released hold (or the reverse) is refused by design; anything else is a failure. */
function ignoreSettled(err: unknown): 'settled' {
  if (err instanceof Error && /cannot be (captured|released)/.test(err.message)) return 'settled';
  throw err;
}

describe.skipIf(postgres.length === 0)('M5 bank test with gift cards, claims, referral credit, points exchange and expiry', () => {
  it.each(postgres)(`on %s: ${WORKERS} workers × ${OPS} random operations, with readers: balanced, once-only, points = credit at the rate, totals conserved`, async (_name, open) => {
    const database = await open();
    const db = database.db;
    try {
      await migrateWallet(db);
      await migrateVouchers(db);
      await migrateRewards(db);
      const start = new Date();
      const clock = { now: start };

      // Three campaigns: two open for years, one whose link closes after 90 days of the clock.
      const campaigns = [
        { id: '7001', amount: 500, validUntil: new Date(start.getTime() + 3650 * DAY) },
        { id: '7002', amount: 1000, validUntil: new Date(start.getTime() + 3650 * DAY) },
        { id: '7003', amount: 700, validUntil: new Date(start.getTime() + 90 * DAY) },
      ];
      for (const c of campaigns) {
        await upsertCreditCampaign(db, { id: c.id, name: `Bank test ${c.id}`, amount: c.amount, currency: 'GBP', creditValidMonths: 12, creditExpiresAt: null, validFrom: new Date(start.getTime() - DAY), validUntil: c.validUntil, active: true });
      }
      // Gift cards paid at different times, so the clock finds some within their 6 months and some past them.
      const cards: Array<{ code: string; pence: number }> = [];
      for (let i = 0; i < CARDS; i++) {
        const paidAt = new Date(start.getTime() + (i % 20) * 30 * DAY - DAY);
        const pence = [1000, 2500, 5000][i % 3]!;
        const [v] = newVouchers(
          { order_id: randomUUID(), order_number: `GCB${i}`, order_line_id: String(i), customer_token: null, deal_id: GIFT_CARD_DEAL_ID, deal_product_id: GIFT_CARD_DEAL_ID + 11, title: 'Gift card', recipient_name: null, price: pence, paid: pence, currency: 'GBP', paid_at: paidAt, expires_at: londonExpiry(paidAt, 6) },
          1,
          paidAt,
        );
        await issueVouchers(db, [v!]);
        cards.push({ code: v!.code, pence });
      }
      // Points through the rewards module: an order's points, available after its refund window.
      for (const [i, token] of CUSTOMERS.entries()) {
        await db.transaction().execute((trx) => recordOrderPoints(trx, { orderId: `bankm-order-${i}`, customerToken: token, paidPence: SEEDED_PAID_PENCE, paidAt: new Date(start.getTime() - 30 * DAY) }));
      }
      await settleOrderPoints(db, { now: start, standing: async () => ({ paidPence: SEEDED_PAID_PENCE, refundedPence: 0, stands: true }) });
      const seededPoints = new Map<string, number>();
      for (const token of CUSTOMERS) seededPoints.set(token, (await memberPoints(db, token)).points);
      expect(seededPoints.get(CUSTOMERS[0]!)).toBe(10_000);

      // What the workers were told.
      const told = { plain: 0, claimed: 0, claimedPence: 0, cardsOk: new Map<string, number>(), cardPence: 0, rafCreated: 0, exchanged: 0, exchangedPence: 0, replays: 0, expiryRuns: 0, refusals: 0 };
      const exchangeRefs: Array<{ token: string; ref: string; creditPence: number }> = [];
      const holds: string[] = [];
      const retries = { count: 0, gaveUp: 0 };
      let stop = false;
      const reader = (async () => {
        let reads = 0;
        while (!stop) {
          for (const token of CUSTOMERS) {
            for (const b of await walletBalances(db, token)) expect(b.marketingBalance >= 0 && b.refundableBalance >= 0, `${token} balance`).toBe(true);
            const m = await memberPoints(db, token);
            expect(m.points >= 0 && m.points <= seededPoints.get(token)!, `${token} points ${m.points}`).toBe(true);
          }
          reads++;
        }
        return reads;
      })();

      const worker = async (seed: number) => {
        const rnd = random(seed * 7919);
        for (let i = 0; i < OPS; i++) {
          const ref = `m${seed}-${i}`;
          const token = CUSTOMERS[rnd(CUSTOMERS.length)]!;
          const op = rnd(14);
          const draws = rnd(2 ** 31);
          await withRetry(() => step(op, ref, token, clock.now, draws), retries);
        }
      };
      /** One operation; an exception rolls its transaction back and leaves no tally. */
      const step = async (op: number, ref: string, token: string, now: Date, draws: number) => {
        const rnd = random(draws);
        {
          if (op === 0) {
            await db.transaction().execute((trx) => creditWallet(trx, { customerToken: token, currency: 'GBP', amount: 1 + rnd(3000), bucket: rnd(2) ? 'marketing' : 'refundable', reason: 'bank test', ref }));
            told.plain++;
          } else if (op === 1) {
            const c = campaigns[rnd(campaigns.length)]!;
            const answer = await claimCampaignCredit(db, { customerToken: token, campaignId: c.id, now });
            if (answer.status === 'CLAIMED') {
              told.claimed++;
              told.claimedPence += c.amount;
            } else expect(['ALREADY_CLAIMED', 'EXPIRED']).toContain(answer.status);
          } else if (op === 2) {
            const card = cards[rnd(cards.length)]!;
            const answer = await redeemGiftCard(db, { code: card.code, customerToken: token, now });
            if (answer.ok) {
              expect(answer.amount).toBe(card.pence);
              told.cardsOk.set(card.code, (told.cardsOk.get(card.code) ?? 0) + 1);
              told.cardPence += answer.amount;
            } else expect(['ALREADY_REDEEMED', 'GIFT_CARD_EXPIRED']).toContain(answer.code);
          } else if (op === 3) {
            // A referral always names the same two customers; both sides in one transaction, as the settle job does.
            const r = rnd(REFERRALS);
            const referee = CUSTOMERS[r % CUSTOMERS.length]!;
            const referrer = CUSTOMERS[(r + 3) % CUSTOMERS.length]!;
            const expiresAt = londonExpiry(now, 12);
            // As the settle job: both sides' accounts opened first, then both credits in one transaction.
            await openWalletAccounts(db, [referee, referrer], 'GBP');
            const created = await db.transaction().execute(async (trx) => [
              await creditWallet(trx, { customerToken: referee, currency: 'GBP', amount: REFERRAL_CREDIT, bucket: 'marketing', reason: 'Refer a friend: welcome credit', ref: `raf:bank-${r}:referee`, expiresAt }),
              await creditWallet(trx, { customerToken: referrer, currency: 'GBP', amount: REFERRAL_CREDIT, bucket: 'marketing', reason: 'Refer a friend: a friend you referred', ref: `raf:bank-${r}:referrer`, expiresAt }),
            ]);
            told.rafCreated += created.filter((c) => c.created).length;
          } else if (op === 4 || op === 5) {
            const replay = op === 5 && exchangeRefs.length > 0 ? exchangeRefs[rnd(exchangeRefs.length)]! : null;
            const answer = await exchangePoints(db, { customerToken: replay?.token ?? token, points: 1 + rnd(900), ref: replay?.ref ?? ref, now });
            if (answer.ok && answer.replayed) {
              expect(answer.creditPence).toBe(replay!.creditPence);
              told.replays++;
            } else if (answer.ok) {
              told.exchanged++;
              told.exchangedPence += answer.creditPence;
              exchangeRefs.push({ token, ref, creditPence: answer.creditPence });
            } else {
              expect(['POINTS_OUT_OF_RANGE', 'NOT_ENOUGH_POINTS']).toContain(answer.refusal.code);
              told.refusals++;
            }
          } else if (op <= 9) {
            const held = await db.transaction().execute((trx) => holdWalletCredit(trx, { customerToken: token, currency: 'GBP', amount: 1 + rnd(3000), marketingMax: rnd(1500), ref, now }));
            if (held.ok) holds.push(ref);
            else told.refusals++;
          } else if (op <= 12) {
            if (holds.length === 0) return;
            const target = holds[rnd(holds.length)]!;
            const capture = op <= 11;
            await db.transaction().execute((trx) => (capture ? captureWalletCredit(trx, { ref: target }) : releaseWalletCredit(trx, { ref: target }))).catch(ignoreSettled);
          } else {
            // The job with the clock moved on: its own transactions, one per wallet, as in the shop.
            clock.now = new Date(clock.now.getTime() + ADVANCE);
            await expireWalletCredit(db, { now: clock.now });
            told.expiryRuns++;
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i + 1)));
      stop = true;
      expect(await reader).toBeGreaterThan(0);
      await expireWalletCredit(db, { now: clock.now });

      // The wallet: balanced transactions, cached = Σ entries = last balance_after, no customer below 0, total 0, lots within balances.
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await rewardsViolations(db)).toEqual([]);
      const pastDate = await sql<{ n: string }>`select count(*) as n from wallet.credit_lot where remaining > 0 and expires_at < ${clock.now}`.execute(db);
      expect(Number(pastDate.rows[0]!.n)).toBe(0);

      // Every credit on the customers' side, by its ref's family, is what the workers were told.
      const credits = await sql<{ family: string; n: string; pence: string; most: string }>`select family, count(*) as n, sum(amount) as pence, max(per_ref) as most from (
          select case when position(':' in t.ref) = 0 then 'plain' else split_part(t.ref, ':', 1) end as family, t.ref, sum(e.amount) as amount, count(*) as per_ref
          from wallet.ledger_transaction t join wallet.entry e on e.transaction_id = t.id join wallet.account a on a.id = e.account_id
          where t.kind = 'credit' and a.owner_type = 'customer' group by t.ref) c group by family order by family`.execute(db);
      const byFamily = Object.fromEntries(credits.rows.map((r) => [r.family, { n: Number(r.n), pence: Number(r.pence), most: Number(r.most) }]));
      for (const f of Object.values(byFamily)) expect(f.most).toBe(1);
      expect(byFamily['campaign'] ?? { n: 0, pence: 0 }).toMatchObject({ n: told.claimed, pence: told.claimedPence });
      expect(byFamily['gift-card'] ?? { n: 0, pence: 0 }).toMatchObject({ n: told.cardsOk.size, pence: told.cardPence });
      expect(byFamily['raf'] ?? { n: 0, pence: 0 }).toMatchObject({ n: told.rafCreated, pence: told.rafCreated * REFERRAL_CREDIT });
      expect(byFamily['rewards-exchange'] ?? { n: 0, pence: 0 }).toMatchObject({ n: told.exchanged, pence: told.exchangedPence });
      expect(byFamily['plain']?.n ?? 0).toBe(told.plain);

      // Once only: a gift card is redeemed by one answer; a claim row per credit; a referral side once.
      for (const [code, n] of told.cardsOk) expect(n, code).toBe(1);
      const redeemed = await sql<{ n: string }>`select count(*) as n from vouchers.voucher where deal_id = ${GIFT_CARD_DEAL_ID} and status = 'Redeemed'`.execute(db);
      expect(Number(redeemed.rows[0]!.n)).toBe(told.cardsOk.size);
      const claims = await sql<{ n: string; unpaid: string }>`select count(*) as n,
          count(*) filter (where not exists (select 1 from wallet.ledger_transaction t where t.kind = 'credit' and t.ref = c.credit_ref)) as unpaid
          from wallet.credit_claim c`.execute(db);
      expect({ n: Number(claims.rows[0]!.n), unpaid: Number(claims.rows[0]!.unpaid) }).toEqual({ n: told.claimed, unpaid: 0 });
      expect(told.claimed).toBeLessThanOrEqual(campaigns.length * CUSTOMERS.length);
      expect(told.rafCreated).toBeLessThanOrEqual(2 * REFERRALS);

      // Points: never below 0; each customer's points = seeded − exchanged; each exchange credited its value at its level's rate.
      const exchanges = await sql<{ customer_token: string; ref: string; points: number; credit_pence: number; level: string; wallet: string | null }>`select x.customer_token, x.ref, x.points, x.credit_pence, x.level,
          (select sum(e.amount) from wallet.ledger_transaction t join wallet.entry e on e.transaction_id = t.id join wallet.account a on a.id = e.account_id
            where t.kind = 'credit' and t.ref = 'rewards-exchange:' || x.customer_token || ':' || x.ref and a.owner_type = 'customer') as wallet
        from rewards.exchange x`.execute(db);
      expect(exchanges.rows).toHaveLength(told.exchanged);
      for (const x of exchanges.rows) {
        const rate = LOYALTY_LEVELS.find((l) => l.name === x.level)!.exchangeRate;
        expect(Number(x.credit_pence), x.ref).toBe(exchangeValuePence(Number(x.points), rate));
        expect(Number(x.wallet), x.ref).toBe(Number(x.credit_pence));
      }
      for (const token of CUSTOMERS) {
        const debited = exchanges.rows.filter((x) => x.customer_token === token).reduce((s, x) => s + Number(x.points), 0);
        const m = await memberPoints(db, token);
        expect(m.points, token).toBe(seededPoints.get(token)! - debited);
        expect(m.points).toBeGreaterThanOrEqual(0);
      }

      // The totals: customers' balances = credits − captures − expiries, mirrored by the system side.
      const flows = await sql<{ kind: string; pence: string }>`select t.kind, coalesce(sum(e.amount), 0) as pence from wallet.ledger_transaction t
          join wallet.entry e on e.transaction_id = t.id join wallet.account a on a.id = e.account_id
          where a.owner_type = 'system' group by t.kind`.execute(db);
      const totals = await sql<{ customers: string; system: string }>`select
          coalesce(sum(balance) filter (where owner_type = 'customer'), 0) as customers,
          coalesce(sum(balance) filter (where owner_type = 'system'), 0) as system from wallet.account`.execute(db);
      expect(BigInt(totals.rows[0]!.customers) + BigInt(totals.rows[0]!.system)).toBe(0n);
      const customersTold = Object.values(byFamily).reduce((s, f) => s + f.pence, 0);
      const systemCredits = -Number(flows.rows.find((r) => r.kind === 'credit')?.pence ?? 0);
      expect(systemCredits).toBe(customersTold);

      expect(retries.gaveUp, `retried ${retries.count} times`).toBe(0);
      // The mix really happened: every kind of operation moved money, and the clock's runs expired some.
      expect(told.claimed).toBeGreaterThan(0);
      expect(told.cardsOk.size).toBeGreaterThan(0);
      expect(told.rafCreated).toBeGreaterThan(0);
      expect(told.exchanged).toBeGreaterThan(0);
      expect(told.expiryRuns).toBeGreaterThan(0);
      expect(holds.length).toBeGreaterThan(0);
      const kinds = await sql<{ kind: string }>`select distinct kind from wallet.ledger_transaction order by kind`.execute(db);
      expect(kinds.rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['capture', 'credit', 'expiry', 'hold']));
    } finally {
      await database.close();
    }
  }, 300_000);
});
