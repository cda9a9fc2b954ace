/**
 * What every action of a holder on one of their vouchers does the same way (refundVoucher,
 * exchangeVoucherForCredit, takeExpiredVoucherCredit, requestVoucherReturn, giftVoucher):
 *
 * - the input checked first: a ValidationError naming the field;
 * - signed out: UnauthenticatedError before any call;
 * - the voucher read first as the holder's (heldVoucherOf): another shopper's voucher, a
 *   malformed or an unknown id are the same NotFoundError after the same calls (Z1, Z2);
 * - the action, after which what this request read of the voucher is stale (its status, its history);
 * - the vouchers service's problems as data: 404 (gone meanwhile) the same NotFoundError, then the
 *   action's own reading of a problem (`refusal`), then `mapping` (VOUCHER_ACTION_MAPPING: its
 *   field errors as worded, VOUCHER_* and GIFT_* codes as a VoucherActionError). Anything else is
 *   rethrown and masked.
 */
import type { z } from 'zod';
import type { VoucherDetail } from '../../clients/vouchers.client.ts';
import type { GatewayContext } from '../../context.ts';
import { check } from '../buying/inputs.ts';
import { notFound, problemOf, userError, userErrorOf, type MemberOf, type Problem, type ProblemMapping, type ValidationErrorValue } from '../user-errors.ts';
import { VOUCHER_ACTION_MAPPING, type VoucherActionErrorName } from './action-errors.ts';
import { heldVoucherOf } from './Voucher.ts';

interface ActionOptions<V> {
  /** What else the action needs of the signed-in shopper (null: answered as signed out). */
  viewer?: (ctx: GatewayContext) => Promise<V | null>;
  mapping?: ProblemMapping<VoucherActionErrorName>;
  refusal?: (problem: Problem) => ValidationErrorValue | null;
}

/** The action on the holder's voucher of `input` (checked by `schema`): `act`'s answer, or why not as data. */
export async function voucherAction<S extends z.ZodType<{ voucherId: string }>, R, V = true>(
  ctx: GatewayContext,
  schema: S,
  input: unknown,
  act: (held: VoucherDetail, data: z.output<S>, customerToken: string, viewer: V) => Promise<R>,
  { viewer: viewerOf, mapping = VOUCHER_ACTION_MAPPING, refusal }: ActionOptions<V> = {},
) {
  const parsed = check(schema, input);
  if (!parsed.ok) return parsed.error;
  const customerToken = await ctx.customerToken();
  const viewer = viewerOf ? await viewerOf(ctx) : (true as V);
  if (!customerToken || viewer === null) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  try {
    const held = await heldVoucherOf(ctx, parsed.data.voucherId);
    if (!held) return notFound('NOT_FOUND', 'voucherId');
    const answer = await act(held, parsed.data, customerToken, viewer);
    ctx.loaders.heldVoucherById.clear(held.id);
    return answer;
  } catch (error) {
    const problem = problemOf(error, ['vouchers']);
    if (problem?.status === 404) return notFound('NOT_FOUND', 'voucherId');
    const own = problem && refusal ? refusal(problem) : null;
    if (own) return own;
    const member: MemberOf<VoucherActionErrorName> | null = problem ? userErrorOf(problem, mapping) : null;
    if (member) return member;
    throw error;
  }
}
