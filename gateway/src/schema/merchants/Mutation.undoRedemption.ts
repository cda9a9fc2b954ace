/**
 * undoRedemption (issue 17 point 3): the business that redeemed a voucher undoes it within 15
 * minutes. The membership first (till.ts); then POST /redemptions/{voucherId}/undo with the
 * business's deals and ref. Its refusals are a RedemptionError in the domain's words
 * (REDEMPTION_UNDO_EXPIRED, VOUCHER_NOT_REDEEMED, REDEMPTION_NOT_YOURS); a voucher of another
 * business's deal or an unknown id is the same NotFoundError.
 */
import { z } from 'zod';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { messageFor } from '@shop/domain/error-codes';
import { notFound, problemOf } from '../user-errors.ts';
import { isMembership, membershipOf } from './till.ts';

const UNDO_CODES = ['REDEMPTION_UNDO_EXPIRED', 'VOUCHER_NOT_REDEEMED', 'REDEMPTION_NOT_YOURS'] as const;
const UndoInput = z.object({ businessId: z.string(), voucherId: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const undoRedemption: NonNullable<MutationResolvers['undoRedemption']> = async (_p, { input }, ctx) => {
  const parsed = check(UndoInput, input);
  if (!parsed.ok) return parsed.error;
  const membership = await membershipOf(ctx, parsed.data.businessId);
  if (!isMembership(membership)) return membership;
  // Not a voucher id at all: the same answer as an unknown one, without a call that would be a 400.
  if (!UUID.test(parsed.data.voucherId)) return notFound('NOT_FOUND', 'voucherId');
  try {
    const voucher = await ctx.clients.redemption.undo(membership.till, parsed.data.voucherId.toLowerCase());
    return { __typename: 'RedemptionUndone' as const, voucherId: voucher.id, voucherCode: voucher.code, status: voucher.status };
  } catch (error) {
    const problem = problemOf(error, ['vouchers']);
    if (problem?.status === 404) return notFound('NOT_FOUND', 'voucherId');
    const code = UNDO_CODES.find((c) => c === problem?.code);
    if (problem?.status === 409 && code) return { __typename: 'RedemptionError' as const, code, message: messageFor(code), field: 'voucherId' };
    throw error;
  }
};
