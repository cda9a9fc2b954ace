import type { OpenAPIHono } from '@hono/zod-openapi';
import { londonDate } from '@shop/domain/london-time';
import { invalid, notFoundProblem, problem, problemResponse } from '@shop/platform';
import type { VouchersDeps } from '../lib/deps.ts';
import { availabilityOf, bookVoucher, BOOKING_MESSAGES, cancelBooking, changeableUntil, confirmBooking, moveBooking, setDealCapacity, type BookingRefusal } from './bookings.ts';
import { DEFAULT_CHANGE_HOURS } from './bookings.contract.ts';
import * as routes from './bookings.routes.ts';
import * as store from './bookings.store.ts';

/** A booking as the calls answer it. */
export function bookingView(b: store.BookingRow) {
  return {
    id: b.id,
    voucherId: b.voucher_id,
    dealId: Number(b.deal_id),
    date: b.day,
    status: b.status,
    orderNumber: b.order_number,
    title: b.title,
    recipientName: b.recipient_name,
    voucherStatus: b.voucher_status,
    changeableUntil: changeableUntil(b.day, b.change_hours ?? DEFAULT_CHANGE_HOURS).toISOString(),
    createdAt: new Date(b.created_at).toISOString(),
    confirmedAt: b.confirmed_at ? new Date(b.confirmed_at).toISOString() : null,
  };
}

const capacityView = (c: Awaited<ReturnType<typeof store.capacitiesOf>>[number]) => ({
  dealId: Number(c.deal_id),
  weekly: c.weekly.map(Number),
  exceptions: c.exceptions,
  changeHours: c.change_hours,
  updatedAt: new Date(c.updated_at).toISOString(),
});

const refusalBody = (r: BookingRefusal) => (r.status === 404 ? notFoundProblem(r.detail) : problem(409, r.code, r.detail, r.field ? [{ field: r.field, message: r.detail }] : undefined));

/** The keyset cursor of the merchant's list: base64url of "day|id". */
const cursorOf = (b: store.BookingRow) => Buffer.from(`${b.day}|${b.id}`).toString('base64url');
function afterOf(cursor: string | undefined): { day: string; id: string } | null | 'bad' {
  if (cursor === undefined) return null;
  const [day, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  // A real day and a UUID, or it is refused before it reaches a cast in SQL.
  const realDay = !!day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
  return realDay && id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? { day: day!, id } : 'bad';
}

export function registerBookingRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  app.openapi(routes.putCapacity, async (c) => {
    const { dealId } = c.req.valid('param');
    const body = c.req.valid('json');
    const saved = await setDealCapacity(deps.db, { dealId, dealIds: body.dealIds, merchantRef: body.merchantRef, actorRef: body.actorRef ?? null, weekly: body.weekly, exceptions: body.exceptions, ...(body.changeHours !== undefined ? { changeHours: body.changeHours } : {}), at: deps.now() });
    if (!saved) return problemResponse(c, notFoundProblem('Sorry, we could not find that deal.'));
    return c.json(capacityView(saved), 200);
  });

  app.openapi(routes.getCapacities, async (c) => {
    const { dealIds } = c.req.valid('query');
    const rows = await store.capacitiesOf(deps.db, dealIds, londonDate(deps.now()));
    return c.json({ capacities: rows.map(capacityView) }, 200);
  });

  app.openapi(routes.getAvailability, async (c) => {
    const { dealId } = c.req.valid('param');
    const q = c.req.valid('query');
    const answer = await availabilityOf(deps.db, dealId, deps.now(), { ...(q.until !== undefined ? { until: q.until } : {}), ...(q.validityMonths !== undefined ? { validityMonths: q.validityMonths } : {}) });
    return c.json(answer, 200);
  });

  app.openapi(routes.getVoucherBooking, async (c) => {
    const { voucherId } = c.req.valid('param');
    const { customerToken } = c.req.valid('query');
    const v = await store.holderVoucher(deps.db, voucherId, customerToken, false);
    if (!v) return problemResponse(c, notFoundProblem(BOOKING_MESSAGES.NOT_FOUND));
    const booking = await store.liveBookingOf(deps.db, voucherId);
    return c.json({ booking: booking ? bookingView(booking) : null }, 200);
  });

  app.openapi(routes.postBook, async (c) => {
    const { voucherId } = c.req.valid('param');
    const body = c.req.valid('json');
    const outcome = await bookVoucher(deps.db, { voucherId, customerToken: body.customerToken, date: body.date, bookable: body.bookable, at: deps.now() });
    if (!outcome.ok) return problemResponse(c, refusalBody(outcome));
    return c.json(bookingView(outcome.booking), 201);
  });

  app.openapi(routes.postMove, async (c) => {
    const { voucherId } = c.req.valid('param');
    const body = c.req.valid('json');
    const outcome = await moveBooking(deps.db, { voucherId, customerToken: body.customerToken, date: body.date, at: deps.now() });
    if (!outcome.ok) return problemResponse(c, refusalBody(outcome));
    return c.json(bookingView(outcome.booking), 200);
  });

  app.openapi(routes.postCancel, async (c) => {
    const { voucherId } = c.req.valid('param');
    const body = c.req.valid('json');
    const outcome = await cancelBooking(deps.db, { voucherId, customerToken: body.customerToken, at: deps.now() });
    if (!outcome.ok) return problemResponse(c, refusalBody(outcome));
    return c.json(bookingView(outcome.booking), 200);
  });

  app.openapi(routes.getBookings, async (c) => {
    const q = c.req.valid('query');
    const after = afterOf(q.after);
    if (after === 'bad') return invalid(c, [{ field: 'after', message: 'Use the endCursor of the page before.' }]);
    const first = q.first ?? 20;
    const rows = await store.bookingsOfDeals(deps.db, q.dealIds, q.from ?? londonDate(deps.now()), after, first + 1);
    const page = rows.slice(0, first);
    return c.json({ bookings: page.map(bookingView), endCursor: page.length ? cursorOf(page[page.length - 1]!) : null, hasNextPage: rows.length > first }, 200);
  });

  app.openapi(routes.postConfirm, async (c) => {
    const { bookingId } = c.req.valid('param');
    const body = c.req.valid('json');
    const outcome = await confirmBooking(deps.db, { bookingId, dealIds: body.dealIds, merchantRef: body.merchantRef, actorRef: body.actorRef ?? null, at: deps.now() });
    if (!outcome.ok) return problemResponse(c, notFoundProblem(outcome.detail));
    return c.json(bookingView(outcome.booking), 200);
  });
}
