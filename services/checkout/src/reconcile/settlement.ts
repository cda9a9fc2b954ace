/**
 * Settlement declined after an order was paid (reliability P6): the provider authorised the card,
 * we issued the vouchers, then the money was refused at settlement (Braintree's £4001.00 band).
 * The payment service records the provider's signed notification (payment.settlement); this
 * module finishes the order, in ONE transaction per order:
 *
 * - order PAID → PAYMENT_FAILED (a conditional update: exactly once, whoever runs it), with the
 *   spec §8 paymentProblem words and an order event;
 * - its vouchers still 'Ready to Redeem' become 'Cancelled' (they can no longer be redeemed);
 * - a VVE add-on order's extension is taken back from its parent order's vouchers (each by what
 *   this add-on added: the vouchers service's voucher_extension);
 * - the payment row becomes 'settlement_declined';
 * - the wallet credit it captured goes back by reversing ledger entries (never deleting any);
 * - the per-customer daily counts are given back and a single-use promo code freed;
 * - a VIP membership the order paid for is taken back (the users service's revokeVipMembership);
 * - the customer's email written to the outbox (sent after the commit, like the confirmation).
 *
 * Stock is left sold: the deals stock module exports no function that gives sold units back
 * (sellHeld is one way), so the units are not returned to sale.
 */
import { BUYING_MESSAGES } from '@shop/domain/buying';
import type { StoredVoucherStatus } from '@shop/domain/voucher-status';
import { formatMoney } from '@shop/domain/money';
import { declinedSettlements } from '@shop/payment';
import { reverseWalletCapture } from '@shop/wallet';
import * as orderStore from '../orders/orders.store.ts';
import * as store from './reconcile.store.ts';
import { cancelRedeemableVouchers, jobDeps, revokeVipMembership, takeBackExtensions, uncountPurchase, vouchersNotIn, type CheckoutDeps, type JobDeps } from '../lib/deps.ts';
import { deliverOrderMail } from '../orders/orders.ts';

/** How far back the job looks for declined settlements (the provider may tell us days later). */
export const SETTLEMENT_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
/** What a voucher of an order whose payment failed at settlement shows (the spec's list has no word for it: domain voucher-status). */
export const VOUCHER_CANCELLED = 'Cancelled' satisfies StoredVoucherStatus;
export const PAYMENT_FAILED_MAIL = 'order_payment_failed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SettlementReport {
  declined: number;
  failed: number;
}

export interface DeclinedSettlement {
  orderRef: string;
  transactionId: string;
  processorCode: string | null;
}

/**
 * Fails one PAID order whose charge `decline` was declined at settlement. False (nothing written)
 * when the order is not PAID any more (already failed, by this or a concurrent run) or was paid
 * by another transaction than the declined one.
 */
export async function failDeclinedSettlement(deps: CheckoutDeps, decline: DeclinedSettlement): Promise<boolean> {
  if (!UUID.test(decline.orderRef)) return false;
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const order = await orderStore.lockOrder(trx, decline.orderRef);
    if (!order || order.status !== 'PAID') return false;
    if (order.transaction_id && order.transaction_id !== decline.transactionId) {
      deps.log('[checkout] settlement declined for another transaction than the order was paid with: ignored', { orderId: order.id, paidWith: order.transaction_id, declined: decline.transactionId });
      return false;
    }
    if (!(await store.markPaymentFailed(trx, order.id, BUYING_MESSAGES.paymentProblem, now))) return false;

    const cancelled = await cancelRedeemableVouchers(trx, order.id, `The payment for order ${order.order_number} was declined`, now);
    const notReady = await vouchersNotIn(trx, order.id, VOUCHER_CANCELLED);
    if (notReady.length) deps.log('[checkout] settlement declined: vouchers already used could not be cancelled', { orderId: order.id, vouchers: notReady });

    await store.markPaymentsSettlementDeclined(trx, order.id);
    const wallet = order.wallet_used > 0 ? await reverseWalletCapture(trx as never, { ref: order.id }) : { reversed: false, marketing: 0, refundable: 0 };
    // A VVE add-on: the months it added to the parent order's vouchers are taken back, each by
    // exactly what it added (an extension bought later stays).
    const takenBack = order.kind === 'addon' ? await takeBackExtensions(trx, order.id, now) : [];
    if (order.kind === 'order') {
      const lines = await orderStore.dealLinesOf(trx, order.id);
      for (const l of lines) await uncountPurchase(trx, { customerKey: order.customer_key, productId: l.deal_product_id, quantity: l.quantity, day: order.cap_day });
    }
    await orderStore.deletePromoRedemptions(trx, order.id);
    const vip = order.vip > 0 ? await revokeVipMembership(trx, { orderRef: order.id, now }) : { revoked: false as const };
    await orderStore.appendEvent(trx, order.id, 'settlement_declined', now, 'PAID', 'PAYMENT_FAILED', { transactionId: decline.transactionId, processorCode: decline.processorCode, vouchersCancelled: cancelled.length, extensionsTakenBack: takenBack.length, vipRevoked: vip.revoked, walletReversed: wallet.reversed ? wallet.marketing + wallet.refundable : 0, stockReturned: false });

    const text = [
      `We're sorry: the payment for your order ${order.order_number} was declined by your bank after all, so the order has not been completed.`,
      '',
      BUYING_MESSAGES.paymentProblem,
      '',
      ...(cancelled.length ? ['These vouchers have been cancelled and can no longer be used:', ...cancelled.map((v) => `- ${v.title}: ${v.code}`), ''] : []),
      ...(takenBack.length
        ? ['The extension it added has been taken back; these vouchers keep the expiry date they had before:', ...takenBack.map((v) => `- ${v.title}: ${v.code} (${v.months} month${v.months === 1 ? '' : 's'})`), '']
        : []),
      ...(wallet.reversed ? [`The ${formatMoney(wallet.marketing + wallet.refundable)} of wallet credit used for it is back in your wallet.`, ''] : []),
      ...(vip.revoked ? ['The VIP membership it paid for has been cancelled.', ''] : []),
      `Nothing has been taken from your card for the ${formatMoney(order.cash_amount)} card payment.`,
    ].join('\n');
    await orderStore.queueMail(trx, {
      order_id: order.id,
      kind: PAYMENT_FAILED_MAIL,
      to_address: order.email,
      subject: `Your order ${order.order_number}: payment declined`,
      text_body: text,
      html_body: null,
      created_at: now,
    });
    return true;
  });
}

/**
 * The job (every 30 s with reconciliation, and at once after the payment service stored a
 * settlement_declined notification): every declined settlement of the last `lookbackMs` whose
 * order is still PAID is failed. Idempotent and safe to run twice at once.
 */
export async function processDeclinedSettlements(partial: JobDeps, options: { lookbackMs?: number } = {}): Promise<SettlementReport> {
  const deps = jobDeps(partial);
  const since = new Date(deps.now().getTime() - (options.lookbackMs ?? SETTLEMENT_LOOKBACK_MS));
  const declined = (await declinedSettlements(deps.db, { since })).filter((d) => UUID.test(d.orderRef));
  const report: SettlementReport = { declined: declined.length, failed: 0 };
  if (!declined.length) return report;
  const paid = await store.stillPaidOrderIds(deps.db, declined.map((d) => d.orderRef));
  for (const decline of declined) {
    if (!paid.has(decline.orderRef)) continue;
    try {
      if (await failDeclinedSettlement(deps, decline)) report.failed++;
    } catch (err) {
      deps.log('[checkout] settlement decline not applied', { orderId: decline.orderRef, error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (report.failed) await deliverOrderMail(deps);
  return report;
}
