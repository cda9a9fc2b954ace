/**
 * requestVoucherReturn (issue 16 point 6; spec §7 create-return-order): the signed-in holder sends
 * goods bought by post back. The gateway reads the deal (its delivery type and the merchant's
 * address, from the deals service) and the vouchers service decides: only goods, only Ready to
 * Redeem, one return per voucher (asking again answers the same return); the voucher moves to
 * Return Requested with the return in one transaction. The answer is the voucher as it now is,
 * with its return (Voucher.return) and the label's link.
 *
 * As every voucher action (voucher-action.ts): 409 VOUCHER_NOT_RETURNABLE
 * (not goods, or not Ready to Redeem) → VoucherActionError in the service's words of why; a deal
 * no longer in the catalogue cannot say where the parcel goes, so it is the same refusal.
 */
import { messageFor } from '@shop/domain';
import { RETURN_NOTE_MAX, type ReturnReason } from '@shop/domain/voucher-returns';
import { z } from 'zod';
import type { MutationResolvers, VoucherReturnReason } from '../__generated__/resolvers.ts';
import { userError } from '../user-errors.ts';
import { voucherAction } from './voucher-action.ts';

/** The GraphQL reasons as the service stores them. */
export const REASON_OF: Record<VoucherReturnReason, ReturnReason> = {
  DAMAGED: 'damaged',
  NOT_AS_DESCRIBED: 'not_as_described',
  WRONG_ITEM: 'wrong_item',
  CHANGED_MIND: 'changed_mind',
};

const RequestReturnInput = z.object({
  voucherId: z.string().max(300, { error: 'No such voucher.' }),
  reason: z.enum(['DAMAGED', 'NOT_AS_DESCRIBED', 'WRONG_ITEM', 'CHANGED_MIND']),
  note: z
    .string()
    .trim()
    .max(RETURN_NOTE_MAX, { error: `Please keep your note to ${RETURN_NOTE_MAX} characters.` })
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const requestVoucherReturn: NonNullable<MutationResolvers['requestVoucherReturn']> = (_p, { input }, ctx) =>
  voucherAction(ctx, RequestReturnInput, input, async (held, data, customerToken) => {
    const deal = await ctx.loaders.dealById.load(held.dealId);
    if (!deal) return userError('VoucherActionError', 'VOUCHER_NOT_RETURNABLE', 'voucherId', `${messageFor('VOUCHER_NOT_RETURNABLE')} Its deal is no longer listed: please contact us.`);
    const answer = await ctx.clients.vouchers.createReturn(customerToken, {
      voucherId: held.id,
      reason: REASON_OF[data.reason],
      ...(data.note ? { note: data.note } : {}),
      deal: { deliveryType: deal.deliveryType, merchant: { name: deal.business.name, address: deal.business.address, postcode: deal.business.postcode } },
    });
    return { __typename: 'VoucherReturnRequested' as const, voucher: answer.voucher };
  });
