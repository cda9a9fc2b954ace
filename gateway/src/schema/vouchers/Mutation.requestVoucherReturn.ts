/**
 * requestVoucherReturn (issue 16 point 6; spec §7 create-return-order): the signed-in holder sends
 * goods bought by post back. The gateway reads the deal (its delivery type and the merchant's
 * address, from the deals service) and the vouchers service decides: only goods, only Ready to
 * Redeem, one return per voucher (asking again answers the same return); the voucher moves to
 * Return Requested with the return in one transaction. The answer is the voucher as it now is,
 * with its return (Voucher.return) and the label's link.
 *
 * Signed out: UnauthenticatedError before any call. Another shopper's voucher, a malformed or an
 * unknown id: the same NotFoundError after the same calls (Z1, Z2). 409 VOUCHER_NOT_RETURNABLE
 * (not goods, or not Ready to Redeem) → VoucherActionError in the service's words of why; a deal
 * no longer in the catalogue cannot say where the parcel goes, so it is the same refusal.
 */
import { messageFor } from '@shop/domain';
import { RETURN_NOTE_MAX, type ReturnReason } from '@shop/domain/voucher-returns';
import { z } from 'zod';
import type { MutationResolvers, VoucherReturnReason } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { notFound, problemOf, userError, userErrorOf, type MemberOf } from '../user-errors.ts';
import { VOUCHER_ACTION_MAPPING, type VoucherActionErrorName } from './action-errors.ts';
import { heldVoucherOf } from './Voucher.ts';

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

export const requestVoucherReturn: NonNullable<MutationResolvers['requestVoucherReturn']> = async (_p, { input }, ctx) => {
  const parsed = check(RequestReturnInput, input);
  if (!parsed.ok) return parsed.error;
  const data = parsed.data;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  try {
    const held = await heldVoucherOf(ctx, data.voucherId);
    if (!held) return notFound('NOT_FOUND', 'voucherId');
    const deal = await ctx.loaders.dealById.load(held.dealId);
    if (!deal) return userError('VoucherActionError', 'VOUCHER_NOT_RETURNABLE', 'voucherId', `${messageFor('VOUCHER_NOT_RETURNABLE')} Its deal is no longer listed: please contact us.`);
    const answer = await ctx.clients.vouchers.createReturn(customerToken, {
      voucherId: held.id,
      reason: REASON_OF[data.reason],
      ...(data.note ? { note: data.note } : {}),
      deal: { deliveryType: deal.deliveryType, merchant: { name: deal.business.name, address: deal.business.address, postcode: deal.business.postcode } },
    });
    // What this request read of the voucher before is stale now (its status, its history).
    ctx.loaders.heldVoucherById.clear(held.id);
    return { __typename: 'VoucherReturnRequested', voucher: answer.voucher };
  } catch (error) {
    const problem = problemOf(error, ['vouchers']);
    if (problem?.status === 404) return notFound('NOT_FOUND', 'voucherId');
    const member: MemberOf<VoucherActionErrorName> | null = problem ? userErrorOf(problem, VOUCHER_ACTION_MAPPING) : null;
    if (member) return member;
    throw error;
  }
};
