/**
 * exchangePoints and recordClubActivity (issue 18 point 6): the signed-in shopper's own club only
 * (the customer token is the session's). Signed out: UnauthenticatedError before any call.
 *
 * - exchangePoints: 1..10,000,000 points, else a ValidationError naming points; the service's
 *   refusals (NOT_ENOUGH_POINTS, LEVEL_TOO_LOW, POINTS_OUT_OF_RANGE) are PointsExchangeError with
 *   the spec §5 words naming points. Each call is a new exchange (its own idempotency ref).
 * - recordClubActivity: the client's queued shares and views (spec §7 club activity body), at
 *   most 50 of each per call; the client clears its queue only after this succeeds.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { EXCHANGE_POINTS_MAX } from '@shop/domain';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { userError } from '../user-errors.ts';
import { reportClubFailure } from './Loyalty.ts';

const ExchangeInput = z.object({
  points: z.number().int().min(1, { error: 'Please choose at least 1 point.' }).max(EXCHANGE_POINTS_MAX, { error: 'Please choose fewer points.' }),
});

const source = z.string().trim().max(100, { error: 'At most 100 characters.' }).nullish();
const ActivityInput = z.object({
  downloadToolbar: z.boolean().nullish(),
  shareDeal: z.array(z.object({ dealId: z.number().int().positive({ error: 'Not a deal.' }), publisherSource: source })).max(50, { error: 'At most 50 shares at once.' }),
  viewDeal: z.array(z.object({ dealId: z.number().int().positive({ error: 'Not a deal.' }), locationSite: source })).max(50, { error: 'At most 50 views at once.' }),
});

export const exchangePoints: NonNullable<MutationResolvers['exchangePoints']> = async (_p, { input }, ctx) => {
  const parsed = check(ExchangeInput, input);
  if (!parsed.ok) return parsed.error;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  let answer;
  try {
    answer = await ctx.clients.rewards.exchange(customerToken, parsed.data.points, randomUUID());
  } catch (error) {
    reportClubFailure(ctx, 'exchange', error);
    throw error;
  }
  if (!answer.ok) return { __typename: 'PointsExchangeError', code: answer.code, message: answer.message, field: 'points' };
  return {
    __typename: 'PointsExchanged',
    points: answer.answer.points,
    credit: { amount: answer.answer.creditPence, currency: 'GBP' },
    loyalty: { ...answer.answer.details, customerToken },
  };
};

export const recordClubActivity: NonNullable<MutationResolvers['recordClubActivity']> = async (_p, { input }, ctx) => {
  const parsed = check(ActivityInput, input);
  if (!parsed.ok) return parsed.error;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  try {
    const result = await ctx.clients.rewards.publish(customerToken, {
      ...(parsed.data.downloadToolbar != null ? { downloadToolbar: parsed.data.downloadToolbar } : {}),
      shareDeal: parsed.data.shareDeal.map((s) => ({ dealId: String(s.dealId), publisherSource: s.publisherSource ?? null })),
      viewDeal: parsed.data.viewDeal.map((v) => ({ dealId: String(v.dealId), locationSite: v.locationSite ?? null })),
    });
    return { __typename: 'ClubActivityRecorded', points: result.points };
  } catch (error) {
    reportClubFailure(ctx, 'activity', error);
    throw error;
  }
};
