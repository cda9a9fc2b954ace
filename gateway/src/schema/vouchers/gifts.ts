/**
 * Gifts (issue 16 point 8; spec §2 /mygift, §7 /gift/create, /deal/gift-redeem): the preview of a
 * gift link (Query.giftClaim), claiming it (claimGift), a holder gifting a voucher (giftVoucher),
 * the gifts the viewer sent (Customer.sentGifts) and a held voucher's pending gift (Voucher.gift).
 * The vouchers service decides and answers never the price nor, before the claim, a voucher id.
 *
 * - Signed out: claimGift and giftVoucher are UnauthenticatedError before any call (the page
 *   sends the visitor to sign in and back); the preview is open to whoever has the link.
 * - Another shopper's voucher (giftVoucher) and a gift someone else claimed are the same
 *   NotFoundError as an unknown id or token (reliability Z).
 */
import { z } from 'zod';
import type { GiftPreview, SentGiftData } from '../../clients/vouchers.client.ts';
import type { GatewayContext } from '../../context.ts';
import type { CustomerResolvers, MutationResolvers, QueryResolvers, VoucherResolvers } from '../__generated__/resolvers.ts';
import { greetingName } from '../accounts/Customer.ts';
import { viewerToken } from '../buying/Order.ts';
import { check } from '../buying/inputs.ts';
import { notFound, problemOf, userError, userErrorOf } from '../user-errors.ts';
import { VOUCHER_ACTION_MAPPING } from './action-errors.ts';
import { voucherAction } from './voucher-action.ts';
import { byTypename } from '../mappers.ts';


/** The claim token of a link: 32 base64url characters (services/vouchers gifts.contract.ts). */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const TOKEN_WORDS = 'A gift claim code is the 32 letters and digits after "claim=" in your gift email.';

/** The name a gift shows for the signed-in viewer: their full name, else the greeting name. */
async function viewerName(ctx: GatewayContext): Promise<string | null> {
  const viewer = await ctx.session.viewer();
  if (!viewer) return null;
  const full = [viewer.firstName?.trim(), viewer.lastName?.trim()].filter(Boolean).join(' ');
  return full || greetingName(viewer);
}

const claimView = (g: GiftPreview) => ({
  giverName: g.giverName,
  recipientName: g.recipientName,
  message: g.message,
  sentAt: g.sentAt,
  claimed: g.claimed,
  claimedAt: g.claimedAt,
  claimable: g.claimable,
  vouchers: g.vouchers.map((v) => ({ title: v.title, dealId: v.dealId, status: v.status, statusCode: v.statusCode, expiresAt: v.expiresAt, claimable: v.claimable })),
});

const sentView = (g: SentGiftData) => ({
  id: g.id,
  recipientName: g.recipientName,
  recipientEmail: g.recipientEmail,
  message: g.message,
  sentAt: g.sentAt,
  sendOn: g.sendOn,
  claimedAt: g.claimedAt,
  claimedByName: g.claimedByName,
  vouchers: g.vouchers.map((v) => ({ title: v.title, dealId: v.dealId })),
});

/** The viewer's sent gifts, read once per request (Voucher.gift of every card asks). */
const sentOnce = new WeakMap<GatewayContext, Promise<SentGiftData[]>>();
function sentGiftsOf(ctx: GatewayContext, customerToken: string): Promise<SentGiftData[]> {
  let p = sentOnce.get(ctx);
  if (!p) sentOnce.set(ctx, (p = ctx.clients.vouchers.sentGifts(customerToken)));
  return p;
}

export const giftClaim: NonNullable<QueryResolvers['giftClaim']> = async (_p, { token }, ctx) => {
  const claim = token.trim();
  if (!TOKEN.test(claim)) return null;
  const preview = await ctx.clients.vouchers.giftPreview(claim, await ctx.customerToken());
  return preview ? claimView(preview) : null;
};

const ClaimInput = z.object({ token: z.string().trim().regex(TOKEN, { error: TOKEN_WORDS }) });

export const claimGift: NonNullable<MutationResolvers['claimGift']> = async (_p, { input }, ctx) => {
  const parsed = check(ClaimInput, input);
  if (!parsed.ok) return parsed.error;
  const customerToken = await ctx.customerToken();
  const name = await viewerName(ctx);
  if (!customerToken || !name) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  try {
    const gift = await ctx.clients.vouchers.claimGift(customerToken, parsed.data.token, name);
    return { __typename: 'GiftClaimed', gift: claimView(gift) };
  } catch (error) {
    const problem = problemOf(error, ['vouchers']);
    if (problem?.status === 404) return notFound('GIFT_NOT_FOUND', 'token');
    const member = problem ? userErrorOf(problem, VOUCHER_ACTION_MAPPING) : null;
    if (member) return member;
    throw error;
  }
};

const GiftInput = z.object({
  voucherId: z.string().max(300, { error: 'No such voucher.' }),
  recipient: z.object({
    name: z.string().trim().min(1, { error: "Enter the recipient's name." }).max(100, { error: 'A name is at most 100 characters.' }),
    email: z.string().trim().pipe(z.email({ error: "Enter the recipient's email address." })),
    message: z
      .string()
      .trim()
      .max(500, { error: 'A message is at most 500 characters.' })
      .nullish()
      .transform((m) => m || undefined),
  }),
});

export const giftVoucher: NonNullable<MutationResolvers['giftVoucher']> = (_p, { input }, ctx) =>
  voucherAction(
    ctx,
    GiftInput,
    input,
    async (held, { recipient }, customerToken, giverName) => {
      const gift = await ctx.clients.vouchers.createGift(customerToken, {
        voucherId: held.id,
        giverName,
        recipient: { name: recipient.name, email: recipient.email, ...(recipient.message ? { message: recipient.message } : {}) },
      });
      sentOnce.delete(ctx);
      return { __typename: 'VoucherGifted' as const, gift: sentView(gift), voucher: held };
    },
    { viewer: viewerName },
  );

export const giftsCustomer: CustomerResolvers = {
  sentGifts: async (customer, _a, ctx) => {
    const customerToken = await viewerToken(ctx, customer);
    return customerToken ? (await sentGiftsOf(ctx, customerToken)).map(sentView) : [];
  },
};

/** A held voucher's gift still waiting to be claimed (its giver holds it until then). */
export const voucherGift: NonNullable<VoucherResolvers['gift']> = async (v, _a, ctx) => {
  if (!v.redemptionLink) return null; // only the holder's own reads carry it (never an order's view)
  const customerToken = await ctx.customerToken();
  if (!customerToken) return null;
  const gift = (await sentGiftsOf(ctx, customerToken)).find((g) => g.claimedAt === null && g.vouchers.some((x) => x.id === v.id));
  return gift ? { recipientName: gift.recipientName, sentAt: gift.sentAt, sendOn: gift.sendOn } : null;
};

/** A gift's voucher as its resolvers receive it: the deal by id. */
export type GiftVoucherParent = { title: string; dealId: number; status?: string; statusCode?: GiftPreview['vouchers'][number]['statusCode']; expiresAt?: string | null; claimable?: boolean };

const dealOf = (v: GiftVoucherParent, _a: unknown, ctx: GatewayContext) => ctx.loaders.dealById.load(v.dealId);

export const giftTypes = {
  GiftClaimVoucher: { deal: dealOf, claimable: (v: GiftVoucherParent) => v.claimable === true },
  SentGiftVoucher: { deal: dealOf },
  ClaimGiftResult: { __resolveType: byTypename },
  GiftVoucherResult: { __resolveType: byTypename },
};
