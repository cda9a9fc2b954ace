/**
 * MerchantBusiness.bookings and bookableDeals (issue 17 point 4): the parent is a business the
 * viewer is a member of (MerchantAccount.business), so only its own bookable deals are ever asked
 * about (the Z rule: another business's bookings are never listed).
 */
import type { BookingData, CapacityData } from '../../clients/bookings.client.ts';
import type { MerchantBooking, MerchantBusinessResolvers } from '../__generated__/resolvers.ts';
import { bookableDealsOf } from './bookable-deals.ts';

const PAGE_MAX = 100;
const emptyPage = { edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A real calendar day as YYYY-MM-DD (not 2026-02-30). */
const realDay = (day: string) => {
  if (!DAY.test(day)) return false;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
};
/** The service's keyset cursor, base64url of "day|bookingId". */
const validCursor = (cursor: string) => {
  if (cursor.length > 200) return false;
  const [day, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  return rest.length === 0 && !!day && !!id && realDay(day) && UUID.test(id);
};

export const merchantBookingOf = (b: BookingData): MerchantBooking => ({
  id: b.id,
  date: b.date,
  status: b.status === 'confirmed' ? 'CONFIRMED' : 'REQUESTED',
  dealId: b.dealId,
  optionTitle: b.title,
  orderNumber: b.orderNumber,
  recipientName: b.recipientName,
  voucherStatus: b.voucherStatus,
  createdAt: b.createdAt,
  confirmedAt: b.confirmedAt,
});

export const capacityOf = (c: CapacityData | undefined) => (c ? { weekly: c.weekly, exceptions: c.exceptions, changeHours: c.changeHours } : null);

export const merchantBusinessBookingFields: Pick<MerchantBusinessResolvers, 'bookings' | 'bookableDeals'> = {
  bookings: async (b, { from, first, after }, ctx) => {
    const deals = await bookableDealsOf(ctx, b.till.dealIds);
    // A bad day or cursor is no page (the connection has no error member): the client sends YYYY-MM-DD and the endCursor it was given.
    if (!deals.length || (from != null && !realDay(from)) || (after != null && !validCursor(after))) return emptyPage;
    const page = await ctx.clients.bookings.bookings(
      deals.map((d) => d.id),
      { from: from ?? null, first: Math.min(Math.max(first ?? 20, 1), PAGE_MAX), after: after ?? null },
    );
    // The service's keyset cursor (base64url of "day|id"): any edge's cursor continues after it.
    const edges = page.bookings.map((node) => ({ cursor: Buffer.from(`${node.date}|${node.id}`).toString('base64url'), node: merchantBookingOf(node) }));
    return { edges, pageInfo: { hasNextPage: page.hasNextPage, hasPreviousPage: false, startCursor: edges[0]?.cursor ?? null, endCursor: page.endCursor } };
  },
  bookableDeals: async (b, _a, ctx) => {
    const deals = await bookableDealsOf(ctx, b.till.dealIds);
    const capacities = new Map((await ctx.clients.bookings.capacities(deals.map((d) => d.id))).map((c) => [c.dealId, c]));
    return deals.map((deal) => ({ deal, capacity: capacityOf(capacities.get(deal.id)) }));
  },
};
