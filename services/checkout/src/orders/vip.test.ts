/**
 * Issue 14 A: a VIP membership paid for at checkout is granted in the transaction that records the
 * payment (the users service's grantVipMembership, called with the checkout's transaction), for a
 * year, with an append-only event; nothing of it survives when that transaction rolls back; a
 * payment declined at settlement takes it back. The VIP tick starts unticked on the next order,
 * VIP is offered only to a signed-in shopper who is not a member, and a VIP-only option in a
 * non-member's checkout says why it cannot be bought. On PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { VIP_PRICE_PENCE } from '@shop/domain/buying';
import { cardOrder, checkoutFixture } from '../test/fixture.ts';
import { failDeclinedSettlement } from '../reconcile/settlement.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let seq = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const yearAfter = (d: Date) => {
  const y = new Date(d.getTime());
  y.setUTCMonth(y.getUTCMonth() + 12);
  return y;
};

describe.each(testDatabases())('VIP membership bought at checkout on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());

  const place = (token: string, body: unknown, query = '') => f.request('POST', `/checkout/${token}/order${query}`, { body, headers: { 'idempotency-key': fresh('key') } });
  const view = async (token: string, query = '') => (await (await f.request('GET', `/checkout/${token}${query}`)).json()) as Body;

  /** A live account in the users schema (what a sign-up writes), by its customer token. */
  async function account() {
    const customer = fresh('cust-vip').padEnd(12, '0');
    await sql`insert into users.account (customer_token, email, created_at, updated_at) values (${customer}, ${`${customer}@example.com`}, ${f.clock.now}, ${f.clock.now})`.execute(f.db);
    return customer;
  }
  const membership = async (customer: string) =>
    (await sql<{ vip_user: boolean; vip_status: string; vip_valid_until: Date | null }>`select vip_user, vip_status, vip_valid_until from users.account where customer_token = ${customer}`.execute(f.db)).rows[0]!;
  const events = async (customer: string) =>
    (
      await sql<{ kind: string; order_ref: string }>`select e.kind, e.order_ref from users.vip_membership_event e join users.account a on a.id = e.user_id where a.customer_token = ${customer} order by e.id`.execute(f.db)
    ).rows;

  /** A signed-in non-member ticks VIP and pays £10 + £4.99 by card. */
  async function buyWithVip(customer: string) {
    const p = await f.product({ pricePence: 1000 });
    const token = await f.basket([{ product: p, quantity: 1 }], customer);
    const before = await view(token, `?customerToken=${customer}`);
    expect(before.vipOffer).toEqual({ price: { amount: VIP_PRICE_PENCE, currency: 'GBP' }, checked: false });
    const ticked = (await (await f.request('PUT', `/checkout/${token}/options?customerToken=${customer}`, { body: { promoCode: null, wallet: false, vipChecked: true } })).json()) as Body;
    expect(ticked.orderSummary).toMatchObject({ vip: { amount: 499 }, cashAmount: { amount: 1499 } });
    return { token, product: p };
  }

  it('grants the membership with the payment: ACTIVE for a year, one granted event, and the next checkout starts unticked', async () => {
    const customer = await account();
    expect(await membership(customer)).toMatchObject({ vip_user: false, vip_status: 'NOT_CHECKED', vip_valid_until: null });
    const { token } = await buyWithVip(customer);
    const res = await place(token, cardOrder(1499, { email: `${customer}@example.com` }), `?customerToken=${customer}`);
    expect(res.status).toBe(201);
    const order = (await sql<{ id: string; vip: number; paid_at: Date }>`select id, vip, paid_at from orders.orders where customer_token = ${customer}`.execute(f.db)).rows[0]!;
    expect(order.vip).toBe(499);
    const m = await membership(customer);
    expect(m).toMatchObject({ vip_user: true, vip_status: 'ACTIVE' });
    expect(new Date(m.vip_valid_until!).toISOString()).toBe(yearAfter(new Date(order.paid_at)).toISOString());
    expect(await events(customer)).toEqual([{ kind: 'granted', order_ref: String(order.id) }]);

    // The basket's next checkout: nothing ticked, whatever happened before. As a member (the
    // gateway now says vipUser) VIP is not offered at all and never charged.
    const p2 = await f.product({ pricePence: 800 });
    const next = await f.basket([{ product: p2, quantity: 1 }], customer);
    expect(next).toBe(token);
    const asBefore = await view(next, `?customerToken=${customer}`);
    expect(asBefore.vipChecked).toBe(false);
    expect(asBefore.vipOffer).toMatchObject({ checked: false });
    expect(asBefore.orderSummary.vip.amount).toBe(0);
    const asMember = await view(next, `?customerToken=${customer}&vipUser=true`);
    expect(asMember.vipOffer).toBeNull();
    const stillTicked = (await (await f.request('PUT', `/checkout/${next}/options?customerToken=${customer}&vipUser=true`, { body: { promoCode: null, wallet: false, vipChecked: true } })).json()) as Body;
    expect(stillTicked.orderSummary).toMatchObject({ vip: { amount: 0 }, cashAmount: { amount: 800 } });
  });

  it('a membership still running is extended by a year from its end', async () => {
    const customer = await account();
    const end = new Date(f.clock.now.getTime() + 30 * 86_400_000);
    await sql`update users.account set vip_valid_until = ${end}, vip_user = true, vip_status = 'ACTIVE' where customer_token = ${customer}`.execute(f.db);
    // Bought while the gateway still saw a non-member (the offer is for non-members).
    const { token } = await buyWithVip(customer);
    expect((await place(token, cardOrder(1499, { email: `${customer}@example.com` }), `?customerToken=${customer}`)).status).toBe(201);
    expect(new Date((await membership(customer)).vip_valid_until!).toISOString()).toBe(yearAfter(end).toISOString());
  });

  it('the paying transaction rolled back (a crash before commit): no membership, no event', async () => {
    const customer = await account();
    const { token } = await buyWithVip(customer);
    f.remake({ faultPoint: 'after-provider-success-before-commit' });
    try {
      const res = await place(token, cardOrder(1499, { email: `${customer}@example.com` }), `?customerToken=${customer}`);
      expect(res.status).toBe(500);
    } finally {
      f.remake({});
    }
    const order = (await sql<{ status: string }>`select status from orders.orders where customer_token = ${customer}`.execute(f.db)).rows[0]!;
    expect(order.status).toBe('PENDING');
    expect(await membership(customer)).toMatchObject({ vip_user: false, vip_status: 'NOT_CHECKED', vip_valid_until: null });
    expect(await events(customer)).toEqual([]);
  });

  it('a payment declined at settlement takes the membership back, once, with a revoked event', async () => {
    const customer = await account();
    const { token } = await buyWithVip(customer);
    expect((await place(token, cardOrder(1499, { email: `${customer}@example.com` }), `?customerToken=${customer}`)).status).toBe(201);
    const order = (await sql<{ id: string; transaction_id: string }>`select id, transaction_id from orders.orders where customer_token = ${customer}`.execute(f.db)).rows[0]!;
    expect((await membership(customer)).vip_status).toBe('ACTIVE');
    const decline = { orderRef: String(order.id), transactionId: order.transaction_id, processorCode: '4001' };
    expect(await failDeclinedSettlement(f.app.deps, decline)).toBe(true);
    expect(await failDeclinedSettlement(f.app.deps, decline)).toBe(false);
    expect(await membership(customer)).toMatchObject({ vip_user: false, vip_status: 'NOT_CHECKED', vip_valid_until: null });
    expect(await events(customer)).toEqual([
      { kind: 'granted', order_ref: String(order.id) },
      { kind: 'revoked', order_ref: String(order.id) },
    ]);
    const mail = (await sql<{ text_body: string }>`select text_body from orders.mail_outbox where order_id = ${order.id} and kind = 'order_payment_failed'`.execute(f.db)).rows[0];
    expect(mail?.text_body).toContain('The VIP membership it paid for has been cancelled.');
  });

  it('a guest cannot hold VIP: not offered, and ticking it is refused naming vipChecked', async () => {
    const p = await f.product({ pricePence: 1000 });
    const token = await f.basket([{ product: p, quantity: 1 }]);
    expect((await view(token)).vipOffer).toBeNull();
    const res = await f.request('PUT', `/checkout/${token}/options`, { body: { promoCode: null, wallet: false, vipChecked: true } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Body).errors).toEqual([{ field: 'vipChecked', message: ERROR_MESSAGES.VIP_NEEDS_ACCOUNT }]);
    expect((await view(token)).orderSummary.vip.amount).toBe(0);
  });

  it('a VIP-only option in a non-member\'s checkout says it is for VIP members, and cannot be paid for', async () => {
    const customer = await account();
    const p = await f.product({ pricePence: 900 });
    await sql`update deals.product set vip_exclusive = true where id = ${p.productId}`.execute(f.db);
    const token = await f.basket([{ product: p, quantity: 1 }], customer);
    const v = await view(token, `?customerToken=${customer}`);
    expect(v.deals[0].problem).toEqual({ code: 'VIP_ONLY', message: ERROR_MESSAGES.VIP_ONLY });
    expect(v.canPay).toBe(false);
    const res = await place(token, cardOrder(900, { email: `${customer}@example.com` }), `?customerToken=${customer}`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Body).code).toBe('VIP_ONLY');
    // A member buys it at its VIP price.
    const member = await view(token, `?customerToken=${customer}&vipUser=true`);
    expect(member.deals[0].problem).toBeNull();
    expect(member.orderSummary.cashAmount.amount).toBe(900);
  });
});
