/**
 * markVoucherSent (issue 17 point 5): a member marks one unit of goods sent. The membership first
 * (till.ts), then POST /posting/{voucherId}/sent with the business's postal deals: a voucher of
 * another business's deal, of a deal not sent by post, or an unknown id is the same NotFoundError.
 * A tracking reference the service refuses is a ValidationError naming trackingReference.
 */
import { z } from 'zod';
import { TRACKING_REFERENCE_MESSAGE, TRACKING_REFERENCE_PATTERN, type PostingCarrier } from '@shop/vouchers/posting/posting.contract';
import { hasUnsafeText } from '@shop/domain/safe-text';
import { messageFor } from '@shop/domain/error-codes';
import type { MutationResolvers, PostingCarrier as CarrierEnum } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { notFound, problemOf, validationError } from '../user-errors.ts';
import { postedOrderOf } from './MerchantBusiness.posting.ts';
import { postalVoucher } from './postal-deals.ts';

export const CARRIER_WORDS: Record<CarrierEnum, PostingCarrier> = { ROYAL_MAIL: 'Royal Mail', DPD: 'DPD', EVRI: 'Evri', PARCELFORCE: 'Parcelforce', OTHER: 'Other' };

const SentInput = z.object({
  businessId: z.string(),
  voucherId: z.string().max(100),
  carrier: z.enum(Object.keys(CARRIER_WORDS) as [CarrierEnum, ...CarrierEnum[]], { error: 'Choose the carrier.' }),
  trackingReference: z
    .string()
    .trim()
    .refine((v) => !hasUnsafeText(v) && TRACKING_REFERENCE_PATTERN.test(v), { error: TRACKING_REFERENCE_MESSAGE }),
});

const SENT_CODES = ['VOUCHER_ALREADY_SENT', 'VOUCHER_NOT_SENDABLE'] as const;

export const markVoucherSent: NonNullable<MutationResolvers['markVoucherSent']> = async (_p, { input }, ctx) => {
  const parsed = check(SentInput, input);
  if (!parsed.ok) return parsed.error;
  const target = await postalVoucher(ctx, parsed.data.businessId, parsed.data.voucherId);
  if (!('till' in target)) return target;
  try {
    const order = await ctx.clients.posting.markSent(target.till, target.voucherId, CARRIER_WORDS[parsed.data.carrier], parsed.data.trackingReference);
    return { __typename: 'VoucherMarkedSent' as const, order: postedOrderOf(order) };
  } catch (error) {
    const problem = problemOf(error, ['vouchers']);
    if (problem?.status === 404) return notFound('NOT_FOUND', 'voucherId');
    if (problem?.status === 400) {
      const first = problem.errors?.[0];
      return validationError(first?.field === 'carrier' ? 'carrier' : 'trackingReference', first?.message ?? TRACKING_REFERENCE_MESSAGE);
    }
    const code = SENT_CODES.find((c) => c === problem?.code);
    // The service's detail says when, by which carrier and which reference it was sent.
    if (problem?.status === 409 && code) return { __typename: 'PostingError' as const, code, message: problem.message ?? messageFor(code), field: code === 'VOUCHER_ALREADY_SENT' ? 'trackingReference' : 'voucherId' };
    throw error;
  }
};
