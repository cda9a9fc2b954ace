/**
 * takeExpiredVoucherCredit (spec §9 "Expired voucher credit is valid 14 days"): the signed-in
 * holder takes an expired voucher's paid value as wallet credit, valid until the end of day 14
 * (London) after today. The vouchers service moves the voucher (Expired → Request Processed) and
 * credits the wallet in one transaction, once per voucher.
 *
 * As every voucher action (voucher-action.ts): 409 VOUCHER_NOT_EXPIRED or
 * GIFT_RECEIVED_NOT_REFUNDABLE → VoucherActionError in the service's words of why.
 */
import { z } from 'zod';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { voucherAction } from './voucher-action.ts';
import { moneyOf } from './Voucher.ts';

const TakeInput = z.object({ voucherId: z.string().max(300, { error: 'No such voucher.' }) });

export const takeExpiredVoucherCredit: NonNullable<MutationResolvers['takeExpiredVoucherCredit']> = (_p, { input }, ctx) =>
  voucherAction(ctx, TakeInput, input, async (held, _data, customerToken) => {
    const answer = await ctx.clients.vouchers.takeExpiredCredit(customerToken, held.id);
    return { __typename: 'ExpiredVoucherCreditTaken' as const, credit: moneyOf(answer.credit), validUntil: answer.validUntil, voucher: answer.voucher };
  });
