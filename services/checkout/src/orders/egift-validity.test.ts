/**
 * Issue 14 D: an e-gift's recipient is emailed their vouchers when the order is paid (the same
 * outbox and transaction as the order's own mail, one message per recipient with its own
 * Message-ID, at least once, never the price). Issue 14 E: a voucher's validity is its deal's one
 * figure, the one its fine print states, and every date a shopper reads is a London date in words.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDealsApp } from '@shop/deals';
import { VOUCHER_VALIDITY_SENTENCE } from '@shop/domain/buying';
import { londonDateInWords, londonExpiry } from '@shop/domain/london-time';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { sql } from 'kysely';
import { orderMailMessageId } from './orders.ts';
import { cardOrder, checkoutFixture } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let keySeq = 0;
const newKey = () => `egift-${Date.now().toString(36)}-${++keySeq}`;
const egift = (name: string, email: string | null, message: string | null) => ({
  gift: { name, email, message },
  gifting: { gift: true, giftPackProductId: null, giftProductId: null, type: 'e-gift' as const },
});

describe.each(testDatabases())('e-gift mail and voucher validity on %s', (_db, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());

  it('each e-gift recipient gets their vouchers, the giver\'s message and what to do next, once, never the price', async () => {
    const spa = await f.product({ pricePence: 4999 });
    const tea = await f.product({ pricePence: 2350 });
    const kept = await f.product({ pricePence: 1275 });
    const token = await f.basket([
      { product: spa, quantity: 2, ...egift('Bea', 'Bea.Friend@Example.co.uk', 'Happy birthday, Bea!') },
      { product: tea, quantity: 1, ...egift('Cal', 'cal@example.co.uk', null) },
      { product: kept, quantity: 1, ...egift('Dee', null, 'I will forward this') },
    ]);
    const res = await f.request('POST', `/checkout/${token}/order`, { body: cardOrder(2 * 4999 + 2350 + 1275, { email: 'giver@example.co.uk' }), headers: { 'idempotency-key': newKey() } });
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    const order = body.data.order as Body;
    await f.app.settled();

    const bea = await f.outbox('bea.friend@example.co.uk');
    expect(bea).toHaveLength(1);
    const mail = bea[0]!;
    expect(mail.kind).toBe('egift_recipient');
    expect(mail.subject).toContain('A gift for you from a friend');
    expect(mail.text).toContain('A friend has sent you a gift from Thistle Deals');
    // The claim page is open to whoever has the link: never the buyer's email address (nor in the mail).
    expect(`${mail.subject}\n${mail.text}`).not.toContain('giver@example.co.uk');
    expect(mail.text).toContain('Hello Bea,');
    expect(mail.text).toContain('"Happy birthday, Bea!"');
    const spaVouchers = (order.vouchers as Body[]).filter((v) => v.dealProductId === spa.productId);
    expect(spaVouchers).toHaveLength(2);
    for (const v of spaVouchers) expect(mail.text).toContain(`${v.title}: ${v.code} (use by ${londonDateInWords(v.expiresAt)})`);
    expect(mail.text).toContain('ready to use');
    expect(mail.text).toContain('What to do next');
    // Never the price, nor anybody else's voucher; one link: the claim link of their gift (issue 16 point 8).
    expect(mail.text).not.toMatch(/£|\d+\.\d\d/);
    expect(mail.subject).not.toContain('£');
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([expect.stringMatching(/\/mygift\?claim=[A-Za-z0-9_-]{32}$/)]);
    // The link claims exactly Bea's vouchers (the vouchers service's gift, made in the paying transaction).
    const claim = /claim=([A-Za-z0-9_-]{32})/.exec(mail.text)![1]!;
    const gifted = (await sql<{ id: string }>`select v.id from vouchers.voucher v join vouchers.gift g on g.id = v.gift_id where g.token_hash = ${createHash('sha256').update(claim).digest('hex')}`.execute(f.db)).rows;
    expect(gifted.map((r) => r.id).sort()).toEqual(spaVouchers.map((v) => v.id).sort());
    const giftRow = (await sql<{ giver_name: string }>`select giver_name from vouchers.gift where token_hash = ${createHash('sha256').update(claim).digest('hex')}`.execute(f.db)).rows[0];
    expect(giftRow?.giver_name).toBe('A friend');
    for (const v of order.vouchers as Body[]) if (v.dealProductId !== spa.productId) expect(mail.text).not.toContain(v.code);

    const cal = await f.outbox('cal@example.co.uk');
    expect(cal).toHaveLength(1);
    expect(cal[0]!.text).not.toContain('Their message');
    expect(cal[0]!.messageId).not.toBe(mail.messageId);
    // The giver's own confirmation is still one message.
    expect((await f.outbox('giver@example.co.uk')).filter((m) => m.kind === 'order_confirmation')).toHaveLength(1);

    // At least once: a sender that died after the hand-over leaves the row unsent; the next run
    // hands it over again with the same Message-ID, and the outbox keeps it once.
    const { id: orderId } = (await sql<{ id: string }>`select id from orders.orders where order_number = ${order.orderNumber}`.execute(f.db)).rows[0]!;
    const rows = (await sql<{ kind: string; recipient_key: string; order_id: string }>`select kind, recipient_key, order_id from orders.mail_outbox where order_id = ${orderId} order by id`.execute(f.db)).rows;
    expect(rows.map((r) => [r.kind, r.recipient_key])).toEqual([
      ['order_confirmation', ''],
      ['egift_recipient', 'bea.friend@example.co.uk'],
      ['egift_recipient', 'cal@example.co.uk'],
    ]);
    expect(mail.messageId).toBe(orderMailMessageId(rows[1]!));
    await sql`update orders.mail_outbox set sent_at = null, claimed_until = null where order_id = ${orderId} and kind = 'egift_recipient'`.execute(f.db);
    await f.request('POST', '/checkout/reconcile');
    await f.app.settled();
    expect(await f.outbox('bea.friend@example.co.uk')).toHaveLength(1);
    expect(await f.outbox('cal@example.co.uk')).toHaveLength(1);
  });

  it('a declined payment emails no recipient', async () => {
    const p = await f.product({ pricePence: 1800 });
    const token = await f.basket([{ product: p, quantity: 1, ...egift('Eve', 'eve@example.co.uk', 'For you') }]);
    const res = await f.request('POST', `/checkout/${token}/order`, {
      body: cardOrder(1800, { email: 'giver2@example.co.uk', payment: { method: 'credit_card', token: 'fake-processor-declined-visa-nonce', savedInstrumentId: null, saveInstrument: false } }),
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.status).toBe(402);
    await f.app.settled();
    expect(await f.outbox('eve@example.co.uk')).toEqual([]);
  });

  it("every seeded deal's fine print states the validity its vouchers get, and the email dates them in London words", async () => {
    const deals = createDealsApp({ db: f.db as never, serviceToken: 'deals-test-token', now: () => f.clock.now });
    const seeded = (await sql<{ id: number; product_id: number; months: number }>`select d.id, min(p.id) as product_id, d.voucher_validity_months as months
        from deals.deal d join deals.product p on p.deal_id = d.id
        where d.id < 90000000 and not p.disabled and not p.vip_exclusive and not d.vip_exclusive and (d.closing_date is null or d.closing_date > ${f.clock.now})
          and (p.remaining is null or p.remaining > 0) and p.check_in_date is null
        group by d.id order by d.id`.execute(f.db)).rows;
    expect(seeded.length).toBeGreaterThan(3);
    expect(new Set(seeded.map((d) => d.months)).size, 'the seed gives deals different validities').toBeGreaterThan(1);
    for (const d of seeded) {
      const res = await deals.request(`/deal/${d.id}`, { headers: { [SERVICE_TOKEN_HEADER]: 'deals-test-token' } });
      expect(res.status).toBe(200);
      const deal = (await res.json()) as Body;
      const stated = (deal.finePrint as string[]).map((line) => VOUCHER_VALIDITY_SENTENCE.exec(line)).filter((m) => m !== null);
      expect(stated, `deal ${d.id}: one validity sentence`).toHaveLength(1);
      const months = Number(stated[0]![1]);

      const product = { productId: d.product_id, dealId: d.id, pricePence: 0 };
      const token = await f.basket([{ product, quantity: 1 }]);
      const view = (await (await f.request('GET', `/checkout/${token}`)).json()) as Body;
      if (!view.canPay) continue;
      const email = `validity-${d.id}@example.co.uk`;
      const needsAddress = view.needsDeliveryAddress ? { deliveryAddress: { name: 'Ann', line1: '1 George Square', town: 'Glasgow', postcode: 'G1 1AA' } } : {};
      const placed = await f.request('POST', `/checkout/${token}/order`, { body: cardOrder(view.orderSummary.cashAmount.amount, { email, ...needsAddress }), headers: { 'idempotency-key': newKey() } });
      const answer = (await placed.json()) as Body;
      expect(placed.status, JSON.stringify(answer)).toBe(201);
      const voucher = answer.data.order.vouchers[0] as Body;
      expect(voucher.expiresAt, `deal ${d.id}`).toBe(londonExpiry(new Date(answer.data.order.paidAt), months).toISOString());
      await f.app.settled();
      const mail = (await f.outbox(email)).find((m) => m.kind === 'order_confirmation')!;
      expect(mail.text).toContain(`(use by ${londonDateInWords(voucher.expiresAt)})`);
      expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
  });
});
