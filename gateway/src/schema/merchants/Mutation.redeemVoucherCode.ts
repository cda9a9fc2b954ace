/**
 * redeemVoucherCode (issue 17 point 3): a member redeems a code typed at the till. The membership
 * first (till.ts); then the vouchers service's POST /redemptions with the business's deals, so a
 * code of another business is the same NotFoundError as a random one. A code redeems at most once,
 * ever: the service's one conditional statement.
 *
 * undoUntil is 15 minutes from the moment before the call (the service stamps the redemption a
 * little later), so the till never promises time the service would refuse.
 */
import { REDEMPTION_UNDO_MINUTES } from '@shop/domain/voucher-status';
import { z } from 'zod';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { notFound } from '../user-errors.ts';
import { isMembership, membershipOf } from './till.ts';

const RedeemInput = z.object({
  businessId: z.string(),
  code: z.string().trim().min(1, { error: 'Enter a voucher code.' }).max(100, { error: 'A voucher code is three groups of six letters and digits, e.g. K7QZ2M-9TXB4R-WC3HDN.' }),
  attemptId: z.uuid({ error: 'attemptId must be a UUID.' }).nullish(),
});

export const redeemVoucherCode: NonNullable<MutationResolvers['redeemVoucherCode']> = async (_p, { input }, ctx) => {
  const parsed = check(RedeemInput, input);
  if (!parsed.ok) return parsed.error;
  const membership = await membershipOf(ctx, parsed.data.businessId);
  if (!isMembership(membership)) return membership;
  const code = parsed.data.code.toUpperCase();
  const before = new Date();
  const answer = await ctx.clients.redemption.redeem(membership.till, code, parsed.data.attemptId ?? null);
  if (answer.result === 'not_found') return notFound('NOT_FOUND', 'code');
  if (answer.result !== 'redeemed') {
    if (answer.result === 'already_redeemed') return { __typename: 'VoucherCodeAlreadyRedeemed' as const, voucherCode: code, message: answer.message, previouslyRedeemedAt: answer.redeemedAt };
    return { __typename: 'VoucherCodeNotRedeemable' as const, voucherCode: code, message: answer.message };
  }
  const { voucher } = answer;
  const deal = await ctx.loaders.dealById.load(voucher.dealId);
  return {
    __typename: 'VoucherCodeRedeemed' as const,
    voucherId: voucher.id,
    voucherCode: voucher.code,
    dealTitle: deal?.title ?? null,
    optionTitle: voucher.title,
    redeemedAt: before.toISOString(),
    undoUntil: new Date(before.getTime() + REDEMPTION_UNDO_MINUTES * 60_000).toISOString(),
  };
};
