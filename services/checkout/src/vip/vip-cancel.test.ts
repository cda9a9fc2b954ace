/**
 * Issue 18 point 5 (UK DMCC Act 2024): a VIP membership cancelled within 14 days of joining or
 * renewing ends at once and its £4.99 goes back (the card part to the provider, once, by key;
 * the wallet part to the wallet); after the 14 days it cannot be refunded and, as it never
 * renews by itself, nothing changes. Another shopper cannot cancel it. On PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { walletBalances } from '@shop/wallet';
import { cardOrder, checkoutFixture } from '../test/fixture.ts';
import { retryVipRefunds } from './vip-cancel.ts';
import { remindVipEnding, VIP_CANCELLED_MAIL, VIP_ENDING_MAIL } from './vip-mail.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let seq = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('cancelling VIP membership on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());

  async function account() {
    const customer = fresh('cust-vipc').padEnd(12, '0');
    await sql`insert into users.account (customer_token, email, created_at, updated_at) values (${customer}, ${`${customer}@example.com`}, ${f.clock.now}, ${f.clock.now})`.execute(f.db);
    return customer;
  }
  const membership = async (customer: string) =>
    (await sql<{ vip_user: boolean; vip_status: string; vip_valid_until: Date | null }>`select vip_user, vip_status, vip_valid_until from users.account where customer_token = ${customer}`.execute(f.db)).rows[0]!;
  const events = async (customer: string) =>
    (await sql<{ kind: string }>`select e.kind from users.vip_membership_event e join users.account a on a.id = e.user_id where a.customer_token = ${customer} order by e.id`.execute(f.db)).rows.map((r) => r.kind);

  /** A signed-in non-member ticks VIP and pays £10 + £4.99 (by card, less `wallet` from the wallet). */
  async function join(customer: string, wallet = 0) {
    const p = await f.product({ pricePence: 1000 });
    const token = await f.basket([{ product: p, quantity: 1 }], customer);
    if (wallet) await f.credit(customer, wallet);
    const options = await f.request('PUT', `/checkout/${token}/options?customerToken=${customer}`, { body: { promoCode: null, wallet: wallet > 0, vipChecked: true } });
    const cash = ((await options.json()) as Body).orderSummary.cashAmount.amount as number;
    const res = await f.request('POST', `/checkout/${token}/order?customerToken=${customer}`, { body: cardOrder(cash, { email: `${customer}@example.com` }), headers: { 'idempotency-key': fresh('key') } });
    expect(res.status).toBe(201);
    return (await sql<{ id: string; transaction_id: string | null }>`select id, transaction_id from orders.orders where customer_token = ${customer} order by created_at desc limit 1`.execute(f.db)).rows[0]!;
  }
  const mails = async (orderId: string, kind: string) =>
    (await sql<{ to_address: string; subject: string; text_body: string }>`select to_address, subject, text_body from orders.mail_outbox where order_id = ${orderId} and kind = ${kind}`.execute(f.db)).rows;
  const cancel = (customer: string) => f.request('POST', `/checkout/vip/cancel?customerToken=${customer}`);
  const look = (customer: string) => f.request('GET', `/checkout/vip/cancellation?customerToken=${customer}`);

  it('within 14 days: ends at once, refund to the card recorded (requested until the capture settles, then completed with the same key), once', async () => {
    const customer = await account();
    const order = await join(customer);
    expect(await membership(customer)).toMatchObject({ vip_user: true, vip_status: 'ACTIVE' });
    const before = (await (await look(customer)).json()) as Body;
    expect(before).toMatchObject({ refundable: true, amount: 499 });

    f.clock.advance(13 * DAY);
    const res = await cancel(customer);
    expect(res.status).toBe(200);
    const refund = (await res.json()) as Body;
    // The Braintree sale has not settled yet: the provider says not yet, so it stays requested.
    expect(refund).toMatchObject({ amount: 499, cardAmount: 499, walletAmount: 0, state: 'requested' });
    expect(await membership(customer)).toMatchObject({ vip_user: false, vip_status: 'ELIGIBLE', vip_valid_until: null });
    expect(await events(customer)).toEqual(['granted', 'revoked']);

    f.sandboxes.braintree.settle(order.transaction_id!);
    expect(await retryVipRefunds(f.app.deps)).toBe(1);
    const row = (await sql<{ state: string; provider_reference: string | null }>`select state, provider_reference from orders.vip_refund where order_id = ${order.id}`.execute(f.db)).rows[0]!;
    expect(row.state).toBe('completed');
    expect(row.provider_reference).toBeTruthy();
    const refunds = (await sql<{ amount: string; state: string; reference: string | null }>`select amount, state, reference from payment.refund where order_ref = ${order.id}`.execute(f.db)).rows;
    expect(refunds.map((r) => [Number(r.amount), r.state])).toEqual([[499, 'refunded']]);
    // The membership's refund names the provider's refund it was paid by.
    expect(row.provider_reference).toBe(refunds[0]!.reference);
    expect(await retryVipRefunds(f.app.deps)).toBe(0);

    // Cancelling again: nothing left to cancel, nothing refunded twice.
    const again = await cancel(customer);
    expect(again.status).toBe(404);
    expect(((await again.json()) as Body).code).toBe('VIP_NOT_A_MEMBER');
    expect((await look(customer)).status).toBe(404);
  });

  it('the part paid from the wallet goes back to the wallet in the cancelling transaction', async () => {
    const customer = await account();
    // £14.99 in all, £20 in the wallet: the wallet pays everything, no card capture.
    await join(customer, 2000);
    const walletBefore = await walletBalances(f.db, customer);
    const res = await cancel(customer);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ amount: 499, cardAmount: 0, walletAmount: 499, state: 'completed' });
    const walletAfter = await walletBalances(f.db, customer);
    const total = (b: typeof walletBefore) => b.reduce((s, w) => s + w.balance, 0);
    expect(total(walletAfter) - total(walletBefore)).toBe(499);
  });

  it('paid partly from the wallet: the wallet part back to the wallet first, the rest to the card', async () => {
    const customer = await account();
    // £14.99 in all, £3 of it from the wallet.
    const order = await join(customer, 300);
    const paid = (await sql<{ wallet_used: number; cash_amount: number }>`select wallet_used, cash_amount from orders.orders where id = ${order.id}`.execute(f.db)).rows[0]!;
    expect(paid).toEqual({ wallet_used: 300, cash_amount: 1199 });
    const res = await cancel(customer);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ amount: 499, walletAmount: 300, cardAmount: 199, state: 'requested' });
    // The confirmation, written in the cancelling transaction: the refund and where each part goes.
    const [mail, ...more] = await mails(order.id, VIP_CANCELLED_MAIL);
    expect(more).toHaveLength(0);
    expect(mail!.to_address).toBe(`${customer}@example.com`);
    expect(mail!.subject).toContain('Your VIP membership is cancelled');
    expect(mail!.text_body).toContain('You get £4.99 back:');
    expect(mail!.text_body).toContain('- £1.99 to the card you paid with.');
    expect(mail!.text_body).toContain('- £3 to your wallet');
    const wallet = await walletBalances(f.db, customer);
    expect(wallet.reduce((s, w) => s + w.balance, 0)).toBe(300);
  });

  it('after 14 days (London days): refused, nothing changes, and the answer says it does not renew and when it ends', async () => {
    const customer = await account();
    await join(customer);
    const until = (await membership(customer)).vip_valid_until;
    f.clock.advance(16 * DAY);
    expect(((await (await look(customer)).json()) as Body).refundable).toBe(false);
    const res = await cancel(customer);
    expect(res.status).toBe(409);
    const body = (await res.json()) as Body;
    expect(body.code).toBe('VIP_REFUND_WINDOW_CLOSED');
    expect(body.detail).toContain('does not renew automatically');
    expect(body.detail).toContain('It ends on');
    expect(await membership(customer)).toMatchObject({ vip_user: true, vip_status: 'ACTIVE', vip_valid_until: until });
    expect(await events(customer)).toEqual(['granted']);
    expect((await sql`select 1 from orders.vip_refund where customer_token = ${customer}`.execute(f.db)).rows).toHaveLength(0);
    // Refused: no cancellation email.
    expect((await sql`select 1 from orders.mail_outbox m join orders.orders o on o.id = m.order_id where o.customer_token = ${customer} and m.kind = ${VIP_CANCELLED_MAIL}`.execute(f.db)).rows).toHaveLength(0);
  });

  it("another shopper cannot cancel someone's membership; a shopper with none is told so", async () => {
    const owner = await account();
    await join(owner);
    const other = await account();
    const res = await cancel(other);
    expect(res.status).toBe(404);
    expect(((await res.json()) as Body).detail).toBe(ERROR_MESSAGES.VIP_NOT_A_MEMBER);
    expect(await membership(owner)).toMatchObject({ vip_user: true, vip_status: 'ACTIVE' });
    // The customer token comes from the session: a missing one is a bad request naming it.
    const bare = await f.request('POST', '/checkout/vip/cancel');
    expect(bare.status).toBe(400);
    expect(JSON.stringify(await bare.json())).toContain('customerToken');
  });

  it('the "ends on" reminder: not before 14 days ahead, then once per membership even with two runs at once; none for a cancelled one', async () => {
    const customer = await account();
    const order = await join(customer);
    const cancelled = await account();
    const cancelledOrder = await join(cancelled);
    expect((await cancel(cancelled)).status).toBe(200);
    const ends = (await membership(customer)).vip_valid_until!;
    const deps = f.app.deps;
    // 15 days before its end: not due.
    f.clock.now = new Date(new Date(ends).getTime() - 15 * DAY);
    await remindVipEnding(deps);
    expect(await mails(order.id, VIP_ENDING_MAIL)).toHaveLength(0);
    // 13 days before: due; two runs at once write it once.
    f.clock.now = new Date(new Date(ends).getTime() - 13 * DAY);
    await Promise.all([remindVipEnding(deps), remindVipEnding(deps)]);
    await remindVipEnding(deps);
    const sent = await mails(order.id, VIP_ENDING_MAIL);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to_address).toBe(`${customer}@example.com`);
    expect(sent[0]!.subject).toMatch(/^Your VIP membership ends on \d{1,2} \w+ \d{4}$/);
    expect(sent[0]!.text_body).toContain('It does not renew automatically');
    expect(sent[0]!.text_body).toContain('/deals/vip');
    expect(await mails(cancelledOrder.id, VIP_ENDING_MAIL)).toHaveLength(0);
  });
});
