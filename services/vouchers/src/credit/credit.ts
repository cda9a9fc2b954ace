/**
 * Credit towards another deal (issue 16 point 5; spec §3 "Credit Requested", "Request
 * Processed: redeemed for credit or towards another deal"): what a shopper can still do with an
 * unused voucher once the 14-day refund window has closed (within it, the refund is theirs to
 * take, to their card or as credit). One transaction, under the order's payment lock:
 *
 * - the shopper's request (Ready to Redeem → Credit Requested, still valid: the date checked in
 *   SQL on the locked row) and the shop's processing (→ Request Processed, by the system: the shop
 *   gives the credit itself, nobody has to approve it); both events show in the history;
 * - the money as a refund to the wallet (refunds.ts recordRefund, destination wallet): what the
 *   voucher was paid is drawn on the order's captures (so Σ refunds ≤ captured still holds, and a
 *   voucher is credited or refunded once: one refund row per voucher); the part the wallet paid
 *   goes back in the buckets it came from (promotional credit stays promotional), the card part
 *   becomes refundable credit.
 *
 * After 14 days the order's payment has long settled: a payment declined at settlement cancels
 * its vouchers first (the checkout's reconciliation), so no credit is given for an unpaid order.
 */
import { messageFor } from '@shop/domain/error-codes';
import { londonDateInWords } from '@shop/domain/london-time';
import { refundableUntil } from '@shop/domain/voucher-status';
import type { VoucherRow } from '../issue/issue.ts';
import type { VouchersDeps } from '../lib/deps.ts';
import { creditToWallet } from '../refunds/refunds.ts';
import * as refunds from '../refunds/refunds.store.ts';
import { isReceivedGift } from '../gifts/gifts.store.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { sentGoodsRefusal } from '../posting/posting.ts';
import * as vouchers from '../vouchers/vouchers.store.ts';

export type CreditOutcome =
  | { ok: true; credit: number; voucher: VoucherRow }
  | { ok: false; status: 404 | 409; code: 'NOT_FOUND' | 'VOUCHER_NOT_EXCHANGEABLE' | 'GIFT_RECEIVED_NOT_REFUNDABLE'; detail: string };

export async function exchangeForCredit(deps: VouchersDeps, input: { voucherId: string; customerToken: string }): Promise<CreditOutcome> {
  const at = deps.now();
  return deps.db.transaction().execute(async (trx): Promise<CreditOutcome> => {
    const voucher = await vouchers.holderVoucher(trx, input.customerToken, input.voucherId);
    if (!voucher) return { ok: false, status: 404, code: 'NOT_FOUND', detail: 'Sorry, we could not find that voucher.' };
    // The money of a gift received is the buyer's: its recipient cannot take it as credit.
    if (await isReceivedGift(trx, voucher.id)) return { ok: false, status: 409, code: 'GIFT_RECEIVED_NOT_REFUNDABLE', detail: messageFor('GIFT_RECEIVED_NOT_REFUNDABLE') };
    // Within the window the shopper refunds instead (the window only ever closes, so reading it first is safe).
    const windowEnd = refundableUntil(new Date(voucher.paid_at));
    if (at < windowEnd) {
      return { ok: false, status: 409, code: 'VOUCHER_NOT_EXCHANGEABLE', detail: `Until the end of ${londonDateInWords(new Date(windowEnd.getTime() - 1))} you can refund it instead, to your payment method or as wallet credit.` };
    }
    const holder = input.customerToken;
    const payment = await refunds.lockOrderPayment(trx, voucher.order_id);
    // Goods already posted go back by a return (posting/), not for credit.
    const sent = payment ? await sentGoodsRefusal(trx, voucher.id) : null;
    if (sent) return { ok: false, status: 409, code: 'VOUCHER_NOT_EXCHANGEABLE', detail: `${messageFor('VOUCHER_NOT_EXCHANGEABLE')} ${sent}` };
    const requested = payment ? await moveVouchers(trx, { id: voucher.id }, { event: 'requestCredit', actor: 'shopper', holder, reason: 'Asked for credit towards another deal', at }) : [];
    if (!payment || requested.length === 0) return refusal((await vouchers.holderVoucher(trx, holder, voucher.id)) ?? voucher, at);
    const processed = await moveVouchers(trx, { id: voucher.id }, { event: 'processCredit', actor: 'system', holder, reason: 'Wallet credit given', at });
    if (processed.length !== 1) throw new Error(`Voucher ${voucher.id} was requested for credit but could not be processed`);
    const refund = await creditToWallet(trx, voucher, payment, { kind: 'credit', customerToken: holder, at });
    return { ok: true, credit: refund.wallet_amount, voucher: { ...voucher, status: 'Request Processed', updated_at: at } };
  });
}

function refusal(voucher: VoucherRow, at: Date): CreditOutcome {
  const detail =
    voucher.status === 'Ready to Redeem' && voucher.expires_at !== null && new Date(voucher.expires_at) <= at
      ? `It expired on ${londonDateInWords(new Date(voucher.expires_at))}.`
      : `Its status is ${voucher.status}.`;
  return { ok: false, status: 409, code: 'VOUCHER_NOT_EXCHANGEABLE', detail: `${messageFor('VOUCHER_NOT_EXCHANGEABLE')} ${detail}` };
}
