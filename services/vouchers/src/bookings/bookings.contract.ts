/** The shapes of the bookings calls (issue 17 point 4): capacity, availability, a shopper's booking, the merchant's list. */
import { z } from '@hono/zod-openapi';
import { PG_INT_MAX } from '@shop/domain/safe-text';
import { ActorRef, DealIds, MerchantRef } from '../redemption/redemption.contract.ts';

export const BOOKING_STATUSES = ['requested', 'confirmed', 'cancelled'] as const;
/** A weekday or an exception holds at most this many places. */
export const MAX_PLACES = 10_000;
/** The merchant's rule: a shopper moves or cancels until this many hours before the day (default 24; at most 30 days). */
export const DEFAULT_CHANGE_HOURS = 24;
export const MAX_CHANGE_HOURS = 720;
/** At most this many date exceptions per deal, and an availability window of at most this many days. */
export const MAX_EXCEPTIONS = 366;
export const MAX_WINDOW_DAYS = 800;

const isCalendarDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date as YYYY-MM-DD.' })
  .refine(isCalendarDate, { error: 'That is not a date.' })
  .openapi({ description: 'A London calendar date, YYYY-MM-DD.', example: '2026-12-05' });
const Instant = z.string().openapi({ description: 'ISO 8601 instant.', example: '2026-11-24T10:00:00.000Z' });
const DealId = z.coerce.number().int().min(1).max(PG_INT_MAX);
const Places = z.number().int().min(0).max(MAX_PLACES);

/** `dealIds` of a GET: comma-separated ids. */
const DealIdList = z
  .string()
  .regex(/^\d+(,\d+){0,999}$/, { error: 'Give deal ids separated by commas.' })
  .transform((v) => v.split(',').map(Number))
  .pipe(z.array(z.number().int().min(1).max(PG_INT_MAX)))
  .openapi({ description: "The business's own deals, comma-separated.", example: '7,8' });

export const CapacityParamsSchema = z.object({ dealId: DealId.openapi({ param: { name: 'dealId', in: 'path' }, description: 'The bookable deal.' }) });

export const CapacityBodySchema = z
  .object({
    dealIds: DealIds,
    merchantRef: MerchantRef,
    actorRef: ActorRef.optional(),
    weekly: z.array(Places).length(7).openapi({ description: 'Places per weekday, Monday first (0: closed that weekday).', example: [4, 4, 4, 4, 6, 8, 0] }),
    exceptions: z
      .array(z.object({ date: CalendarDate, places: Places.openapi({ description: 'Places that day (0: closed).' }) }).strict())
      .max(MAX_EXCEPTIONS)
      .refine((xs) => new Set(xs.map((x) => x.date)).size === xs.length, { error: 'Give each date once.' })
      .openapi({ description: 'Dates with other places than their weekday; they replace the ones set before.' }),
    changeHours: z.number().int().min(0).max(MAX_CHANGE_HOURS).optional().openapi({ description: `How many hours before the day a shopper may still move or cancel (default ${DEFAULT_CHANGE_HOURS}).` }),
  })
  .strict()
  .openapi('SetCapacityRequest');

export const CapacitySchema = z
  .object({
    dealId: z.number().int(),
    weekly: z.array(z.number().int()).openapi({ description: 'Places per weekday, Monday first.' }),
    exceptions: z.array(z.object({ date: z.string(), places: z.number().int() })).openapi({ description: 'Today and later, by date.' }),
    changeHours: z.number().int(),
    updatedAt: Instant,
  })
  .openapi('DealCapacity');

export const CapacitiesQuerySchema = z.object({ dealIds: DealIdList });
export const CapacitiesSchema = z.object({ capacities: z.array(CapacitySchema).openapi({ description: 'The deals of these that have a capacity set, by deal id.' }) }).openapi('DealCapacities');

export const AvailabilityQuerySchema = z.object({
  until: CalendarDate.optional().openapi({ description: 'The last day to list (a voucher\'s expiry date); default: the soonest of 12 months on and the last day the window allows.' }),
  validityMonths: z.coerce.number().int().min(1).max(60).optional().openapi({ description: 'For the sales pause: the months a voucher bought now is valid (its last day is the end of the window). Without it, until.' }),
});

export const AvailabilitySchema = z
  .object({
    dealId: z.number().int(),
    calendar: z.boolean().openapi({ description: 'Whether the merchant set a capacity (without one, nothing is booked online and sales never pause).' }),
    changeHours: z.number().int().nullable(),
    from: z.string().openapi({ description: 'The first bookable day: tomorrow in London.' }),
    until: z.string().openapi({ description: 'The last day counted.' }),
    days: z.array(z.object({ date: z.string(), places: z.number().int(), left: z.number().int() })).openapi({ description: 'Every day of the window with at least one place left.' }),
    places: z.number().int().openapi({ description: 'Places of every day of the window, booked or not.' }),
    unused: z.number().int().openapi({ description: 'Vouchers sold and not yet used: Ready to Redeem and still valid, plus Booked for a day of the window.' }),
    paused: z.boolean().openapi({ description: 'Sales are paused: unused ≥ places (never without a calendar).' }),
  })
  .openapi('BookingAvailability');

export const BookingSchema = z
  .object({
    id: z.uuid(),
    voucherId: z.uuid(),
    dealId: z.number().int(),
    date: z.string(),
    status: z.enum(BOOKING_STATUSES),
    orderNumber: z.string(),
    title: z.string(),
    recipientName: z.string().nullable(),
    voucherStatus: z.string(),
    changeableUntil: Instant.nullable().openapi({ description: 'The last instant its holder may move or cancel it (null: no calendar).' }),
    createdAt: Instant,
    confirmedAt: Instant.nullable(),
  })
  .openapi('Booking');

export const VoucherParamsSchema = z.object({ voucherId: z.uuid().openapi({ param: { name: 'voucherId', in: 'path' }, description: 'The voucher.' }) });
export const HolderQuerySchema = z.object({ customerToken: z.string().min(1).max(200) });
export const HolderBookingSchema = z.object({ booking: BookingSchema.nullable() }).openapi('VoucherBooking');

export const BookBodySchema = z
  .object({
    customerToken: z.string().min(1).max(200),
    date: CalendarDate,
    bookable: z.boolean().openapi({ description: "Whether the voucher's deal is booked on a calendar (bookingCalendarOnRedemption), read from the deal by the caller." }),
  })
  .strict()
  .openapi('BookVoucherRequest');
export const MoveBodySchema = z.object({ customerToken: z.string().min(1).max(200), date: CalendarDate }).strict().openapi('MoveBookingRequest');
export const CancelBodySchema = z.object({ customerToken: z.string().min(1).max(200) }).strict().openapi('CancelBookingRequest');

export const MerchantBookingsQuerySchema = z.object({
  dealIds: DealIdList,
  from: CalendarDate.optional().openapi({ description: 'From this day (default today in London).' }),
  first: z.coerce.number().int().min(1).max(100).optional().openapi({ description: 'At most this many (default 20).' }),
  after: z.string().max(200).optional().openapi({ description: 'The endCursor of the page before.' }),
});
export const BookingsPageSchema = z
  .object({
    bookings: z.array(BookingSchema).openapi({ description: 'Live bookings by day, then as made.' }),
    endCursor: z.string().nullable(),
    hasNextPage: z.boolean(),
  })
  .openapi('BookingsPage');

export const BookingParamsSchema = z.object({ bookingId: z.uuid().openapi({ param: { name: 'bookingId', in: 'path' }, description: 'The booking.' }) });
export const ConfirmBodySchema = z.object({ dealIds: DealIds, merchantRef: MerchantRef, actorRef: ActorRef.optional() }).strict().openapi('ConfirmBookingRequest');
