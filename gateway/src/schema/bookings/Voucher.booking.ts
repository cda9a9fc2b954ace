/**
 * Voucher.booking and Voucher.bookingOptions (issue 17 point 4), for the signed-in holder only
 * (anyone else gets null, and nothing is asked). Only vouchers of deals booked on a calendar are
 * asked about: a booking for one that is (or was) Booked, the days with a place left for one that
 * can be booked or moved (Ready to Redeem or Booked, in date).
 */
import { londonDate } from '@shop/domain/london-time';
import { isExpired } from '@shop/domain/voucher-status';
import type { BookingData } from '../../clients/bookings.client.ts';
import type { GatewayContext } from '../../context.ts';
import type { VoucherBooking, VoucherResolvers } from '../__generated__/resolvers.ts';
import type { VoucherParent } from '../vouchers/Voucher.ts';
import { DEFAULT_CHANGE_HOURS } from '@shop/vouchers/bookings/bookings.contract';

export const voucherBookingOf = (b: BookingData, now: Date): VoucherBooking => ({
  id: b.id,
  date: b.date,
  status: b.status === 'confirmed' ? 'CONFIRMED' : 'REQUESTED',
  changeableUntil: b.changeableUntil ?? b.date,
  changeable: b.voucherStatus === 'Booked' && b.changeableUntil !== null && now.getTime() <= new Date(b.changeableUntil).getTime(),
});

/** The signed-in holder's token when this voucher of a bookable deal is theirs (the holder's read, cached per request); else null. */
async function bookableHolder(ctx: GatewayContext, v: VoucherParent): Promise<string | null> {
  const deal = await ctx.loaders.dealById.load(v.dealId);
  if (!deal?.bookingCalendarOnRedemption) return null;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return null;
  return (await ctx.loaders.heldVoucherById.load(v.id)) ? customerToken : null;
}

export const voucherBookingFields: Pick<VoucherResolvers, 'booking' | 'bookingOptions'> = {
  booking: async (v, _a, ctx) => {
    // A booking stays with a voucher used (or past its date) after it: only these statuses can have one.
    if (!['Booked', 'Redeemed', 'Expired'].includes(v.status)) return null;
    const customerToken = await bookableHolder(ctx, v);
    if (!customerToken) return null;
    const booking = await ctx.clients.bookings.bookingOf(customerToken, v.id);
    return booking ? voucherBookingOf(booking, new Date()) : null;
  },
  bookingOptions: async (v, _a, ctx) => {
    if ((v.status !== 'Ready to Redeem' && v.status !== 'Booked') || isExpired(v.expiresAt ? new Date(v.expiresAt) : null, new Date())) return null;
    // Only the holder sees where it can be booked (a guest's order page shows the code, not the calendar).
    if (!(await bookableHolder(ctx, v))) return null;
    const availability = await ctx.clients.bookings.availability(v.dealId, v.expiresAt ? { until: londonDate(new Date(v.expiresAt)) } : {});
    if (!availability.calendar) return null;
    return {
      firstDate: availability.from,
      lastDate: availability.until,
      availableDates: availability.days.map((d) => ({ date: d.date, placesLeft: d.left })),
      changeHours: availability.changeHours ?? DEFAULT_CHANGE_HOURS,
    };
  },
};
