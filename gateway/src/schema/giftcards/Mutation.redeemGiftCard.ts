/**
 * redeemGiftCard (issue 18 point 2; spec §2 /giftcard/redeem, §7 /gift-card/redeem, §9): the
 * signed-in shopper turns a gift card's code into wallet credit. The customer token is the
 * session's, never the input's; the checkout service counts the guess (per account and per
 * address) and the vouchers service redeems the card and credits the wallet in one transaction.
 *
 * - Signed out: UnauthenticatedError before any call (the page sends them to log in and back).
 * - code: 1 to 40 characters; anything else is a ValidationError naming code, without a call.
 * - A wrong code: NotFoundError GIFT_CARD_NOT_FOUND, the same whether or not it is someone's card.
 */
import { z } from 'zod';
import { messageFor } from '@shop/domain';
import type { MutationResolvers, ResolversTypes } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { isErrorCode, notFound, rateLimited, userError } from '../user-errors.ts';

const RedeemInput = z.object({
  code: z.string().trim().min(1, { error: 'Enter your gift card code.' }).max(40, { error: 'A gift card code is 18 letters and numbers, like ABCDEF-GHJKMN-PQRSTU.' }),
});

type Result = ResolversTypes['RedeemGiftCardResult'];

export const redeemGiftCard: NonNullable<MutationResolvers['redeemGiftCard']> = async (_p, { input }, ctx): Promise<Result> => {
  const parsed = check(RedeemInput, input);
  if (!parsed.ok) return parsed.error;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  const answer = await ctx.clients.giftCards.redeem(customerToken, parsed.data.code);
  if (answer.ok) {
    return { __typename: 'GiftCardRedeemed', credit: { amount: answer.redeemed.amount, currency: answer.redeemed.currency }, creditExpiresAt: answer.redeemed.creditExpiresAt };
  }
  if (answer.status === 429) return rateLimited(answer.retryAfterSeconds ?? 60, 'code');
  if (answer.code === 'ALREADY_REDEEMED' || answer.code === 'GIFT_CARD_EXPIRED') {
    return { __typename: 'GiftCardRedeemError', code: answer.code, message: answer.message ?? messageFor(answer.code), field: 'code', expiredAt: answer.expiredAt };
  }
  const code = isErrorCode(answer.code) ? answer.code : 'GIFT_CARD_NOT_FOUND';
  return { ...notFound(code, 'code'), message: answer.message ?? messageFor(code) };
};
