/**
 * Issue 17 point 4 on PGlite and PostgreSQL, through REST with the fixture's clock (Friday 20
 * November 2026, 10:00 London): the merchant's capacity, a shopper's booking (moved and cancelled
 * within the merchant's rule), the merchant's list and confirmation, another business's deal and
 * another shopper's voucher not found (Z), 16 bookings of the last place at once (exactly one), and
 * the sales pause: exactly when the sold-and-unused count reaches the places left, and sales again
 * once capacity is added.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { vouchersFixture } from '../test/fixture.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { claimBookableCapacity } from './bookings.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = new Date('2026-11-20T10:00:00Z');
const CLOSED = [0, 0, 0, 0, 0, 0, 0];

describe.each(testDatabases())('bookings on %s', (name, open) => {
  const f = suiteFixture(() => vouchersFixture(open, START), (fixture) => fixture.close());
  let deal = 0;
  let ME = '';
  let shopper = '';
  beforeEach(() => {
    f.clock.now = START;
    deal = 5000 + Math.floor(Math.random() * 1_000_000);
    ME = `business:${randomUUID()}`;
    shopper = `ct-${randomUUID()}`;
  });
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  const setCapacity = (body: Record<string, unknown>, dealId = deal, dealIds = [deal]) => f.call('PUT', `/bookings/capacity/${dealId}`, { dealIds, merchantRef: ME, weekly: CLOSED, exceptions: [], ...body });
  const book = (voucherId: string, date: string, holder = shopper, bookable = true) => f.call('POST', `/bookings/voucher/${voucherId}`, { customerToken: holder, date, bookable });
  const move = (voucherId: string, date: string, holder = shopper) => f.call('POST', `/bookings/voucher/${voucherId}/move`, { customerToken: holder, date });
  const cancel = (voucherId: string, holder = shopper) => f.call('POST', `/bookings/voucher/${voucherId}/cancel`, { customerToken: holder });
  const statusOf = async (id: string) => (await sql<{ status: string }>`select status from vouchers.voucher where id = ${id}`.execute(f.database.db)).rows[0]!.status;
  const bookedOn = async (day: string) => (await sql<{ booked: number }>`select booked from vouchers.booking_day where deal_id = ${deal} and day = ${day}::date`.execute(f.database.db)).rows[0]?.booked ?? 0;
  const availability = async (query = '') => json(await f.call('GET', `/bookings/availability/${deal}${query}`));

  it("the merchant sets a deal's capacity; another business's deal is not found; bad places name the field", async () => {
    const saved = await setCapacity({ weekly: [2, 2, 2, 2, 4, 6, 0], exceptions: [{ date: '2026-12-25', places: 0 }], changeHours: 48 });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ dealId: deal, weekly: [2, 2, 2, 2, 4, 6, 0], exceptions: [{ date: '2026-12-25', places: 0 }], changeHours: 48 });
    // Exceptions are replaced, the default rule is 24 hours.
    expect(await json(await setCapacity({ weekly: [1, 1, 1, 1, 1, 1, 1] }))).toMatchObject({ exceptions: [], changeHours: 24 });
    expect((await setCapacity({ weekly: [1, 1, 1, 1, 1, 1, 1] }, deal + 1)).status).toBe(404);
    const bad = await setCapacity({ weekly: [1, 1, 1] });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors[0].field).toBe('weekly');
    const badDate = await setCapacity({ exceptions: [{ date: '2026-02-30', places: 1 }] });
    expect(badDate.status).toBe(400);
    expect((await json(badDate)).errors[0].field).toMatch(/^exceptions/);
    const listed = await json(await f.call('GET', `/bookings/capacity?dealIds=${deal},${deal + 1}`));
    expect(listed.capacities.map((c: Body) => c.dealId)).toEqual([deal]);
  });

  it('a shopper books a day with a place left (tomorrow up to the last day), a full or closed day is refused naming date', async () => {
    await setCapacity({ weekly: [1, 1, 1, 1, 1, 1, 1], exceptions: [{ date: '2026-11-23', places: 0 }] });
    const [a, b] = await f.issue(shopper, 2, { dealId: deal, expiresAt: new Date('2026-11-30T23:59:59.999Z') });
    const today = await book(a!.id, '2026-11-20');
    expect(today.status).toBe(409);
    expect(await json(today)).toMatchObject({ code: 'BOOKING_DATE_UNAVAILABLE', errors: [{ field: 'date' }], detail: 'Choose a date from 21 November 2026 to 30 November 2026 (the voucher\'s last day).' });
    expect((await book(a!.id, '2026-12-01')).status).toBe(409);
    const closed = await book(a!.id, '2026-11-23');
    expect(await json(closed)).toMatchObject({ code: 'BOOKING_DATE_FULL', errors: [{ field: 'date' }], detail: '23 November 2026 is fully booked: choose another date.' });

    const booked = await book(a!.id, '2026-11-21');
    expect(booked.status).toBe(201);
    expect(await json(booked)).toMatchObject({ voucherId: a!.id, dealId: deal, date: '2026-11-21', status: 'requested', voucherStatus: 'Booked', changeableUntil: '2026-11-20T00:00:00.000Z' });
    expect(await statusOf(a!.id)).toBe('Booked');
    expect(await bookedOn('2026-11-21')).toBe(1);
    // The last place is gone; nothing of b's attempt stays.
    const full = await book(b!.id, '2026-11-21');
    expect(await json(full)).toMatchObject({ code: 'BOOKING_DATE_FULL' });
    expect(await statusOf(b!.id)).toBe('Ready to Redeem');
    expect(await bookedOn('2026-11-21')).toBe(1);
    // Booked already: move or cancel instead.
    expect(await json(await book(a!.id, '2026-11-22'))).toMatchObject({ code: 'VOUCHER_ALREADY_BOOKED' });
    const availability = await f.call('GET', `/bookings/availability/${deal}?until=2026-11-24`);
    expect((await json(availability)).days).toEqual([
      { date: '2026-11-22', places: 1, left: 1 },
      { date: '2026-11-24', places: 1, left: 1 },
    ]);
  });

  it('only a bookable deal with a calendar is booked; another shopper\'s voucher is not found (Z)', async () => {
    const [v] = await f.issue(shopper, 1, { dealId: deal });
    expect(await json(await book(v!.id, '2026-11-22'))).toMatchObject({ code: 'BOOKING_NOT_OFFERED' });
    await setCapacity({ weekly: [1, 1, 1, 1, 1, 1, 1] });
    expect(await json(await book(v!.id, '2026-11-22', shopper, false))).toMatchObject({ code: 'BOOKING_NOT_OFFERED' });
    const other = await book(v!.id, '2026-11-22', `ct-${randomUUID()}`);
    expect(other.status).toBe(404);
    expect((await f.call('GET', `/bookings/voucher/${v!.id}?customerToken=ct-someone-else`)).status).toBe(404);
    expect((await move(v!.id, '2026-11-22', 'ct-someone-else')).status).toBe(404);
    expect((await cancel(v!.id, 'ct-someone-else')).status).toBe(404);
    expect(await json(await f.call('GET', `/bookings/voucher/${v!.id}?customerToken=${shopper}`))).toEqual({ booking: null });
  });

  it("moves free the old day in the same transaction; moves and cancels stop at the merchant's deadline; a cancel makes it Ready to Redeem again", async () => {
    await setCapacity({ weekly: [1, 1, 1, 1, 1, 1, 1], changeHours: 24 });
    const [v] = await f.issue(shopper, 1, { dealId: deal });
    expect((await book(v!.id, '2026-11-25')).status).toBe(201);
    const moved = await move(v!.id, '2026-11-27');
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ date: '2026-11-27', status: 'requested' });
    expect(await bookedOn('2026-11-25')).toBe(0);
    expect(await bookedOn('2026-11-27')).toBe(1);
    // Back to an earlier day (the other lock order).
    expect((await move(v!.id, '2026-11-24')).status).toBe(200);
    expect([await bookedOn('2026-11-24'), await bookedOn('2026-11-27')]).toEqual([1, 0]);

    // 24 hours before 24 November (London midnight, GMT): 23 November 00:00 is the last instant.
    f.clock.now = new Date('2026-11-23T00:00:00.000Z');
    expect((await move(v!.id, '2026-11-26')).status).toBe(200);
    expect((await move(v!.id, '2026-11-24')).status).toBe(200);
    f.clock.now = new Date('2026-11-23T00:00:01.000Z');
    const late = await cancel(v!.id);
    expect(late.status).toBe(409);
    expect(await json(late)).toMatchObject({ code: 'BOOKING_CHANGE_CLOSED', detail: 'A booking can be moved or cancelled until 24 hours before the day: contact the merchant.' });
    expect(await json(await move(v!.id, '2026-11-28'))).toMatchObject({ code: 'BOOKING_CHANGE_CLOSED' });

    f.clock.now = START;
    const cancelled = await cancel(v!.id);
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({ status: 'cancelled', voucherStatus: 'Ready to Redeem' });
    expect(await bookedOn('2026-11-24')).toBe(0);
    expect(await json(await cancel(v!.id))).toMatchObject({ code: 'VOUCHER_NOT_BOOKED' });
    const events = (await sql<{ event: string; to_status: string }>`select event, to_status from vouchers.voucher_event where voucher_id = ${v!.id} order by id`.execute(f.database.db)).rows.map((e) => `${e.event}→${e.to_status}`);
    expect(events).toEqual(['issue→Ready to Redeem', 'book→Booked', 'rebook→Booked', 'rebook→Booked', 'rebook→Booked', 'rebook→Booked', 'unbook→Ready to Redeem']);
    // Booked again after the cancel.
    expect((await book(v!.id, '2026-11-24')).status).toBe(201);
  });

  it("the merchant lists upcoming bookings by day and confirms one; another business's booking is not found and not listed (Z)", async () => {
    await setCapacity({ weekly: [3, 3, 3, 3, 3, 3, 3] });
    const [a, b, c] = await f.issue(shopper, 3, { dealId: deal });
    await book(a!.id, '2026-11-26');
    await book(b!.id, '2026-11-22');
    const cBooking = await json(await book(c!.id, '2026-11-24'));
    const page1 = await json(await f.call('GET', `/bookings?dealIds=${deal}&first=2`));
    expect(page1.bookings.map((x: Body) => x.date)).toEqual(['2026-11-22', '2026-11-24']);
    expect(page1.hasNextPage).toBe(true);
    const page2 = await json(await f.call('GET', `/bookings?dealIds=${deal}&first=2&after=${page1.endCursor}`));
    expect(page2.bookings.map((x: Body) => x.date)).toEqual(['2026-11-26']);
    expect(page2.hasNextPage).toBe(false);
    expect((await f.call('GET', `/bookings?dealIds=${deal}&after=nonsense`)).status).toBe(400);
    expect((await json(await f.call('GET', `/bookings?dealIds=${deal + 1}`))).bookings).toEqual([]);

    const other = await f.call('POST', `/bookings/${cBooking.id}/confirm`, { dealIds: [deal + 1], merchantRef: 'business:other' });
    expect(other.status).toBe(404);
    const confirmed = await f.call('POST', `/bookings/${cBooking.id}/confirm`, { dealIds: [deal], merchantRef: ME, actorRef: 'user:9' });
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toMatchObject({ id: cBooking.id, status: 'confirmed', confirmedAt: START.toISOString() });
    expect((await f.call('POST', `/bookings/${cBooking.id}/confirm`, { dealIds: [deal], merchantRef: ME })).status).toBe(200);
    expect((await json(await f.call('GET', `/bookings/voucher/${c!.id}?customerToken=${shopper}`))).booking).toMatchObject({ status: 'confirmed' });
    expect((await f.call('POST', `/bookings/${randomUUID()}/confirm`, { dealIds: [deal], merchantRef: ME })).status).toBe(404);
  });

  it('16 shoppers book the last place at once: exactly one gets it, the day is never over its places', async () => {
    await setCapacity({ weekly: [1, 1, 1, 1, 1, 1, 1] });
    const vouchers = await Promise.all(Array.from({ length: 16 }, async (_, i) => ({ holder: `${shopper}-${i}`, v: (await f.issue(`${shopper}-${i}`, 1, { dealId: deal }))[0]! })));
    const answers = await Promise.all(vouchers.map(({ holder, v }) => book(v.id, '2026-11-28', holder)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array<number>(15).fill(409)]);
    expect(await bookedOn('2026-11-28')).toBe(1);
    const booked = (await sql<{ n: string }>`select count(*) as n from vouchers.voucher where deal_id = ${deal} and status = 'Booked'`.execute(f.database.db)).rows[0]!.n;
    expect(Number(booked)).toBe(1);
  });

  it('sales pause exactly when the sold-and-unused count reaches the places left, and resume once capacity is added', async () => {
    const validUntil = new Date(START.getTime() + 90 * DAY);
    const claim = (quantity: number, pending = 0) => f.database.db.transaction().execute((trx) => claimBookableCapacity(trx, { dealId: deal, quantity, validUntil, now: f.clock.now, pending: async () => pending }));
    // No capacity set: never paused.
    expect(await claim(1000)).toEqual({ ok: true });
    expect(await availability()).toMatchObject({ calendar: false, paused: false });
    // Three places in the whole window: one on 1 December, two on 2 December; a place today does not count.
    await setCapacity({ exceptions: [{ date: '2026-11-20', places: 5 }, { date: '2026-12-01', places: 1 }, { date: '2026-12-02', places: 2 }] });
    const sold = await f.issue(shopper, 2, { dealId: deal, expiresAt: validUntil });
    expect(await availability('?validityMonths=3')).toMatchObject({ calendar: true, places: 3, unused: 2, paused: false });
    expect(await claim(1)).toEqual({ ok: true });
    expect(await claim(2)).toEqual({ ok: false, available: 1 });
    // Orders still being paid count too.
    expect(await claim(1, 1)).toEqual({ ok: false, available: 0 });
    const [third] = await f.issue(shopper, 1, { dealId: deal, expiresAt: validUntil });
    // Three sold and unused, three places: paused.
    expect(await availability('?validityMonths=3')).toMatchObject({ places: 3, unused: 3, paused: true });
    expect(await claim(1)).toEqual({ ok: false, available: 0 });
    // Booked for a day of the window still counts as unused.
    expect((await book(third!.id, '2026-12-01')).status).toBe(201);
    expect(await availability('?validityMonths=3')).toMatchObject({ unused: 3, paused: true });
    // A voucher used frees its place for a sale.
    await moveVouchers(f.database.db, { id: sold[0]!.id }, { event: 'redeem', actor: 'merchant', reason: 'test', at: f.clock.now });
    expect(await availability('?validityMonths=3')).toMatchObject({ unused: 2, paused: false });
    expect(await claim(1)).toEqual({ ok: true });
    await f.issue(shopper, 1, { dealId: deal, expiresAt: validUntil });
    expect(await claim(1)).toEqual({ ok: false, available: 0 });
    // The booked voucher redeemed before its day still holds its place: nothing more to sell.
    await moveVouchers(f.database.db, { id: third!.id }, { event: 'redeem', actor: 'merchant', reason: 'test', at: f.clock.now });
    expect(await availability('?validityMonths=3')).toMatchObject({ unused: 3, paused: true });
    expect(await claim(1)).toEqual({ ok: false, available: 0 });
    // Capacity added: selling again.
    await setCapacity({ exceptions: [{ date: '2026-12-01', places: 1 }, { date: '2026-12-02', places: 2 }, { date: '2026-12-03', places: 2 }] });
    expect(await availability('?validityMonths=3')).toMatchObject({ places: 5, unused: 3, paused: false });
    expect(await claim(2)).toEqual({ ok: true });
    expect(await claim(3)).toEqual({ ok: false, available: 2 });
  });

  it('every bookings call is in the OpenAPI document, Spectral clean, and needs the service token', async () => {
    const doc = (await (await f.app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/bookings')).sort()).toEqual([
      '/bookings',
      '/bookings/availability/{dealId}',
      '/bookings/capacity',
      '/bookings/capacity/{dealId}',
      '/bookings/voucher/{voucherId}',
      '/bookings/voucher/{voucherId}/cancel',
      '/bookings/voucher/{voucherId}/move',
      '/bookings/{bookingId}/confirm',
    ]);
    const problems = (await lintOpenApi(doc)).filter((p) => (p.severity === 'error' || p.severity === 'warning') && /bookings|Booking|Capacity|Availability/.test(`${p.path} ${p.message}`));
    expect(problems).toEqual([]);
    const id = randomUUID();
    for (const [method, path] of [['GET', `/bookings?dealIds=${deal}`], ['GET', `/bookings/capacity?dealIds=${deal}`], ['PUT', `/bookings/capacity/${deal}`], ['GET', `/bookings/availability/${deal}`], ['GET', `/bookings/voucher/${id}?customerToken=x`], ['POST', `/bookings/voucher/${id}`], ['POST', `/bookings/voucher/${id}/move`], ['POST', `/bookings/voucher/${id}/cancel`], ['POST', `/bookings/${id}/confirm`]] as const) {
      expect((await f.app.request(path, { method, headers: { [SERVICE_TOKEN_HEADER]: 'wrong' } })).status, path).toBe(401);
    }
  });
});
