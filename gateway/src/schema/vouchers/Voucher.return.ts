/**
 * Voucher.returnable and Voucher.return (issue 16 point 6): whether goods can be sent back now, and
 * the return with its progress (spec §3 words) and its label, read from the vouchers service
 * (/v1/returns/returns-label) for the signed-in holder only: anyone else gets null, as for a
 * voucher with no return. Only vouchers in a return's statuses are asked about.
 */
import { RETURN_REASON_WORDS, isReturnStep } from '@shop/domain/voucher-returns';
import type { ReturnData } from '../../clients/vouchers.client.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { VoucherResolvers, VoucherReturnReason } from '../__generated__/resolvers.ts';

const REASON_ENUM: Record<ReturnData['reason'], VoucherReturnReason> = {
  damaged: 'DAMAGED',
  not_as_described: 'NOT_AS_DESCRIBED',
  wrong_item: 'WRONG_ITEM',
  changed_mind: 'CHANGED_MIND',
};

/** Where the shop serves a voucher's returns label (vouchers/return-label.routes.ts). */
export const returnLabelPath = (voucherGlobalId: string) => `/myaccount/vouchers/${encodeURIComponent(voucherGlobalId)}/return-label.pdf`;

export const voucherReturnFields: Pick<VoucherResolvers, 'returnable' | 'return'> = {
  // A gift received is not its holder's to send back (the money is the giver's: gifts.store.ts receivedGiftSql).
  returnable: async (v, _a, ctx) => !v.giftReceived && v.status === 'Ready to Redeem' && (await ctx.loaders.dealById.load(v.dealId))?.deliveryType === 'postal',
  return: async (v, _a, ctx) => {
    if (!isReturnStep(v.status)) return null;
    const customerToken = await ctx.customerToken();
    if (!customerToken) return null;
    const answer = await ctx.clients.vouchers.returnOfVoucher(customerToken, v.id);
    if (!answer) return null;
    const r = answer.return;
    const refunded = r.refund ? r.refund.cashAmount.amount + r.refund.walletAmount.amount : null;
    return {
      id: toGlobalId('VoucherReturn', r.id),
      reason: REASON_ENUM[r.reason],
      reasonText: RETURN_REASON_WORDS[r.reason],
      note: r.note,
      status: r.status,
      steps: r.steps,
      carrier: r.carrier,
      trackingNumber: r.trackingNumber,
      to: r.to,
      labelUrl: returnLabelPath(toGlobalId('Voucher', `${v.orderNumber}:${v.id}`)),
      refunded: refunded === null ? null : { amount: refunded, currency: r.refund!.cashAmount.currency === 'EUR' ? ('EUR' as const) : ('GBP' as const) },
      createdAt: r.createdAt,
    };
  },
};
