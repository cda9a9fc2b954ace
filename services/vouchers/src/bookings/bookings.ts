/**
 * Bookings against real capacity (issue 17 point 4). Each call is one transaction: a shopper books
 * a day for a voucher of a bookable deal (Ready to Redeem → Booked, and one place of that day
 * taken by a conditional update), moves it (the new day's place taken and the old one given back
 * in the same transaction) or cancels it (→ Ready to Redeem, the place given back) until the
 * merchant's change deadline; the merchant sets the capacity and confirms bookings.
 *
 * The sales pause (`claimBookableCapacity`, called in the checkout's placing transaction): a deal
 * with a capacity stops selling when the vouchers sold and not yet used would outnumber the places
 * from tomorrow until a voucher bought now expires.
 */
import { randomUUID } from 'node:crypto';
import { addDaysToDate, addMonthsToDate, endOfLondonDay, londonDate, londonDateInWords, londonExpiry } from '@shop/domain/london-time';
import type { AnyDb } from '../db/database.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { DEFAULT_CHANGE_HOURS, MAX_WINDOW_DAYS } from './bookings.contract.ts';
import * as store from './bookings.store.ts';

export type BookingRefusal = { ok: false; status: 404 | 409; code: string; detail: string; field?: string };
export type BookingOutcome = { ok: true; booking: store.BookingRow } | BookingRefusal;

export const BOOKING_MESSAGES = {
  NOT_FOUND: 'Sorry, we could not find that voucher.',
  BOOKING_NOT_FOUND: 'Sorry, we could not find that booking.',
  DEAL_NOT_BOOKABLE: 'This voucher is not booked online: its deal has no booking calendar.',
  BOOKING_CALENDAR_CLOSED: 'The merchant has not opened their booking calendar yet: contact them to book.',
  ALREADY_BOOKED: 'This voucher is booked already: move or cancel its booking instead.',
  NOT_BOOKED: 'This voucher has no booking to change.',
} as const;

/** Tomorrow in London: the first day a shopper can book. */
export const firstBookableDay = (now: Date) => addDaysToDate(londonDate(now), 1);
/** The last day a voucher can be booked for: the London day it expires (a year on for one that never expires). */
export const lastBookableDay = (expiresAt: Date | null, now: Date) => (expiresAt ? londonDate(new Date(expiresAt)) : addDaysToDate(londonDate(now), 365));
/** When a London day starts. */
export const startOfLondonDay = (day: string) => new Date(endOfLondonDay(addDaysToDate(day, -1)).getTime() + 1);
/** The last instant a shopper may move or cancel a booking of `day`: `changeHours` before the day starts. */
export const changeableUntil = (day: string, changeHours: number) => new Date(startOfLondonDay(day).getTime() - changeHours * 3_600_000);

/** A refusal that rolls back what the transaction did before it. */
class Refused extends Error {
  readonly refusal: BookingRefusal;
  constructor(refusal: BookingRefusal) {
    super(refusal.code);
    this.refusal = refusal;
  }
}
const refuse = (status: 404 | 409, code: string, detail: string, field?: string): BookingRefusal => ({ ok: false, status, code, detail, ...(field ? { field } : {}) });

async function inTransaction(db: AnyDb, work: (trx: AnyDb) => Promise<BookingOutcome>): Promise<BookingOutcome> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    if (err instanceof Refused) return err.refusal;
    throw err;
  }
}

/** The date's refusal when it is outside tomorrow … the voucher's last day, else null. */
function outsideWindow(date: string, expiresAt: Date | null, now: Date): BookingRefusal | null {
  const first = firstBookableDay(now);
  const last = lastBookableDay(expiresAt, now);
  if (last < first) return refuse(409, 'BOOKING_DATE_UNAVAILABLE', 'This voucher expires before tomorrow, so no date is left to book.', 'date');
  if (date < first || date > last) {
    return refuse(409, 'BOOKING_DATE_UNAVAILABLE', `Choose a date from ${londonDateInWords(startOfLondonDay(first))} to ${londonDateInWords(startOfLondonDay(last))} (the voucher's last day).`, 'date');
  }
  return null;
}

const fullDetail = (date: string) => `${londonDateInWords(startOfLondonDay(date))} is fully booked: choose another date.`;

export interface BookInput {
  voucherId: string;
  customerToken: string;
  date: string;
  bookable: boolean;
  at: Date;
}

/** A shopper books a day for their voucher. */
export function bookVoucher(db: AnyDb, input: BookInput): Promise<BookingOutcome> {
  return inTransaction(db, async (trx) => {
    const v = await store.holderVoucher(trx, input.voucherId, input.customerToken);
    if (!v) return refuse(404, 'NOT_FOUND', BOOKING_MESSAGES.NOT_FOUND);
    if (!input.bookable) return refuse(409, 'BOOKING_NOT_OFFERED', BOOKING_MESSAGES.DEAL_NOT_BOOKABLE, 'voucherId');
    const capacity = await store.capacityOf(trx, v.deal_id);
    if (!capacity) return refuse(409, 'BOOKING_NOT_OFFERED', BOOKING_MESSAGES.BOOKING_CALENDAR_CLOSED, 'voucherId');
    if (v.status === 'Booked') return refuse(409, 'VOUCHER_ALREADY_BOOKED', BOOKING_MESSAGES.ALREADY_BOOKED, 'voucherId');
    const window = outsideWindow(input.date, v.expires_at, input.at);
    if (window) return window;
    const moved = await moveVouchers(trx, { id: v.id }, {
      event: 'book',
      actor: 'shopper',
      holder: input.customerToken,
      reason: `Booked for ${londonDateInWords(startOfLondonDay(input.date))}`,
      at: input.at,
      context: { bookable: true },
    });
    if (moved.length === 0) return refuse(409, 'VOUCHER_NOT_BOOKABLE', `This voucher cannot be booked: its status is ${v.status}.`, 'voucherId');
    if (!(await store.takePlace(trx, v.deal_id, input.date))) throw new Refused(refuse(409, 'BOOKING_DATE_FULL', fullDetail(input.date), 'date'));
    const id = randomUUID();
    await store.insertBooking(trx, { id, voucherId: v.id, dealId: v.deal_id, day: input.date, at: input.at });
    return { ok: true, booking: (await store.bookingById(trx, id))! };
  });
}

/** The holder's live booking of a voucher, locked with its voucher, and the refusal when it cannot be changed now. */
async function changeableBooking(trx: AnyDb, voucherId: string, customerToken: string, at: Date): Promise<BookingRefusal | { v: NonNullable<Awaited<ReturnType<typeof store.holderVoucher>>>; booking: store.BookingRow }> {
  const v = await store.holderVoucher(trx, voucherId, customerToken);
  if (!v) return refuse(404, 'NOT_FOUND', BOOKING_MESSAGES.NOT_FOUND);
  const booking = await store.liveBookingOf(trx, v.id);
  if (!booking || v.status !== 'Booked') return refuse(409, 'VOUCHER_NOT_BOOKED', BOOKING_MESSAGES.NOT_BOOKED, 'voucherId');
  const hours = booking.change_hours ?? DEFAULT_CHANGE_HOURS;
  if (at.getTime() > changeableUntil(booking.day, hours).getTime()) {
    return refuse(409, 'BOOKING_CHANGE_CLOSED', `A booking can be moved or cancelled until ${hours} hours before the day: contact the merchant.`, 'voucherId');
  }
  return { v, booking };
}

/** A shopper moves their booking to another day: the new day's place taken and the old one given back, in one transaction. */
export function moveBooking(db: AnyDb, input: { voucherId: string; customerToken: string; date: string; at: Date }): Promise<BookingOutcome> {
  return inTransaction(db, async (trx) => {
    const found = await changeableBooking(trx, input.voucherId, input.customerToken, input.at);
    if ('ok' in found) return found;
    const { v, booking } = found;
    if (booking.day === input.date) return { ok: true, booking };
    const window = outsideWindow(input.date, v.expires_at, input.at);
    if (window) return window;
    // The two day rows in date order, so two bookings moved past each other never wait on each other.
    if (input.date < booking.day) {
      if (!(await store.takePlace(trx, v.deal_id, input.date))) throw new Refused(refuse(409, 'BOOKING_DATE_FULL', fullDetail(input.date), 'date'));
      await store.freePlace(trx, v.deal_id, booking.day);
    } else {
      await store.freePlace(trx, v.deal_id, booking.day);
      if (!(await store.takePlace(trx, v.deal_id, input.date))) throw new Refused(refuse(409, 'BOOKING_DATE_FULL', fullDetail(input.date), 'date'));
    }
    await store.moveBookingRow(trx, booking.id, input.date, input.at);
    await store.logVoucherEvent(trx, {
      voucherId: v.id,
      event: 'rebook',
      status: 'Booked',
      actor: 'shopper',
      reason: `Booking moved from ${londonDateInWords(startOfLondonDay(booking.day))} to ${londonDateInWords(startOfLondonDay(input.date))}`,
      at: input.at,
    });
    return { ok: true, booking: (await store.bookingById(trx, booking.id))! };
  });
}

/** A shopper cancels their booking: the voucher is Ready to Redeem again and the day's place is given back. */
export function cancelBooking(db: AnyDb, input: { voucherId: string; customerToken: string; at: Date }): Promise<BookingOutcome> {
  return inTransaction(db, async (trx) => {
    const found = await changeableBooking(trx, input.voucherId, input.customerToken, input.at);
    if ('ok' in found) return found;
    const { v, booking } = found;
    const moved = await moveVouchers(trx, { id: v.id }, {
      event: 'unbook',
      actor: 'shopper',
      holder: input.customerToken,
      reason: `Booking for ${londonDateInWords(startOfLondonDay(booking.day))} cancelled`,
      at: input.at,
    });
    if (moved.length === 0) return refuse(409, 'VOUCHER_NOT_BOOKED', BOOKING_MESSAGES.NOT_BOOKED, 'voucherId');
    await store.freePlace(trx, v.deal_id, booking.day);
    await store.cancelBookingRow(trx, booking.id, input.at);
    return { ok: true, booking: (await store.bookingById(trx, booking.id))! };
  });
}

/** The merchant confirms a booking of their deals (again: the same answer); another business's or an unknown id is not found. */
export async function confirmBooking(db: AnyDb, input: { bookingId: string; dealIds: readonly number[]; merchantRef: string; actorRef: string | null; at: Date }): Promise<BookingOutcome> {
  // Requested → confirmed; one already confirmed stays so (the same answer again).
  await store.confirmBookingRow(db, input.bookingId, input.dealIds, input.actorRef ?? input.merchantRef, input.at);
  const booking = await store.bookingById(db, input.bookingId);
  if (!booking || !input.dealIds.includes(booking.deal_id) || booking.status === 'cancelled') return refuse(404, 'NOT_FOUND', BOOKING_MESSAGES.BOOKING_NOT_FOUND);
  return { ok: true, booking };
}

/** The days counted for a voucher bought now: tomorrow until its last day (London), at most MAX_WINDOW_DAYS. */
export function salesWindow(now: Date, validUntil: Date | null): { from: string; until: string } {
  const from = firstBookableDay(now);
  const last = lastBookableDay(validUntil, now);
  const cap = addDaysToDate(from, MAX_WINDOW_DAYS - 1);
  return { from, until: last > cap ? cap : last };
}

export interface Availability {
  dealId: number;
  calendar: boolean;
  changeHours: number | null;
  from: string;
  until: string;
  days: Array<{ date: string; places: number; left: number }>;
  places: number;
  unused: number;
  paused: boolean;
}

/**
 * A deal's bookable days and its sales pause, for a voucher valid `until` (a voucher's expiry
 * date), or bought now and valid `validityMonths`, or else 12 months on.
 */
export async function availabilityOf(db: AnyDb, dealId: number, now: Date, window: { until?: string; validityMonths?: number }): Promise<Availability> {
  const validUntil = window.validityMonths !== undefined ? londonExpiry(now, window.validityMonths) : endOfLondonDay(window.until ?? addMonthsToDate(londonDate(now), 12));
  const { from, until } = salesWindow(now, validUntil);
  const capacity = await store.capacityOf(db, dealId);
  if (!capacity) return { dealId, calendar: false, changeHours: null, from, until, days: [], places: 0, unused: 0, paused: false };
  const days = await store.daysOf(db, dealId, from, until);
  const { places, unused } = await store.pauseFigures(db, dealId, from, until, now);
  return {
    dealId,
    calendar: true,
    changeHours: capacity.change_hours,
    from,
    until,
    days: days.filter((d) => d.places > d.booked).map((d) => ({ date: d.date, places: d.places, left: d.places - d.booked })),
    places,
    unused,
    paused: unused >= places,
  };
}

/**
 * The sales pause, for the checkout's placing transaction (module function: it takes the
 * transaction): locks the deal's capacity row (so two buyers of the last place queue here and the
 * second sees the first's order) and refuses `quantity` more vouchers when the vouchers sold and
 * not yet used, plus the checkout's own orders of the deal still being paid (`pending`, counted by
 * the caller after the lock), plus these would outnumber the places from tomorrow until
 * `validUntil` (when a voucher bought now expires). A deal without a capacity is never paused.
 */
export async function claimBookableCapacity(
  trx: AnyDb,
  input: { dealId: number; quantity: number; validUntil: Date | null; now: Date; pending: () => Promise<number> },
): Promise<{ ok: true } | { ok: false; available: number }> {
  const capacity = await store.capacityOf(trx, input.dealId, true);
  if (!capacity) return { ok: true };
  const { from, until } = salesWindow(input.now, input.validUntil);
  const { places, unused } = await store.pauseFigures(trx, input.dealId, from, until, input.now);
  const pending = await input.pending();
  const available = Math.max(0, places - unused - pending);
  return input.quantity <= available ? { ok: true } : { ok: false, available };
}

export async function setDealCapacity(
  db: AnyDb,
  input: { dealId: number; dealIds: readonly number[]; merchantRef: string; actorRef: string | null; weekly: number[]; exceptions: Array<{ date: string; places: number }>; changeHours?: number; at: Date },
) {
  if (!input.dealIds.includes(input.dealId)) return null;
  await db.transaction().execute((trx) =>
    store.setCapacity(trx, { dealId: input.dealId, merchantRef: input.merchantRef, actorRef: input.actorRef, weekly: input.weekly, exceptions: input.exceptions, changeHours: input.changeHours ?? DEFAULT_CHANGE_HOURS, at: input.at }),
  );
  return (await store.capacitiesOf(db, [input.dealId], londonDate(input.at)))[0]!;
}
