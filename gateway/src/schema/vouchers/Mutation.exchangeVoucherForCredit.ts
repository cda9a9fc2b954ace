/**
 * exchangeVoucherForCredit (issue 16 point 5; spec §3 Credit Requested → Request Processed): the
 * signed-in holder takes wallet credit of what an unused, unexpired voucher was paid, the offer
 * once the 14-day refund window has closed. The vouchers service moves the voucher and credits
 * the wallet in one transaction, once per voucher.
 *
 * As every voucher action (voucher-action.ts): 409 VOUCHER_NOT_EXCHANGEABLE → VoucherActionError
 * in the service's words of why.
 */
import { z } from 'zod';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { voucherAction } from './voucher-action.ts';
import { moneyOf } from './Voucher.ts';

const ExchangeInput = z.object({ voucherId: z.string().max(300, { error: 'No such voucher.' }) });

export const exchangeVoucherForCredit: NonNullable<MutationResolvers['exchangeVoucherForCredit']> = (_p, { input }, ctx) =>
  voucherAction(ctx, ExchangeInput, input, async (held, _data, customerToken) => {
    const answer = await ctx.clients.vouchers.exchangeForCredit(customerToken, held.id);
    return { __typename: 'VoucherCredited' as const, credit: moneyOf(answer.credit), voucher: answer.voucher };
  });
