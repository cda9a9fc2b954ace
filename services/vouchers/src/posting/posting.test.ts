/**
 * Goods posting (issue 17 point 5) on PGlite and PostgreSQL, through REST: the orders to post with
 * their delivery address (oldest first, only the business's deals), marking one sent (fields named
 * when wrong, one dispatch per voucher under 8 concurrent clicks, replays answered the same),
 * the sent list and the holder's tracking, refunded goods refused, and a return received
 * (Return in Transit → Returned to the Merchant → its refund), another merchant's voucher a 404.
 * A posted gift card marked sent by the shop's staff is still refunded on demand within its 14 days
 * (giftcardterms: refunding cancels its code), the card's price only (never the postage).
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { vouchersFixture } from '../test/fixture.ts';
import { GIFT_CARD_DEAL_ID } from '@shop/domain/gift-cards';
import { markGiftCardOrderSent, postedGiftCardLists, recordOrderDelivery, recordPostedLines } from './posting.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const DAY = 86_400_000;
const ME = 'business:7';
const MINE = [7];
const GOODS = { deliveryType: 'postal', merchant: { name: 'Sparrow & Oak', address: '12 Market Street, Edinburgh', postcode: 'EH1 1AA' } };
const ADDRESS = { name: 'Morag Campbell', line1: '21 Byres Road', line2: null, town: 'Glasgow', county: null, postcode: 'g11 5rd' };

describe.each(testDatabases())('goods posting on %s', (_name, open) => {
  const f = suiteFixture(() => vouchersFixture(open), (fixture) => fixture.close());
  let ALICE = '';
  beforeEach(() => {
    ALICE = `ct-alice-${randomUUID()}`;
  });
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  /** Goods of deal `dealId` paid now, to the usual address (as the checkout's paying transaction records it). */
  const buy = async (quantity: number, dealId = 7, holder = ALICE) => {
    const orderId = randomUUID();
    const vouchers = await f.issue(holder, quantity, { dealId, orderId });
    await f.database.db.transaction().execute((trx) => recordOrderDelivery(trx, orderId, ADDRESS));
    return vouchers;
  };
  const list = (what: 'to-post' | 'sent' | 'returns', dealIds = MINE, more: Record<string, string> = {}) => f.call('GET', `/posting/${what}?${new URLSearchParams({ dealIds: dealIds.join(','), ...more })}`);
  const sent = (voucherId: string, body: Record<string, unknown> = {}) =>
    f.call('POST', `/posting/${voucherId}/sent`, { merchantRef: ME, dealIds: MINE, actorRef: 'user:41', carrier: 'Royal Mail', trackingReference: 'JD0146 0000 1234', ...body });
  const later = (ms: number) => {
    f.clock.now = new Date(f.clock.now.getTime() + ms);
  };

  it('orders to post: paid goods of the business only, oldest first, with the delivery address; sent ones leave the list for the sent list', async () => {
    const first = await buy(2);
    later(60_000);
    const [second] = await buy(1);
    await buy(1, 8); // another merchant's deal
    const page = await json(await list('to-post'));
    const ids = page.orders.map((o: Body) => o.voucherId);
    expect(ids.slice(0, 3).sort()).toEqual([first[0]!.id, first[1]!.id, second!.id].sort());
    // Oldest payment first: the order of two comes before the later one.
    expect(ids.indexOf(second!.id)).toBeGreaterThan(Math.max(ids.indexOf(first[0]!.id), ids.indexOf(first[1]!.id)));
    const mine = page.orders.find((o: Body) => o.voucherId === first[0]!.id);
    expect(mine).toMatchObject({ dealId: 7, title: 'Spa day for two', lineQuantity: 2, status: 'Ready to Redeem', dispatch: null, deliverTo: { name: 'Morag Campbell', line1: '21 Byres Road', town: 'Glasgow', postcode: 'G11 5RD' } });
    expect(page.orders.every((o: Body) => o.dealId === 7)).toBe(true);

    // Pages: first 1, then after it.
    const one = await json(await list('to-post', MINE, { first: '1' }));
    expect(one.orders).toHaveLength(1);
    const next = await json(await list('to-post', MINE, { first: '1', after: one.nextAfter }));
    expect(next.orders[0].voucherId).not.toBe(one.orders[0].voucherId);

    const res = await sent(second!.id);
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ voucherId: second!.id, status: 'Ready to Redeem', dispatch: { carrier: 'Royal Mail', trackingReference: 'JD0146 0000 1234', sentAt: f.clock.now.toISOString() } });
    expect((await json(await list('to-post'))).orders.map((o: Body) => o.voucherId)).not.toContain(second!.id);
    const sentPage = await json(await list('sent'));
    expect(sentPage.orders[0]).toMatchObject({ voucherId: second!.id, dispatch: { carrier: 'Royal Mail' }, deliverTo: { postcode: 'G11 5RD' } });
    expect(sentPage.orders.every((o: Body) => o.dealId === 7)).toBe(true);
    // The holder sees it; anyone else's token sees nothing of it.
    const mineSent = await json(await f.call('GET', `/posting/dispatches?${new URLSearchParams({ customerToken: ALICE, voucherIds: `${second!.id},${first[0]!.id}` })}`));
    expect(mineSent.dispatches).toEqual([{ voucherId: second!.id, carrier: 'Royal Mail', trackingReference: 'JD0146 0000 1234', sentAt: f.clock.now.toISOString() }]);
    const theirs = await json(await f.call('GET', `/posting/dispatches?${new URLSearchParams({ customerToken: `ct-bob-${randomUUID()}`, voucherIds: second!.id })}`));
    expect(theirs.dispatches).toEqual([]);
    // The dispatch row as payouts read it.
    const rows = (await sql<Body>`select carrier, tracking_reference, sent_by, actor_ref from vouchers.dispatch where voucher_id = ${second!.id}`.execute(f.database.db)).rows;
    expect(rows).toEqual([{ carrier: 'Royal Mail', tracking_reference: 'JD0146 0000 1234', sent_by: ME, actor_ref: 'user:41' }]);
  });

  it('mark sent: bad fields are a 400 naming each; another merchant\'s voucher and an unknown id are the same 404; a second reference is a 409; refunded goods cannot be sent', async () => {
    const [v, w] = await buy(2);
    const bad = await sent(v!.id, { carrier: 'Pigeon', trackingReference: 'a\u0000' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors.map((e: Body) => e.field).sort()).toEqual(['carrier', 'trackingReference']);
    for (const trackingReference of ['AB', 'x'.repeat(41), '-AB1', 'AB<script>']) {
      const res = await sent(v!.id, { trackingReference });
      expect(res.status).toBe(400);
      expect((await json(res)).errors).toEqual([{ field: 'trackingReference', message: 'Enter the tracking reference the carrier gave you: 3 to 40 letters, digits, spaces or hyphens.' }]);
    }
    const foreign = await sent(v!.id, { dealIds: [8], merchantRef: 'business:8' });
    const unknown = await sent(randomUUID());
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await json(foreign)).toEqual(await json(unknown));

    expect((await sent(v!.id, { carrier: 'DPD', trackingReference: '15501234567890' })).status).toBe(201);
    const again = await sent(v!.id, { carrier: 'DPD', trackingReference: '15501234567890' });
    expect(again.status).toBe(200);
    const other = await sent(v!.id, { carrier: 'Evri', trackingReference: 'H00AB12345678901' });
    expect(other.status).toBe(409);
    expect(await json(other)).toMatchObject({ code: 'VOUCHER_ALREADY_SENT', detail: 'This order was already marked sent on 20 November 2026 by DPD, tracking 15501234567890.' });

    // Refunded (the shopper's 14 days) before it was sent: nothing to post.
    const refund = await f.call('POST', '/voucher/pmv/refund', { voucherId: w!.id, customerToken: ALICE, destination: 'original', idempotencyKey: randomUUID() });
    expect(refund.status).toBe(201);
    expect((await json(await list('to-post'))).orders.map((o: Body) => o.voucherId)).not.toContain(w!.id);
    const refunded = await sent(w!.id);
    expect(refunded.status).toBe(409);
    expect(await json(refunded)).toMatchObject({ code: 'VOUCHER_NOT_SENDABLE', detail: 'This order cannot be marked sent: its status is Refunded.' });
    // Malformed queries name their field.
    expect((await json(await list('to-post', [], { dealIds: '7,x' }))).errors[0].field).toBe('dealIds');
    expect((await json(await list('to-post', MINE, { after: 'nonsense' }))).errors[0].field).toBe('after');
  });

  it('8 concurrent "sent" of one voucher make one dispatch; every click gets the same answer', async () => {
    const [v] = await buy(1);
    const answers = await Promise.all(Array.from({ length: 8 }, () => sent(v!.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const bodies = await Promise.all(answers.map(json));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    const count = (await sql<{ n: number | string }>`select count(*) as n from vouchers.dispatch where voucher_id = ${v!.id}`.execute(f.database.db)).rows[0]!.n;
    expect(Number(count)).toBe(1);
  });

  it('return received: Return in Transit → Returned to the Merchant → Refunded, by the business only; asked again the same; before the carrier scan a 409', async () => {
    const [v] = await buy(1);
    expect((await sent(v!.id)).status).toBe(201);
    later(3 * DAY);
    const created = await json(await f.call('POST', '/create-return-order', { voucherId: v!.id, customerToken: ALICE, reason: 'damaged', deal: GOODS }));
    const early = await f.call('POST', `/posting/${v!.id}/return-received`, { merchantRef: ME, dealIds: MINE });
    expect(early.status).toBe(409);
    expect(await json(early)).toMatchObject({ code: 'VOUCHER_NOT_RETURNABLE', detail: 'This return cannot be marked received: its status is Return Requested.' });
    expect((await f.call('POST', `/v1/returns/${created.return.id}/events`, { event: 'shipped', actorRef: 'depot:hawick' })).status).toBe(200);

    const onTheirWay = await json(await list('returns'));
    expect(onTheirWay.returns).toEqual([expect.objectContaining({ voucherId: v!.id, status: 'Return in Transit', reason: 'Damaged or faulty', trackingNumber: created.return.trackingNumber })]);
    expect((await json(await list('returns', [8]))).returns).toEqual([]);

    const foreign = await f.call('POST', `/posting/${v!.id}/return-received`, { merchantRef: 'business:8', dealIds: [8] });
    const unknown = await f.call('POST', `/posting/${randomUUID()}/return-received`, { merchantRef: ME, dealIds: MINE });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual(await json(unknown));

    const received = await f.call('POST', `/posting/${v!.id}/return-received`, { merchantRef: ME, dealIds: MINE, actorRef: 'user:41' });
    expect(received.status).toBe(200);
    expect(await json(received)).toEqual({ voucherId: v!.id, status: 'Refunded' });
    const again = await f.call('POST', `/posting/${v!.id}/return-received`, { merchantRef: ME, dealIds: MINE });
    expect(await json(again)).toEqual({ voucherId: v!.id, status: 'Refunded' });
    const events = (await sql<Body>`select event, actor, actor_ref from vouchers.voucher_event where voucher_id = ${v!.id} and event in ('receiveReturn', 'refundReturn') order by id`.execute(f.database.db)).rows;
    expect(events).toEqual([
      { event: 'receiveReturn', actor: 'merchant', actor_ref: ME },
      { event: 'refundReturn', actor: 'system', actor_ref: null },
    ]);
    expect((await json(await list('returns'))).returns).toEqual([]);
    // The sent list shows what became of it.
    expect((await json(await list('sent'))).orders.find((o: Body) => o.voucherId === v!.id)).toMatchObject({ status: 'Refunded', dispatch: { carrier: 'Royal Mail' } });
  });

  it('sent goods are not refunded or exchanged for credit on demand: the shopper returns them (the refusal says so); a refund first leaves nothing to send', async () => {
    const [v, w] = await buy(2);
    expect((await sent(v!.id)).status).toBe(201);
    const refund = await f.call('POST', '/voucher/pmv/refund', { voucherId: v!.id, customerToken: ALICE, destination: 'original', idempotencyKey: randomUUID() });
    expect(refund.status).toBe(409);
    expect(await json(refund)).toMatchObject({
      code: 'VOUCHER_NOT_REFUNDABLE',
      detail: expect.stringMatching(/ It was sent to you on \d{1,2} \w+ 2026 by Royal Mail: to cancel, send it back with “Return this item” and you are refunded when it arrives\.$/),
    });
    later(20 * DAY);
    const credit = await f.call('POST', '/voucher/credit', { voucherId: v!.id, customerToken: ALICE });
    expect(credit.status).toBe(409);
    expect((await json(credit)).detail).toMatch(/It was sent to you on \d{1,2} \w+ 2026 by Royal Mail/);
    const status = (await sql<{ status: string }>`select status from vouchers.voucher where id = ${v!.id}`.execute(f.database.db)).rows[0]!.status;
    expect(status).toBe('Ready to Redeem');
    // Not sent: its credit is given as before.
    expect((await f.call('POST', '/voucher/credit', { voucherId: w!.id, customerToken: ALICE })).status).toBe(201);
  });

  it('a posted gift card marked sent leaves the staff list and is still refunded on demand in its 14 days, its price only; marked again, nothing new', async () => {
    const orderId = randomUUID();
    const [card] = await f.issue(ALICE, 1, { dealId: GIFT_CARD_DEAL_ID, orderId, price: 2500 });
    const { order_number: orderNumber, order_line_id: lineId, code } = (await sql<{ order_number: string; order_line_id: string; code: string }>`select order_number, order_line_id, code from vouchers.voucher where id = ${card!.id}`.execute(f.database.db)).rows[0]!;
    await f.database.db.transaction().execute(async (trx) => {
      await recordOrderDelivery(trx, orderId, ADDRESS);
      await recordPostedLines(trx, orderId, [String(lineId)]);
    });
    const waiting = (await postedGiftCardLists(f.database.db, 50)).toPost.find((o) => o.orderNumber === orderNumber);
    expect(waiting).toMatchObject({ sentAt: null, deliverTo: { name: 'Morag Campbell', postcode: 'G11 5RD' }, cards: [{ voucherId: card!.id, code, amount: 2500, status: 'Ready to Redeem' }] });
    const mark = () => f.database.db.transaction().execute((trx) => markGiftCardOrderSent(trx, { orderNumber, actorRef: 'Morag Reid', at: f.clock.now }));
    expect(await mark()).toMatchObject({ ok: true, marked: 1, order: { sentAt: f.clock.now.toISOString() } });
    expect(await mark()).toMatchObject({ ok: true, marked: 0 });
    const lists = await postedGiftCardLists(f.database.db, 50);
    expect(lists.toPost.map((o) => o.orderNumber)).not.toContain(orderNumber);
    expect(lists.sent.find((o) => o.orderNumber === orderNumber)?.sentAt).toBe(f.clock.now.toISOString());

    later(13 * DAY);
    const refund = await f.call('POST', '/voucher/pmv/refund', { voucherId: card!.id, customerToken: ALICE, destination: 'original', idempotencyKey: randomUUID() });
    const body = await json(refund);
    expect(refund.status, JSON.stringify(body)).toBe(201);
    const refunded = (await sql<{ amount: number; status: string }>`select r.cash_amount + r.wallet_amount as amount, v.status from vouchers.refund r join vouchers.voucher v on v.id = r.voucher_id where r.voucher_id = ${card!.id}`.execute(f.database.db)).rows;
    expect(refunded.map((r) => [Number(r.amount), r.status])).toEqual([[2500, 'Refunded']]);
  });

  it('a refund and a "sent" of one voucher at the same moment: exactly one of them happens', async () => {
    for (let round = 0; round < 5; round++) {
      const [v] = await buy(1);
      const [refund, send] = await Promise.all([
        f.call('POST', '/voucher/pmv/refund', { voucherId: v!.id, customerToken: ALICE, destination: 'original', idempotencyKey: randomUUID() }),
        sent(v!.id),
      ]);
      // One wins (201); the other is refused (409): the refund of sent goods, or the sending of refunded goods.
      expect([refund.status, send.status].sort()).toEqual([201, 409]);
      const rows = (await sql<Body>`select v.status, (select count(*) from vouchers.dispatch d where d.voucher_id = v.id) as sent from vouchers.voucher v where v.id = ${v!.id}`.execute(f.database.db)).rows[0]!;
      expect(rows.status === 'Refunded' ? Number(rows.sent) : 1 - Number(rows.sent)).toBe(0);
    }
  });
});
