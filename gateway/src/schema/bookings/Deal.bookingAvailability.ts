/**
 * Deal.bookingAvailability (issue 17 point 4): for a deal booked on a calendar whose merchant set a
 * capacity, whether it sells now: the vouchers service's sales pause over the days from tomorrow
 * until a voucher bought now expires (the deal's validity). The checkout decides again, under a
 * lock, when an order is placed. Null for any other deal: it never pauses.
 */
import { BOOKINGS_PAUSED_MESSAGE } from '@shop/domain/voucher-status';
import type { DealResolvers } from '../__generated__/resolvers.ts';
import { validityMonthsOf } from './bookable-deals.ts';

export const dealBookingAvailability: NonNullable<DealResolvers['bookingAvailability']> = async (deal, _a, ctx) => {
  if (!deal.bookingCalendarOnRedemption) return null;
  const availability = await ctx.clients.bookings.availability(deal.id, { validityMonths: validityMonthsOf(deal) });
  if (!availability.calendar) return null;
  return { paused: availability.paused, message: availability.paused ? BOOKINGS_PAUSED_MESSAGE : null };
};
