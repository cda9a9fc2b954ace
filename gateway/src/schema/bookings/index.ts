/**
 * Bookings against real capacity (issue 17 point 4): Deal.bookingAvailability, Voucher.booking and
 * bookingOptions, the holder's bookVoucherDate / moveVoucherBooking / cancelVoucherBooking,
 * MerchantBusiness.bookings and bookableDeals, setDealCapacity and confirmBooking, with their
 * result unions. schema.ts, vouchers/index.ts and merchants/MerchantAccount.ts spread these.
 */
import { byTypename } from '../mappers.ts';
import { confirmBooking, setDealCapacity } from './Mutation.merchantBookings.ts';
import { bookVoucherDate, cancelVoucherBooking, moveVoucherBooking } from './Mutation.voucherBooking.ts';

export { dealBookingAvailability } from './Deal.bookingAvailability.ts';
export { voucherBookingFields } from './Voucher.booking.ts';
export { merchantBusinessBookingFields } from './MerchantBusiness.bookings.ts';
export const bookingsMutation = { bookVoucherDate, moveVoucherBooking, cancelVoucherBooking, setDealCapacity, confirmBooking };
export const bookingsTypes = {
  VoucherBookingResult: { __resolveType: byTypename },
  SetDealCapacityResult: { __resolveType: byTypename },
  ConfirmBookingResult: { __resolveType: byTypename },
};
