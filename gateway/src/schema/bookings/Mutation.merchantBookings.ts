/**
 * setDealCapacity and confirmBooking (issue 17 point 4): a member of the business, for its own
 * deals booked on a calendar only. The membership first (merchants/till.ts); a deal or a booking
 * of another business (or not bookable, or unknown) is the same NotFoundError (Z). Bad places or
 * dates are a ValidationError naming the field.
 */
import { z } from 'zod';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { fromGlobalId } from '../../relay/global-id.ts';
import { isMembership, membershipOf } from '../merchants/till.ts';
import { notFound, problemOf, validationError } from '../user-errors.ts';
import { bookableDealsOf } from './bookable-deals.ts';
import { capacityOf, merchantBookingOf } from './MerchantBusiness.bookings.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLACES_MESSAGE = 'Enter a whole number of places from 0 to 10,000.';
const Places = z.number({ error: PLACES_MESSAGE }).int({ error: PLACES_MESSAGE }).min(0, { error: PLACES_MESSAGE }).max(10_000, { error: PLACES_MESSAGE });

const CapacityInput = z.object({
  businessId: z.string(),
  dealId: z.string(),
  weekly: z.array(Places).length(7, { error: 'Give the places of each of the 7 weekdays.' }),
  exceptions: z
    .array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date as YYYY-MM-DD.' }), places: Places }))
    .max(366, { error: 'At most 366 dates.' })
    .refine((xs) => new Set(xs.map((x) => x.date)).size === xs.length, { error: 'Give each date once.' }),
  changeHours: z.number().int({ error: 'Enter whole hours from 0 to 720.' }).min(0, { error: 'Enter whole hours from 0 to 720.' }).max(720, { error: 'Enter whole hours from 0 to 720.' }).nullish(),
});

export const setDealCapacity: NonNullable<MutationResolvers['setDealCapacity']> = async (_p, { input }, ctx) => {
  const parsed = check(CapacityInput, input);
  if (!parsed.ok) return parsed.error;
  const membership = await membershipOf(ctx, parsed.data.businessId);
  if (!isMembership(membership)) return membership;
  const id = fromGlobalId(parsed.data.dealId);
  const dealId = id?.type === 'Deal' && /^\d{1,9}$/.test(id.key) ? Number(id.key) : null;
  const deal = dealId === null || !membership.till.dealIds.includes(dealId) ? undefined : (await bookableDealsOf(ctx, [dealId]))[0];
  if (!deal) return notFound('NOT_FOUND', 'dealId');
  try {
    const saved = await ctx.clients.bookings.setCapacity({ ...membership.till, dealIds: [deal.id] }, deal.id, {
      weekly: parsed.data.weekly,
      exceptions: parsed.data.exceptions,
      ...(parsed.data.changeHours != null ? { changeHours: parsed.data.changeHours } : {}),
    });
    return { __typename: 'DealCapacitySet' as const, bookableDeal: { deal, capacity: capacityOf(saved) } };
  } catch (error) {
    const problem = problemOf(error, ['vouchers']);
    if (problem?.status === 400) {
      const first = problem.errors?.[0];
      return validationError(first?.field ?? 'weekly', first?.message ?? PLACES_MESSAGE);
    }
    if (problem?.status === 404) return notFound('NOT_FOUND', 'dealId');
    throw error;
  }
};

export const confirmBooking: NonNullable<MutationResolvers['confirmBooking']> = async (_p, { input }, ctx) => {
  const parsed = check(z.object({ businessId: z.string(), bookingId: z.string().max(100) }), input);
  if (!parsed.ok) return parsed.error;
  const membership = await membershipOf(ctx, parsed.data.businessId);
  if (!isMembership(membership)) return membership;
  if (!UUID.test(parsed.data.bookingId)) return notFound('NOT_FOUND', 'bookingId');
  const deals = await bookableDealsOf(ctx, membership.till.dealIds);
  if (!deals.length) return notFound('NOT_FOUND', 'bookingId');
  try {
    const booking = await ctx.clients.bookings.confirm({ ...membership.till, dealIds: deals.map((d) => d.id) }, parsed.data.bookingId.toLowerCase());
    return { __typename: 'BookingConfirmed' as const, booking: merchantBookingOf(booking) };
  } catch (error) {
    if (problemOf(error, ['vouchers'])?.status === 404) return notFound('NOT_FOUND', 'bookingId');
    throw error;
  }
};
