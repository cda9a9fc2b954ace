/**
 * The vouchers service's bookings calls (services/vouchers README "Bookings and capacity", issue 17
 * point 4). A merchant's deal ids and merchantRef come from the caller, who checked the membership
 * first; a shopper's customer token from the session (hidden in the logged path).
 *
 * - GET /bookings/availability/{dealId}?until|validityMonths: the days with a place left and the sales pause.
 * - GET /bookings/voucher/{voucherId}?customerToken: the holder's voucher's live booking (404: not theirs).
 * - POST /bookings/voucher/{voucherId} | …/move | …/cancel: 201/200 the booking; 404, 409 and 400 as ServiceErrors.
 * - GET /bookings/capacity?dealIds, PUT /bookings/capacity/{dealId}: the merchant's capacity.
 * - GET /bookings?dealIds&from&first&after, POST /bookings/{bookingId}/confirm: the merchant's list and confirmation.
 */
import { AvailabilitySchema, BookingSchema, BookingsPageSchema, CapacitiesSchema, CapacitySchema, HolderBookingSchema } from '@shop/vouchers/bookings/bookings.contract';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';
import type { Till } from './redemption.client.ts';

export type BookingData = z.infer<typeof BookingSchema>;
export type AvailabilityData = z.infer<typeof AvailabilitySchema>;
export type CapacityData = z.infer<typeof CapacitySchema>;
export type BookingsPage = z.infer<typeof BookingsPageSchema>;

export interface BookingsClient {
  availability(dealId: number, window: { until?: string } | { validityMonths: number }): Promise<AvailabilityData>;
  bookingOf(customerToken: string, voucherId: string): Promise<BookingData | null>;
  book(customerToken: string, voucherId: string, date: string, bookable: boolean): Promise<BookingData>;
  move(customerToken: string, voucherId: string, date: string): Promise<BookingData>;
  cancel(customerToken: string, voucherId: string): Promise<BookingData>;
  capacities(dealIds: readonly number[]): Promise<CapacityData[]>;
  setCapacity(till: Till, dealId: number, capacity: { weekly: number[]; exceptions: Array<{ date: string; places: number }>; changeHours?: number }): Promise<CapacityData>;
  bookings(dealIds: readonly number[], page: { from: string | null; first: number; after: string | null }): Promise<BookingsPage>;
  confirm(till: Till, bookingId: string): Promise<BookingData>;
}

export function createBookingsClient(rest: RestClient): BookingsClient {
  const who = (till: Till) => ({ dealIds: [...till.dealIds], merchantRef: till.merchantRef, actorRef: till.actorRef });
  const voucherPath = (voucherId: string) => `/bookings/voucher/${encodeURIComponent(voucherId)}`;
  return {
    availability: (dealId, window) =>
      rest.send('GET', `/bookings/availability/${dealId}?${new URLSearchParams('validityMonths' in window ? { validityMonths: String(window.validityMonths) } : window.until ? { until: window.until } : {})}`, { parser: AvailabilitySchema }),
    async bookingOf(customerToken, voucherId) {
      const path = `${voucherPath(voucherId)}?${new URLSearchParams({ customerToken })}`;
      return (await rest.send('GET', path, { logPath: `${voucherPath(voucherId)}?customerToken=…`, parser: HolderBookingSchema })).booking;
    },
    book: (customerToken, voucherId, date, bookable) => rest.send('POST', voucherPath(voucherId), { body: { customerToken, date, bookable }, parser: BookingSchema }),
    move: (customerToken, voucherId, date) => rest.send('POST', `${voucherPath(voucherId)}/move`, { body: { customerToken, date }, parser: BookingSchema }),
    cancel: (customerToken, voucherId) => rest.send('POST', `${voucherPath(voucherId)}/cancel`, { body: { customerToken }, parser: BookingSchema }),
    async capacities(dealIds) {
      if (dealIds.length === 0) return [];
      return (await rest.send('GET', `/bookings/capacity?${new URLSearchParams({ dealIds: dealIds.join(',') })}`, { parser: CapacitiesSchema })).capacities;
    },
    setCapacity: (till, dealId, capacity) => rest.send('PUT', `/bookings/capacity/${dealId}`, { body: { ...who(till), ...capacity }, parser: CapacitySchema }),
    bookings: (dealIds, page) =>
      rest.send('GET', `/bookings?${new URLSearchParams({ dealIds: dealIds.join(','), first: String(page.first), ...(page.from ? { from: page.from } : {}), ...(page.after ? { after: page.after } : {}) })}`, { parser: BookingsPageSchema }),
    confirm: (till, bookingId) => rest.send('POST', `/bookings/${encodeURIComponent(bookingId)}/confirm`, { body: who(till), parser: BookingSchema }),
  };
}
