/**
 * claimCredit (issue 18 point 3; spec §4 "Credit claim: requires login", §7 POST credit
 * validation {id}): the signed-in shopper claims a campaign link's credit. The customer token is
 * the session's, never the input's; the wallet service credits once per customer and campaign.
 *
 * - Signed out: UnauthenticatedError before any call (the client keeps the code and shows the
 *   login prompt toast).
 * - id: digits only (spec §5); anything else is a ValidationError naming id. Digits too many for
 *   any campaign (more than 18) are NOT_FOUND without a call.
 * - Guessing limits (the wallet counts claims that give nothing per account and per address):
 *   past them RateLimitedError RATE_LIMITED naming id, with the credit toast's words.
 * - A service failure is thrown and masked: the client shows the "Unable to process credit" toast.
 */
import { z } from 'zod';
import { CREDIT_CAMPAIGN_ID_MAX_DIGITS, CREDIT_CLAIM_TOO_MANY_MESSAGE } from '@shop/domain/credit-claims';
import type { MutationResolvers, ResolversTypes } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { rateLimited, userError } from '../user-errors.ts';

const ClaimInput = z.object({
  id: z
    .string()
    .max(1000, { error: 'An offer code is the digits after credit_validation= in your offer link.' })
    .regex(/^[0-9]+$/, { error: 'An offer code is the digits after credit_validation= in your offer link.' }),
});

type ClaimAnswer = Extract<ResolversTypes['ClaimCreditResult'], { __typename: 'CreditClaim' }>;

export const claimCredit: NonNullable<MutationResolvers['claimCredit']> = async (_p, { input }, ctx) => {
  const parsed = check(ClaimInput, input);
  if (!parsed.ok) return parsed.error;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  if (parsed.data.id.length > CREDIT_CAMPAIGN_ID_MAX_DIGITS) return { __typename: 'CreditClaim', status: 'NOT_FOUND', creditAmount: null } satisfies ClaimAnswer;
  const reply = await ctx.clients.creditClaims.claim(customerToken, parsed.data.id);
  if (!reply.ok) return { ...rateLimited(reply.retryAfterSeconds, 'id'), message: reply.message ?? CREDIT_CLAIM_TOO_MANY_MESSAGE };
  const answer = reply.claim;
  const creditAmount = answer.creditAmount !== null && answer.currency !== null ? { amount: answer.creditAmount, currency: answer.currency } : null;
  return { __typename: 'CreditClaim', status: answer.status, creditAmount } satisfies ClaimAnswer;
};
