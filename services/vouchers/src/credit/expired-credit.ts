/**
 * An expired voucher's paid value as wallet credit (issue 16; spec §9 "Expired voucher credit is
 * valid 14 days"): the holder of an Expired voucher takes what it was paid as wallet credit that
 * lapses at the end of day 14 (London) after the grant (expiredCreditUntil). One transaction,
 * under the order's payment lock, like credit towards another deal (credit.ts):
 *
 * - a voucher past its date that the expiry job has not reached yet is expired first, as the job
 *   would (the system's `expire` event, its date guard in SQL on the locked row): the shopper sees
 *   an expired voucher and expects to be able to take its credit now;
 * - Expired → Request Processed (takeExpiredCredit, the shopper), a conditional update: of
 *   concurrent calls one moves it, the others find it Request Processed;
 * - the money as a refund to the wallet (refunds.ts recordRefund, destination wallet, idempotency
 *   key `expired-credit:<voucherId>`) with the credit's expiry: drawn on the order's captures (one
 *   refund row per voucher), the wallet-paid part back in its buckets, the card part refundable
 *   credit, all of it expiring at expiredCreditUntil.
 */
import { messageFor } from '@shop/domain/error-codes';
import { londonDateInWords } from '@shop/domain/london-time';
import { expiredCreditUntil, isExpired } from '@shop/domain/voucher-status';
import type { VoucherRow } from '../issue/issue.ts';
import type { VouchersDeps } from '../lib/deps.ts';
import { creditToWallet } from '../refunds/refunds.ts';
import * as refunds from '../refunds/refunds.store.ts';
import { isReceivedGift } from '../gifts/gifts.store.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { sentGoodsRefusal } from '../posting/posting.ts';
import * as vouchers from '../vouchers/vouchers.store.ts';

export type ExpiredCreditOutcome =
  | { ok: true; credit: number; validUntil: Date; voucher: VoucherRow }
  | { ok: false; status: 404 | 409; code: 'NOT_FOUND' | 'VOUCHER_NOT_EXPIRED' | 'GIFT_RECEIVED_NOT_REFUNDABLE'; detail: string };

export async function takeExpiredCredit(deps: VouchersDeps, input: { voucherId: string; customerToken: string }): Promise<ExpiredCreditOutcome> {
  const at = deps.now();
  const holder = input.customerToken;
  return deps.db.transaction().execute(async (trx): Promise<ExpiredCreditOutcome> => {
    const voucher = await vouchers.holderVoucher(trx, holder, input.voucherId);
    if (!voucher) return { ok: false, status: 404, code: 'NOT_FOUND', detail: 'Sorry, we could not find that voucher.' };
    // The money of a gift received is the buyer's: its recipient cannot take it as credit.
    if (await isReceivedGift(trx, voucher.id)) return { ok: false, status: 409, code: 'GIFT_RECEIVED_NOT_REFUNDABLE', detail: messageFor('GIFT_RECEIVED_NOT_REFUNDABLE') };
    const payment = await refunds.lockOrderPayment(trx, voucher.order_id);
    if (!payment) return refusal(voucher, at);
    // Goods already posted go back by a return (posting/), not for credit.
    const sent = await sentGoodsRefusal(trx, voucher.id);
    if (sent) return { ok: false, status: 409, code: 'VOUCHER_NOT_EXPIRED', detail: `${messageFor('VOUCHER_NOT_EXPIRED')} ${sent}` };
    // Past its date but not yet reached by the expiry job: expired now, as the job would (a no-op otherwise).
    await moveVouchers(trx, { id: voucher.id }, { event: 'expire', actor: 'system', holder, reason: 'The expiry date passed', at });
    const taken = await moveVouchers(trx, { id: voucher.id }, { event: 'takeExpiredCredit', actor: 'shopper', holder, reason: 'Took its paid value as wallet credit', at });
    if (taken.length === 0) return refusal((await vouchers.holderVoucher(trx, holder, voucher.id)) ?? voucher, at);
    const validUntil = expiredCreditUntil(at);
    const refund = await creditToWallet(trx, voucher, payment, { kind: 'expired-credit', customerToken: holder, at, expiresAt: validUntil });
    return { ok: true, credit: refund.wallet_amount, validUntil, voucher: { ...voucher, status: 'Request Processed', updated_at: at } };
  });
}

function refusal(voucher: VoucherRow, at: Date): ExpiredCreditOutcome {
  const stillValid = (voucher.status === 'Ready to Redeem' || voucher.status === 'Booked') && !isExpired(voucher.expires_at === null ? null : new Date(voucher.expires_at), at);
  const detail =
    stillValid && voucher.expires_at !== null
      ? `It can still be used until ${londonDateInWords(new Date(voucher.expires_at))}.`
      : stillValid
        ? 'It does not expire.'
        : `Its status is ${voucher.status}.`;
  return { ok: false, status: 409, code: 'VOUCHER_NOT_EXPIRED', detail: `${messageFor('VOUCHER_NOT_EXPIRED')} ${detail}` };
}
