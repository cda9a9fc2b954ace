/**
 * Gift cards (issue 18 point 2; spec §7 /gift-card/redeem, §9): bought through the normal checkout
 * as an e-gift, issued as vouchers of the gift-card deal (the code in the recipient's email),
 * redeemed by another account for wallet credit of its value that expires 12 months after
 * redemption (a dated lot), once; refused after 6 months with the day it expired; a wrong code is
 * not found for everyone; guesses are limited per customer and per address; M8 on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ensureGiftCardDeal } from '@shop/deals';
import { CODE_ATTEMPT_LIMITS } from '../promo/attempts.ts';
import { ERROR_MESSAGES, GIFT_CARD_DEAL_ID, giftCardCreditExpiry, giftCardExpiredMessage, giftCardRedeemBy, londonExpiry } from '@shop/domain';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { issueVouchers, newVouchers } from '@shop/vouchers';
import { ledgerViolations, walletBalances, walletCreditLots } from '@shop/wallet';
import { sql } from 'kysely';
import { cardOrder, checkoutFixture, type CheckoutFixture, type TestProduct } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let seq = 0;
const key = () => `gc-${Date.now().toString(36)}-${++seq}`;
const customer = (name: string) => `ct-gift-${name}-${randomUUID().slice(0, 8)}`;
const egift = (name: string, email: string) => ({
  gift: { name, email, message: 'Treat yourself!' },
  gifting: { gift: true, giftPackProductId: null, giftProductId: null, type: 'e-gift' as const },
});

/** The £10 … £500 options of the seeded gift-card deal. */
async function giftCardOption(f: CheckoutFixture, pence: number): Promise<TestProduct> {
  const row = (await sql<{ id: number }>`select id from deals.product where deal_id = ${GIFT_CARD_DEAL_ID} and price_pence = ${pence}`.execute(f.db)).rows[0]!;
  return { productId: row.id, dealId: GIFT_CARD_DEAL_ID, pricePence: pence };
}

const redeem = (f: CheckoutFixture, customerToken: string, code: string, address?: string) =>
  f.request('POST', '/gift-card/redeem', { body: { customerToken, code }, ...(address ? { headers: { 'x-client-ip': address } } : {}) });

/** A gift card voucher written as the paying transaction writes it (for the rounds of M8 and the clock tests). */
async function issueCard(db: CheckoutFixture['db'], pence: number, paidAt: Date): Promise<string> {
  const [v] = newVouchers(
    { order_id: randomUUID(), order_number: `GC${++seq}`, order_line_id: String(seq), customer_token: null, deal_id: GIFT_CARD_DEAL_ID, deal_product_id: GIFT_CARD_DEAL_ID + 11, title: 'Gift card', recipient_name: null, price: pence, paid: pence, currency: 'GBP', paid_at: paidAt, expires_at: londonExpiry(paidAt, 6) },
    1,
    paidAt,
  );
  await issueVouchers(db, [v!]);
  return v!.code;
}

describe.each(testDatabases())('gift cards on %s', (_db, open) => {
  const f = suiteFixture(async () => {
    const fixture = await checkoutFixture(open);
    expect(await ensureGiftCardDeal(fixture.db)).toBe(true);
    expect(await ensureGiftCardDeal(fixture.db)).toBe(false); // once
    return fixture;
  }, (fixture) => fixture.close());

  it('the gift-card deal sells £10 to £500 at face value, its vouchers valid 6 months', async () => {
    const { rows } = await sql<{ price_pence: number; original_price_pence: number }>`select price_pence, original_price_pence from deals.product where deal_id = ${GIFT_CARD_DEAL_ID} order by position`.execute(f.db);
    expect(rows.map((r) => r.price_pence)).toEqual([1000, 2500, 5000, 10000, 20000, 50000]);
    expect(rows.every((r) => r.price_pence === r.original_price_pence)).toBe(true);
    const deal = (await sql<{ voucher_validity_months: number; delivery_type: string }>`select voucher_validity_months, delivery_type from deals.deal where id = ${GIFT_CARD_DEAL_ID}`.execute(f.db)).rows[0]!;
    expect(deal).toEqual({ voucher_validity_months: 6, delivery_type: 'voucher' });
  });

  it('bought as an e-gift, its code reaches the recipient; another shopper redeems it once for dated wallet credit', async () => {
    const buyer = customer('buyer');
    const option = await giftCardOption(f, 5000);
    const basket = await f.basket([{ product: option, quantity: 1, ...egift('Isla', 'isla@example.co.uk') }], buyer);
    const res = await f.request('POST', `/checkout/${basket}/order?customerToken=${buyer}`, { body: cardOrder(5000, { email: 'buyer@example.co.uk' }), headers: { 'idempotency-key': key() } });
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    await f.app.settled();
    const voucher = (body.data.order.vouchers as Body[])[0]!;
    const paidAt = new Date((await sql<{ paid_at: Date }>`select paid_at from vouchers.voucher where id = ${voucher.id}`.execute(f.db)).rows[0]!.paid_at);
    expect(new Date(voucher.expiresAt).getTime()).toBe(giftCardRedeemBy(paidAt).getTime());
    const mail = (await f.outbox('isla@example.co.uk'))[0]!;
    expect(mail.kind).toBe('egift_recipient');
    expect(mail.text).toContain(voucher.code);
    expect(mail.text).toContain('enter its code at https://shop.example/giftcard/redeem by the date shown');
    const code = /([2-9A-Z]{6}-[2-9A-Z]{6}-[2-9A-Z]{6})/.exec(mail.text)![1]!;
    expect(code).toBe(voucher.code);

    const isla = customer('isla');
    const redeemed = await redeem(f, isla, code.toLowerCase().replace(/-/g, ' '));
    const answer = (await redeemed.json()) as Body;
    expect(redeemed.status, JSON.stringify(answer)).toBe(200);
    expect(answer).toMatchObject({ amount: 5000, currency: 'GBP', creditExpiresAt: giftCardCreditExpiry(f.clock.now).toISOString() });
    expect(await walletBalances(f.db, isla)).toEqual([{ currency: 'GBP', balance: 5000, marketingBalance: 0, refundableBalance: 5000 }]);
    expect(await walletCreditLots(f.db, isla)).toEqual([expect.objectContaining({ amount: 5000, remaining: 5000, expiresAt: giftCardCreditExpiry(f.clock.now), reason: 'Gift card redeemed' })]);
    // The card is Redeemed, with its event naming who redeemed it.
    const events = (await sql<{ event: string; actor: string; actor_ref: string | null }>`select event, actor, actor_ref from vouchers.voucher_event where voucher_id = ${voucher.id} order by id`.execute(f.db)).rows;
    expect(events.at(-1)).toEqual({ event: 'redeem', actor: 'shopper', actor_ref: isla });

    // Once: again by the same shopper or by anyone else.
    for (const who of [isla, customer('other')]) {
      const again = await redeem(f, who, code);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ code: 'ALREADY_REDEEMED', detail: ERROR_MESSAGES.ALREADY_REDEEMED, errors: [{ field: 'code' }] });
    }
    expect((await walletBalances(f.db, isla))[0]!.balance).toBe(5000);
    expect(await ledgerViolations(f.db)).toEqual([]);
  });

  it('no promo code takes anything off a gift card, and promotional credit pays none of it (the gift card terms)', async () => {
    const shopper = customer('promo');
    await f.credit(shopper, 500, 'marketing');
    const plain = await f.product({ pricePence: 2000 });
    const basket = await f.basket([{ product: await giftCardOption(f, 5000), quantity: 1 }, { product: plain, quantity: 1 }], shopper);
    const put = await f.request('PUT', `/checkout/${basket}/options?customerToken=${shopper}`, { body: { promoCode: 'WELCOME10', wallet: true, vipChecked: false } });
    const view = (await put.json()) as Body;
    expect(put.status, JSON.stringify(view)).toBe(200);
    // 10% of the £20 voucher only; promotional credit up to 10% of the £20 voucher only.
    expect(view.orderSummary).toMatchObject({ subtotal: { amount: 7000 }, promoDiscount: { amount: 200 }, walletCredit: { amount: 200 } });
    expect(view.wallet).toMatchObject({ usable: { amount: 200 } });
  });

  it('a wrong code, and a real voucher code that is not a gift card, are the same not found', async () => {
    const ordinary = await f.product({ pricePence: 1500 });
    const buyer = customer('plain');
    const basket = await f.basket([{ product: ordinary, quantity: 1 }], buyer);
    const res = await f.request('POST', `/checkout/${basket}/order?customerToken=${buyer}`, { body: cardOrder(1500, { email: 'plain@example.co.uk' }), headers: { 'idempotency-key': key() } });
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    const answers = await Promise.all([redeem(f, customer('w1'), 'AAAAAA-BBBBBB-CCCCCC'), redeem(f, customer('w2'), (body.data.order.vouchers as Body[])[0]!.code)]);
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(await a.json()).toMatchObject({ code: 'GIFT_CARD_NOT_FOUND', detail: ERROR_MESSAGES.GIFT_CARD_NOT_FOUND, errors: [{ field: 'code', message: ERROR_MESSAGES.GIFT_CARD_NOT_FOUND }] });
    }
    const missing = await f.request('POST', '/gift-card/redeem', { body: { code: 'AAAAAA-BBBBBB-CCCCCC' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain('customerToken');
  });

  it('within 6 months of purchase to the end of that London day, and after it a clear refusal naming the day', async () => {
    const paidAt = new Date(f.clock.now.getTime() - 200 * 86_400_000);
    const late = await issueCard(f.db, 2500, paidAt);
    const res = await redeem(f, customer('late'), late);
    expect(res.status).toBe(409);
    const redeemBy = giftCardRedeemBy(paidAt);
    expect(await res.json()).toMatchObject({ code: 'GIFT_CARD_EXPIRED', detail: giftCardExpiredMessage(redeemBy), expiredAt: redeemBy.toISOString() });
    // The last minute of the last day is in time; a minute after it is not.
    const paid = new Date(f.clock.now.getTime() - 30 * 86_400_000);
    const deadline = giftCardRedeemBy(paid);
    const [inTime, tooLate] = [await issueCard(f.db, 1000, paid), await issueCard(f.db, 1000, paid)];
    const before = f.clock.now;
    try {
      f.clock.now = new Date(deadline.getTime() - 60_000);
      expect((await redeem(f, customer('in-time'), inTime)).status).toBe(200);
      f.clock.now = new Date(deadline.getTime() + 60_000);
      const refused = await redeem(f, customer('too-late'), tooLate);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'GIFT_CARD_EXPIRED', expiredAt: deadline.toISOString() });
    } finally {
      f.clock.now = before;
    }
  });

  it('code guessing is limited per customer and per address; a code that exists is not counted', async () => {
    const guesser = customer('guesser');
    for (let i = 0; i < CODE_ATTEMPT_LIMITS.customer.limit; i++) expect((await redeem(f, guesser, `WRONG${i}`)).status).toBe(404);
    const good = await issueCard(f.db, 1000, f.clock.now);
    const refused = await redeem(f, guesser, good);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [{ field: 'code' }] });
    expect(await walletBalances(f.db, guesser)).toEqual([]);
    // Per address: many accounts behind one address share its allowance.
    const address = '203.0.113.77';
    let status = 0;
    for (let i = 0; i <= CODE_ATTEMPT_LIMITS.address.limit; i++) status = (await redeem(f, customer(`addr${i}`), `NOPE${i}`, address)).status;
    expect(status).toBe(429);
    // A shopper who redeems real codes is never limited by them.
    const honest = customer('honest');
    for (let i = 0; i < CODE_ATTEMPT_LIMITS.customer.limit + 2; i++) expect((await redeem(f, honest, await issueCard(f.db, 1000, f.clock.now))).status).toBe(200);
  });
});

const postgres = testDatabases().filter(([name]) => name === 'postgres');
// Reliability M8: 32 accounts at once on one code; the full tier repeats it 50 times, CI's fast tier 5.
const ROUNDS = process.env.CI === 'true' ? 5 : 50;

describe.skipIf(postgres.length === 0)('M8: one gift card redeemed by 32 accounts at once', () => {
  it.each(postgres)(`on %s: ${ROUNDS} rounds: one credit, 31 ALREADY_REDEEMED, the ledger balanced`, async (_name, open) => {
    const f = await checkoutFixture(open);
    try {
      await ensureGiftCardDeal(f.db);
      for (let round = 0; round < ROUNDS; round++) {
        const code = await issueCard(f.db, 2500, f.clock.now);
        const who = Array.from({ length: 32 }, (_, i) => `ct-gcrace-${round}-${i}-0123456789`);
        const answers = await Promise.all(who.map(async (token) => ({ token, res: await redeem(f, token, code) })));
        const won = answers.filter((a) => a.res.status === 200);
        expect(won, `round ${round}`).toHaveLength(1);
        const lost = await Promise.all(answers.filter((a) => a.res.status !== 200).map(async (a) => ({ status: a.res.status, code: ((await a.res.json()) as Body).code })));
        expect(lost, `round ${round}`).toEqual(Array.from({ length: 31 }, () => ({ status: 409, code: 'ALREADY_REDEEMED' })));
        const credited = await sql<{ n: number }>`select count(*)::int as n from wallet.ledger_transaction where ref like 'gift-card:%' and customer_token = any(${who})`.execute(f.db);
        expect(credited.rows[0]!.n, `round ${round}`).toBe(1);
        expect((await walletBalances(f.db, won[0]!.token))[0]!.balance).toBe(2500);
      }
      expect(await ledgerViolations(f.db)).toEqual([]);
    } finally {
      await f.close();
    }
  }, 300_000);
});
