/**
 * takeExpiredVoucherCredit (spec §9 "Expired voucher credit is valid 14 days"): the signed-in
 * holder takes an expired voucher's paid value as wallet credit, valid until the end of day 14
 * (London) after today. The vouchers service moves the voucher (Expired → Request Processed) and
 * credits the wallet in one transaction, once per voucher.
 *
 * Signed out: UnauthenticatedError before any call. Another shopper's voucher, a malformed or an
 * unknown id: the same NotFoundError after the same calls (Z1, Z2). 409 VOUCHER_NOT_EXPIRED or
 * GIFT_RECEIVED_NOT_REFUNDABLE → VoucherActionError in the service's words of why.
 */
import { z } from 'zod';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { notFound, problemOf, userError, userErrorOf, type MemberOf } from '../user-errors.ts';
import { VOUCHER_ACTION_MAPPING, type VoucherActionErrorName } from './action-errors.ts';
import { heldVoucherOf, moneyOf } from './Voucher.ts';

const TakeInput = z.object({ voucherId: z.string().max(300, { error: 'No such voucher.' }) });

export const takeExpiredVoucherCredit: NonNullable<MutationResolvers['takeExpiredVoucherCredit']> = async (_p, { input }, ctx) => {
  const parsed = check(TakeInput, input);
  if (!parsed.ok) return parsed.error;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  try {
    const held = await heldVoucherOf(ctx, parsed.data.voucherId);
    if (!held) return notFound('NOT_FOUND', 'voucherId');
    const answer = await ctx.clients.vouchers.takeExpiredCredit(customerToken, held.id);
    ctx.loaders.heldVoucherById.clear(held.id);
    return { __typename: 'ExpiredVoucherCreditTaken', credit: moneyOf(answer.credit), validUntil: answer.validUntil, voucher: answer.voucher };
  } catch (error) {
    const problem = problemOf(error, ['vouchers']);
    if (problem?.status === 404) return notFound('NOT_FOUND', 'voucherId');
    const member: MemberOf<VoucherActionErrorName> | null = problem ? userErrorOf(problem, VOUCHER_ACTION_MAPPING) : null;
    if (member) return member;
    throw error;
  }
};
