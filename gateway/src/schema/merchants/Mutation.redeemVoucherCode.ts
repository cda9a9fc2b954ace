/**
 * redeemVoucherCode (issue 17 point 3): a member redeems a code typed at the till. The membership
 * first (till.ts); then the vouchers service's POST /redemptions with the business's deals, so a
 * code of another business is the same NotFoundError as a random one. A code redeems at most once,
 * ever: the service's one conditional statement.
 *
 * undoUntil is 15 minutes from the moment before the call (the service stamps the redemption a
 * little later), so the till never promises time the service would refuse.
 *
 * redeemScannedVoucher: what the till's camera read. A bare code goes as a code; a redemption link
 * (`…/merchant/redeem/{voucherId}.{signature}`) goes as the link, and the vouchers service checks
 * its signature (the key never leaves it): a forged link is its 404, the same NotFoundError as a
 * random code. Any other text (a menu's QR in view) is that NotFoundError without a call. The
 * channel (QR, or OFFLINE from the device's queue) goes to the attempts log; the attemptId makes
 * a queue's replay answer the first answer.
 */
import { hasUnsafeText } from '@shop/domain/safe-text';
import { REDEMPTION_UNDO_MINUTES } from '@shop/domain/voucher-status';
import { VOUCHER_CODE_PATTERN } from '@shop/vouchers/issue/voucher-codes';
import { z } from 'zod';
import type { RedeemAnswer } from '../../clients/redemption.client.ts';
import type { GatewayContext } from '../../context.ts';
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
  return answerOf(ctx, answer, code, before, 'code');
};

/** A redemption link as printed (or its token alone): `{uuid}.{base64url signature}`. */
const LINK = /(^|\/merchant\/redeem\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]+$/;

const ScanInput = z.object({
  businessId: z.string(),
  scanned: z.string().trim().min(1, { error: 'Nothing was scanned.' }).max(300, { error: 'This is not the QR code of a voucher.' }),
  channel: z.enum(['QR', 'OFFLINE']).nullish(),
  attemptId: z.uuid({ error: 'attemptId must be a UUID.' }).nullish(),
});

export const redeemScannedVoucher: NonNullable<MutationResolvers['redeemScannedVoucher']> = async (_p, { input }, ctx) => {
  const parsed = check(ScanInput, input);
  if (!parsed.ok) return parsed.error;
  const membership = await membershipOf(ctx, parsed.data.businessId);
  if (!isMembership(membership)) return membership;
  const { scanned } = parsed.data;
  const code = scanned.toUpperCase();
  const given = VOUCHER_CODE_PATTERN.test(code) ? { code } : LINK.test(scanned) && !hasUnsafeText(scanned) ? { link: scanned } : null;
  if (!given) return notFound('NOT_FOUND', 'scanned');
  const before = new Date();
  const channel = parsed.data.channel === 'OFFLINE' ? 'offline' : 'qr';
  const answer = await ctx.clients.redemption.redeemScanned(membership.till, { given, channel }, parsed.data.attemptId ?? null);
  return answerOf(ctx, answer, 'code' in given ? code : scanned, before, 'scanned');
};

/** The vouchers service's answer as the till's union (the typed and the scanned till alike). */
async function answerOf(ctx: GatewayContext, answer: RedeemAnswer, code: string, before: Date, field: string) {
  if (answer.result === 'not_found') return notFound('NOT_FOUND', field);
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
}
