/**
 * Issue 18 point 2: an e-gift dated by the shopper waits in the order mail outbox until the start
 * of its London send date, then goes once (the same sender, lease and Message-ID as every order
 * mail); the order and its confirmation say when. The clock is the fixture's, moved by the test.
 */
import { describe, expect, it } from 'vitest';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { giftSendOnInWords, startOfLondonDay } from '@shop/domain/gift-send-date';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { sql } from 'kysely';
import { cardOrder, checkoutFixture } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let keySeq = 0;
const newKey = () => `egift-date-${Date.now().toString(36)}-${++keySeq}`;
const egift = (name: string, email: string, sendOn: string | null) => ({
  gift: { name, email, message: 'Happy birthday', ...(sendOn ? { sendOn } : {}) },
  gifting: { gift: true, giftPackProductId: null, giftProductId: null, type: 'e-gift' as const },
});

describe.each(testDatabases())('a dated e-gift on %s', (_db, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());

  it('is not emailed before its London date, and once on it; an undated one goes at once', async () => {
    const dated = await f.product({ pricePence: 2500 });
    const now = await f.product({ pricePence: 1000 });
    const sendOn = addDaysToDate(londonDate(f.clock.now), 3);
    const token = await f.basket([
      { product: dated, quantity: 1, ...egift('Isla', 'isla@example.co.uk', sendOn) },
      { product: now, quantity: 1, ...egift('Rory', 'rory@example.co.uk', null) },
    ]);
    const res = await f.request('POST', `/checkout/${token}/order`, { body: cardOrder(3500, { email: 'dated-giver@example.co.uk' }), headers: { 'idempotency-key': newKey() } });
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    await f.app.settled();
    const order = body.data.order as Body;

    // The order says when; so does the buyer's confirmation.
    expect((order.lines as Body[]).map((l) => [l.dealProductId, l.giftSendOn])).toEqual(expect.arrayContaining([[dated.productId, sendOn], [now.productId, null]]));
    const confirmation = (await f.outbox('dated-giver@example.co.uk')).find((m) => m.kind === 'order_confirmation')!;
    expect(confirmation.text).toContain(`a gift for Isla (we email it to them on ${giftSendOnInWords(sendOn)})`);
    expect(confirmation.text).not.toContain('a gift for Rory (we email');
    // The undated gift went straight away; the dated one waits, its gift row keeps the date.
    expect(await f.outbox('rory@example.co.uk')).toHaveLength(1);
    expect(await f.outbox('isla@example.co.uk')).toEqual([]);
    const gifts = (await sql<{ recipient_email: string; send_on: string | null }>`select recipient_email, send_on from vouchers.gift order by recipient_email`.execute(f.db)).rows;
    expect(gifts.filter((g) => g.recipient_email.endsWith('@example.co.uk') && ['isla@example.co.uk', 'rory@example.co.uk'].includes(g.recipient_email))).toEqual([
      { recipient_email: 'isla@example.co.uk', send_on: sendOn },
      { recipient_email: 'rory@example.co.uk', send_on: null },
    ]);

    // A minute before the London day starts: the job runs and still sends nothing.
    const start = startOfLondonDay(sendOn);
    f.clock.advance(start.getTime() - 60_000 - f.clock.now.getTime());
    await f.request('POST', '/checkout/reconcile');
    await f.app.settled();
    expect(await f.outbox('isla@example.co.uk')).toEqual([]);

    // On the day: sent once, however often the job runs.
    f.clock.advance(2 * 60_000);
    await f.request('POST', '/checkout/reconcile');
    await f.app.settled();
    await f.request('POST', '/checkout/reconcile');
    await f.app.settled();
    const isla = await f.outbox('isla@example.co.uk');
    expect(isla).toHaveLength(1);
    expect(isla[0]!.kind).toBe('egift_recipient');
    expect(isla[0]!.text).toContain('Hello Isla,');
    expect(isla[0]!.text).toMatch(/\/mygift\?claim=[A-Za-z0-9_-]{32}/);
    expect(await f.outbox('rory@example.co.uk')).toHaveLength(1);
  });

  it('sends a gift dated today at once', async () => {
    const p = await f.product({ pricePence: 1500 });
    const token = await f.basket([{ product: p, quantity: 1, ...egift('Skye', 'skye@example.co.uk', londonDate(f.clock.now)) }]);
    const res = await f.request('POST', `/checkout/${token}/order`, { body: cardOrder(1500, { email: 'today-giver@example.co.uk' }), headers: { 'idempotency-key': newKey() } });
    expect(res.status).toBe(201);
    await f.app.settled();
    expect(await f.outbox('skye@example.co.uk')).toHaveLength(1);
  });
});
