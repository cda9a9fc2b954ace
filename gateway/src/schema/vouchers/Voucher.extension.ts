/**
 * Validity extension after purchase (issue 16 point 7; spec §2 page type extendLanding, §7
 * voucher/vve, §9 up to 3 months): Query.heldVoucher (the landing page of an email link reads the
 * signed-in holder's voucher by its service id) and Voucher.extension (what it can still get, from
 * the vouchers service). It is paid through buyOrderAddon with the voucher's id and the months
 * (Mutation.order.ts): the checkout's one add-on payment path.
 */
import type { QueryResolvers, VoucherResolvers } from '../__generated__/resolvers.ts';
import { identity } from '../buying/shopper.ts';
import type { GatewayContext } from '../../context.ts';
import type { VoucherDetail } from '../../clients/vouchers.client.ts';
import { heldVoucherOf, moneyOf } from './Voucher.ts';

/** Voucher ids are the service's UUIDs: anything else is no voucher and never reaches REST. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in holder's voucher by the id an email link carries (the service's UUID) or by its
 * global id (My Vouchers' link); null for a guest, anyone else's voucher and an unknown id alike (Z1).
 */
export async function heldVoucherByAnyId(ctx: GatewayContext, id: string): Promise<VoucherDetail | null> {
  if (UUID.test(id)) return (await ctx.loaders.heldVoucherById.load(id.toLowerCase())) ?? null;
  return heldVoucherOf(ctx, id);
}

/** Why a gift received cannot be extended here. */
export const GIFT_RECEIVED_EXTENSION = 'This voucher was a gift, so its validity cannot be extended from your account: the person who sent it bought it.';

export const heldVoucher: QueryResolvers['heldVoucher'] = (_p, { voucherId }, ctx) => heldVoucherByAnyId(ctx, voucherId);

export const voucherExtension: VoucherResolvers['extension'] = async (v, _a, ctx) => {
  const { customerToken } = await identity(ctx);
  if (!customerToken) return null;
  // The extension is paid as an add-on of the voucher's order (buyOrderAddon), which is the giver's.
  if (v.giftReceived) return { extendedMonths: v.extendedMonths, monthsLeft: 0, options: [], unavailable: { code: 'GIFT_RECEIVED', message: GIFT_RECEIVED_EXTENSION } };
  const offer = await ctx.clients.vouchers.extension(customerToken, v.id);
  if (!offer) return null;
  return {
    extendedMonths: offer.extendedMonths,
    monthsLeft: offer.monthsLeft,
    options: offer.options.map((o) => ({ months: o.months, price: moneyOf(o.price), expiresAt: o.expiresAt })),
    unavailable: offer.unavailable,
  };
};
