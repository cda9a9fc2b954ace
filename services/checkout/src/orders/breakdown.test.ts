/**
 * Issue 14 C: the totals explain themselves. Over the combinations the buying journeys make
 * (lines × postage × gift wrap / packs × promo code × VIP × wallet × deposit), the checkout
 * view's breakdown, the placed order's, the order read back and the confirmation email list every
 * part of the total; the parts add up to the total; the total less the wallet is what is paid now;
 * that is what the provider was charged; a deposit's balance is due later to the merchant.
 *
 * The default tier runs a pairwise covering set (every pair of two factors' values appears in
 * some case); BREAKDOWN_ALL=1 runs the whole product (432 orders).
 */
import { describe, expect, it } from 'vitest';
import { breakdownProblems, formatSignedMoney, type PriceBreakdown } from '@shop/domain/price-breakdown';
import { formatMoney } from '@shop/domain/money';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { sql } from 'kysely';
import { checkoutFixture, invariantViolations } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const FACTORS = {
  lines: ['one', 'two'],
  postage: [false, true],
  gift: ['none', 'wrap', 'pack'],
  promo: [null, 'WELCOME10', 'FIVEOFF'],
  vip: [false, true],
  wallet: ['none', 'part', 'all'],
  deposit: [false, true],
} as const;
type Factor = keyof typeof FACTORS;
type Case = { [K in Factor]: (typeof FACTORS)[K][number] };

function product(): Case[] {
  let out: Array<Partial<Case>> = [{}];
  for (const [name, values] of Object.entries(FACTORS) as Array<[Factor, readonly unknown[]]>) {
    out = out.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
  }
  return out as Case[];
}

/** A greedy pairwise covering set of the product: deterministic, every value pair of two factors in some case. */
function pairwise(all: Case[]): Case[] {
  const names = Object.keys(FACTORS) as Factor[];
  const pairsOf = (c: Case) => names.flatMap((a, i) => names.slice(i + 1).map((b) => `${a}=${String(c[a])}|${b}=${String(c[b])}`));
  const uncovered = new Set(all.flatMap(pairsOf));
  const chosen: Case[] = [];
  while (uncovered.size) {
    let best = all[0]!;
    let bestGain = -1;
    for (const c of all) {
      const gain = pairsOf(c).filter((p) => uncovered.has(p)).length;
      if (gain > bestGain) [best, bestGain] = [c, gain];
    }
    chosen.push(best);
    for (const p of pairsOf(best)) uncovered.delete(p);
  }
  return chosen;
}

const ALL = product();
const CASES = process.env.BREAKDOWN_ALL === '1' ? ALL : pairwise(ALL);
const name = (c: Case) => Object.entries(c).map(([k, v]) => `${k}:${String(v)}`).join(' ');
const ADDRESS = { name: 'Ann Buyer', line1: '1 George Square', town: 'Glasgow', postcode: 'G1 1AA' };

let seq = 0;

describe.each(testDatabases())('the price breakdown on %s', (_db, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());

  it(`covers every pair of values of the ${Object.keys(FACTORS).length} factors (${CASES.length} of ${ALL.length} combinations)`, () => {
    expect(CASES.length).toBeGreaterThan(8);
    for (const [factor, values] of Object.entries(FACTORS)) for (const v of values) expect(CASES.some((c) => c[factor as Factor] === v)).toBe(true);
  });

  it.each(CASES.map((c) => [name(c), c] as const))('%s', async (_label, c) => {
    seq += 1;
    const main = await f.product({ pricePence: 4000, postagePence: c.postage ? 299 : null, depositPricePence: c.deposit ? 1000 : null });
    const other = c.lines === 'two' ? await f.product({ pricePence: 999 }) : null;
    const gifting =
      c.gift === 'wrap'
        ? { giftWrap: 1, gifting: { gift: true, giftPackProductId: null, giftProductId: 2440914, type: 'wrapped' as const } }
        : c.gift === 'pack'
          ? { giftPack: 1, gifting: { gift: true, giftPackProductId: 2440915, giftProductId: null, type: 'ndd-gpk' as const } }
          : {};
    // A wallet and VIP belong to an account (a guest is never offered VIP), so those cases sign in.
    const customer = c.wallet === 'none' && !c.vip ? null : `breakdown-customer-${seq}-${Date.now().toString(36)}`;
    const token = await f.basket([{ product: main, quantity: 2, payDeposit: c.deposit, ...gifting }, ...(other ? [{ product: other, quantity: 1 }] : [])], customer);
    if (customer) await f.credit(customer, c.wallet === 'part' ? 300 : 1_000_000, 'refundable');
    const owner = customer ? `?customerToken=${customer}` : '';
    const put = await f.request('PUT', `/checkout/${token}/options${owner}`, { body: { promoCode: c.promo, wallet: c.wallet !== 'none', vipChecked: c.vip } });
    expect(put.status, await put.clone().text()).toBe(200);
    const view = (await put.json()) as Body;
    const b = view.breakdown as PriceBreakdown;

    // The checkout's list: adds up, names every part this basket has, and agrees with the summary.
    expect(breakdownProblems(b)).toEqual([]);
    expect(b.total).toBe(view.orderSummary.totalOrderAmount.amount);
    expect(b.payNow).toBe(view.orderSummary.cashAmount.amount);
    expect(b.wallet).toBe(view.orderSummary.walletCredit.amount);
    const kinds = b.parts.map((p) => p.kind);
    expect(kinds.filter((k) => k === 'line')).toHaveLength(c.lines === 'two' ? 2 : 1);
    expect(kinds.includes('postage')).toBe(c.postage);
    expect(kinds.includes('gift_wrap')).toBe(c.gift === 'wrap');
    expect(kinds.includes('gift_pack')).toBe(c.gift === 'pack');
    expect(kinds.includes('promo')).toBe(c.promo !== null);
    if (c.promo) expect(b.parts.find((p) => p.kind === 'promo')!.label).toBe(`Promo code ${c.promo}`);
    expect(kinds.includes('vip')).toBe(c.vip);
    expect(b.wallet > 0).toBe(c.wallet !== 'none');
    if (c.wallet === 'all') expect(b.payNow).toBe(0);
    // A deposit: £10 of each £40 unit now, the £30 rest of each of the 2 units later, to the merchant.
    expect(b.dueLater.map((d) => d.amount)).toEqual(c.deposit ? [6000] : []);
    if (c.deposit) expect(b.dueLater[0]!.to).toMatch(/\S/);
    expect(b.parts.find((p) => p.kind === 'line')!.amount).toBe(c.deposit ? 2000 : 8000);

    const email = `breakdown-${seq}@example.co.uk`;
    const body = {
      expectedCashAmount: b.payNow,
      payment: { method: 'credit_card', token: b.payNow > 0 ? 'fake-valid-nonce' : null, savedInstrumentId: null, saveInstrument: false },
      email,
      ...(c.postage || c.gift === 'pack' ? { deliveryAddress: ADDRESS } : {}),
    };
    const res = await f.request('POST', `/checkout/${token}/order${owner}`, { body, headers: { 'idempotency-key': `breakdown-${seq}-${Date.now()}` } });
    const answer = (await res.json()) as Body;
    expect(res.status, JSON.stringify(answer)).toBe(201);
    const order = answer.data.order as Body;

    // The order keeps the list it was charged by: the same as the checkout showed, and it adds up.
    expect(order.breakdown).toEqual(b);
    expect(order.total.amount).toBe(b.total);
    expect(order.cashAmount.amount).toBe(b.payNow);
    expect(order.walletAmountUsed.amount).toBe(b.wallet);
    const { id: orderId } = (await sql<{ id: string }>`select id from orders.orders where order_number = ${order.orderNumber}`.execute(f.db)).rows[0]!;
    // What the provider was charged is what the list says is paid now (nothing when the wallet paid all).
    const captured = f.sandboxes.braintree.captures(orderId).reduce((sum, t) => sum + t.amountPence, 0);
    expect(captured).toBe(b.payNow);
    const paid = (await sql<{ amount: number }>`select amount from orders.payment where order_id = ${orderId}`.execute(f.db)).rows;
    expect(paid.reduce((s, p) => s + p.amount, 0)).toBe(b.payNow);

    // Read back later (the confirmation page's source): the same list.
    const accessToken = answer.data.accessToken as string | null;
    const read = await f.request('GET', `/order/${order.orderNumber}${customer ? `?customerToken=${customer}` : `?accessToken=${accessToken}`}`);
    expect(((await read.json()) as Body).data.breakdown).toEqual(b);

    // The email lists every part, the total, what was paid now and what is due later.
    await f.app.settled();
    const mail = (await f.outbox(email)).find((m) => m.kind === 'order_confirmation');
    expect(mail?.subject, 'the confirmation email').toBe(`Your order ${order.orderNumber}: your vouchers`);
    for (const p of b.parts) expect(mail!.text).toContain(`${p.label}: ${formatSignedMoney(p.amount)}`);
    expect(mail!.text).toContain(`Total: ${formatMoney(b.total)}`);
    if (b.wallet > 0) expect(mail!.text).toContain(`Paid with wallet credit: −${formatMoney(b.wallet)}`);
    expect(mail!.text).toContain(`Paid now${b.payNow > 0 ? ' by Visa' : ''}: ${formatMoney(b.payNow)}`);
    for (const d of b.dueLater) expect(mail!.text).toContain(`due later to ${d.to}: ${formatMoney(d.amount)}`);
  });

  it('leaves the Part D invariants whole', async () => {
    expect(await invariantViolations(f.db)).toEqual({});
  });
});
