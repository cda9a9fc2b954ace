/**
 * bookVoucherDate, moveVoucherBooking and cancelVoucherBooking (issue 17 point 4): the signed-in
 * holder books a day for a voucher of a deal booked on a calendar, moves it or cancels it within
 * the merchant's rule. As every voucher action (vouchers/voucher-action.ts): the input checked
 * first, signed out answered before any call, another shopper's voucher the same NotFoundError as
 * an unknown id (Z). The vouchers service decides under its locks; its refusals are a BookingError
 * in its words (which day, why), naming the field (date, or voucherId). The answer is the voucher
 * as it now is (Booked with its booking, or Ready to Redeem again).
 */
import { z } from 'zod';
import { messageFor, type ErrorCode } from '@shop/domain/error-codes';
import type { VoucherDetail } from '../../clients/vouchers.client.ts';
import type { GatewayContext } from '../../context.ts';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { isErrorCode, problemOf, validationError } from '../user-errors.ts';
import { voucherAction } from '../vouchers/voucher-action.ts';

const BOOKING_CODES = new Set<string>(['BOOKING_NOT_OFFERED', 'VOUCHER_ALREADY_BOOKED', 'VOUCHER_NOT_BOOKED', 'VOUCHER_NOT_BOOKABLE', 'BOOKING_DATE_UNAVAILABLE', 'BOOKING_DATE_FULL', 'BOOKING_CHANGE_CLOSED']);

const DateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Choose a date.' });
const DateInput = z.object({ voucherId: z.string().max(300, { error: 'No such voucher.' }), date: DateField });
const CancelInput = z.object({ voucherId: z.string().max(300, { error: 'No such voucher.' }) });

/** The change, and the voucher as it now is; the service's refusals as a BookingError (or a ValidationError for a bad date). */
async function change(ctx: GatewayContext, held: VoucherDetail, call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    const problem = problemOf(error, ['vouchers']);
    if (problem?.status === 409 && BOOKING_CODES.has(problem.code) && isErrorCode(problem.code)) {
      const code: ErrorCode = problem.code;
      return { __typename: 'BookingError' as const, code, message: problem.message ?? messageFor(code), field: problem.errors?.[0]?.field === 'date' ? 'date' : 'voucherId' };
    }
    if (problem?.status === 400) return validationError(problem.errors?.[0]?.field === 'date' ? 'date' : 'voucherId', problem.errors?.[0]?.message ?? messageFor('VALIDATION_FAILED'));
    throw error;
  }
  ctx.loaders.heldVoucherById.clear(held.id);
  const voucher = await ctx.loaders.heldVoucherById.load(held.id);
  if (!voucher) throw new Error('The booked voucher is no longer its holder\'s');
  return { __typename: 'VoucherBookingChanged' as const, voucher };
}

/** A voucher action (voucher-action.ts) whose refusals are BookingErrors (its union has no VoucherActionError). */
async function bookingAction<S extends z.ZodType<{ voucherId: string }>>(ctx: GatewayContext, schema: S, input: unknown, act: (held: VoucherDetail, data: z.output<S>, customerToken: string) => ReturnType<typeof change>) {
  const answer = await voucherAction(ctx, schema, input, act);
  return answer.__typename === 'VoucherActionError' ? { ...answer, __typename: 'BookingError' as const } : answer;
}

export const bookVoucherDate: NonNullable<MutationResolvers['bookVoucherDate']> = (_p, { input }, ctx) =>
  bookingAction(ctx, DateInput, input, async (held, data, customerToken) => {
    const deal = await ctx.loaders.dealById.load(held.dealId);
    return change(ctx, held, () => ctx.clients.bookings.book(customerToken, held.id, data.date, deal?.bookingCalendarOnRedemption === true));
  });

export const moveVoucherBooking: NonNullable<MutationResolvers['moveVoucherBooking']> = (_p, { input }, ctx) =>
  bookingAction(ctx, DateInput, input, (held, data, customerToken) => change(ctx, held, () => ctx.clients.bookings.move(customerToken, held.id, data.date)));

export const cancelVoucherBooking: NonNullable<MutationResolvers['cancelVoucherBooking']> = (_p, { input }, ctx) =>
  bookingAction(ctx, CancelInput, input, (held, _data, customerToken) => change(ctx, held, () => ctx.clients.bookings.cancel(customerToken, held.id)));
