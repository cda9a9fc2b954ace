/**
 * markReturnReceived (issue 17 point 5): a member has returned goods back. The membership first
 * (till.ts), then POST /posting/{voucherId}/return-received with the business's postal deals:
 * Return in Transit → Returned to the Merchant, then the refund. Another business's voucher or an
 * unknown id is the same NotFoundError; a return not on its way is a PostingError.
 */
import { z } from 'zod';
import { messageFor } from '@shop/domain/error-codes';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { notFound, problemOf } from '../user-errors.ts';
import { postalVoucher } from './postal-deals.ts';

const ReceivedInput = z.object({ businessId: z.string(), voucherId: z.string().max(100) });

export const markReturnReceived: NonNullable<MutationResolvers['markReturnReceived']> = async (_p, { input }, ctx) => {
  const parsed = check(ReceivedInput, input);
  if (!parsed.ok) return parsed.error;
  const target = await postalVoucher(ctx, parsed.data.businessId, parsed.data.voucherId);
  if (!('till' in target)) return target;
  try {
    const answer = await ctx.clients.posting.returnReceived(target.till, target.voucherId);
    return { __typename: 'ReturnMarkedReceived' as const, voucherId: answer.voucherId, status: answer.status };
  } catch (error) {
    const problem = problemOf(error, ['vouchers']);
    if (problem?.status === 404) return notFound('NOT_FOUND', 'voucherId');
    if (problem?.status === 409 && problem.code === 'VOUCHER_NOT_RETURNABLE') {
      return { __typename: 'PostingError' as const, code: 'VOUCHER_NOT_RETURNABLE' as const, message: problem.message ?? messageFor('VOUCHER_NOT_RETURNABLE'), field: 'voucherId' };
    }
    throw error;
  }
};
