/**
 * Credit towards another deal (issue 16 point 5; spec §3 "Credit Requested", "Request
 * Processed: redeemed for credit or towards another deal"): what a shopper can still do with an
 * unused voucher once the 14-day refund window has closed. One transaction: the shopper's
 * request (Ready to Redeem → Credit Requested, still valid, checked in SQL on the locked row),
 * the shop's processing (→ Request Processed, by the system: the shop gives the credit itself,
 * nobody has to approve it) and the wallet credit of what the voucher was paid (refundable
 * bucket, ref `voucher-credit:{id}`, so it is given once even if asked twice). Both events show
 * in the voucher's history.
 */
import { messageFor } from '@shop/domain/error-codes';
import { londonDateInWords } from '@shop/domain/london-time';
import { creditWallet } from '@shop/wallet';
import type { VoucherRow } from '../issue/issue.ts';
import type { VouchersDeps } from '../lib/deps.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import * as vouchers from '../vouchers/vouchers.store.ts';

export type CreditOutcome =
  | { ok: true; credit: number; voucher: VoucherRow }
  | { ok: false; status: 404 | 409; code: 'NOT_FOUND' | 'VOUCHER_NOT_EXCHANGEABLE'; detail: string };

export async function exchangeForCredit(deps: VouchersDeps, input: { voucherId: string; customerToken: string }): Promise<CreditOutcome> {
  const at = deps.now();
  return deps.db.transaction().execute(async (trx): Promise<CreditOutcome> => {
    const voucher = await vouchers.holderVoucher(trx, input.customerToken, input.voucherId);
    if (!voucher) return { ok: false, status: 404, code: 'NOT_FOUND', detail: 'Sorry, we could not find that voucher.' };
    const holder = input.customerToken;
    const requested = await moveVouchers(trx, { id: voucher.id }, { event: 'requestCredit', actor: 'shopper', holder, reason: 'Asked for credit towards another deal', at });
    if (requested.length === 0) return refusal((await vouchers.holderVoucher(trx, holder, voucher.id))!, at);
    const processed = await moveVouchers(trx, { id: voucher.id }, { event: 'processCredit', actor: 'system', holder, reason: 'Wallet credit given', at });
    if (processed.length !== 1) throw new Error(`Voucher ${voucher.id} was requested for credit but could not be processed`);
    if (voucher.paid > 0) {
      await creditWallet(trx, {
        customerToken: holder,
        currency: voucher.currency as 'GBP',
        amount: voucher.paid,
        bucket: 'refundable',
        reason: `Credit for voucher ${voucher.code} (order ${voucher.order_number})`,
        ref: `voucher-credit:${voucher.id}`,
      });
    }
    return { ok: true, credit: voucher.paid, voucher: { ...voucher, status: 'Request Processed', updated_at: at } };
  });
}

function refusal(voucher: VoucherRow, at: Date): CreditOutcome {
  const detail =
    voucher.status === 'Ready to Redeem' && voucher.expires_at !== null && new Date(voucher.expires_at) <= at
      ? `It expired on ${londonDateInWords(new Date(voucher.expires_at))}.`
      : `Its status is ${voucher.status}.`;
  return { ok: false, status: 409, code: 'VOUCHER_NOT_EXCHANGEABLE', detail: `${messageFor('VOUCHER_NOT_EXCHANGEABLE')} ${detail}` };
}
