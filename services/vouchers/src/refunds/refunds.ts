/**
 * Refunds of unredeemed vouchers within 14 days (issue 16 point 5; spec §9; the UK Consumer
 * Contracts Regulations; reliability M7), in two steps like an order's payment:
 *
 * 1. One transaction decides and records it: the order's payment is locked; the voucher moves
 *    Ready to Redeem → Refunded (the refund event, the window checked in SQL on the locked row);
 *    the amount (what the voucher was paid) is drawn on the order's captures, card first, then
 *    the wallet part, never past what each captured (a conditional update, and check
 *    constraints); the refund row is written (one per voucher: one destination per refund); the
 *    wallet part goes back to the wallet by a new ledger posting (refundWalletCapture), and with
 *    the shopper's recorded consent the card part becomes refundable wallet credit instead.
 * 2. Outside any transaction, the card part goes to the provider with the refund's id as the
 *    idempotency key; an unknown answer, or a capture not settled yet, leaves it requested and the
 *    job tries again with the same key (never a second refund); a refusal marks it failed and logs
 *    it for a person (the money is owed).
 */
import { createHash, randomUUID } from 'node:crypto';
import { londonDateInWords } from '@shop/domain/london-time';
import { messageFor } from '@shop/domain/error-codes';
import { refundableUntil } from '@shop/domain/voucher-status';
import { PAYMENT_METHODS, type PaymentMethod } from '@shop/domain/buying';
import { creditWallet, refundWalletCapture } from '@shop/wallet';
import type { VoucherRow } from '../issue/issue.ts';
import type { AnyDb } from '../db/database.ts';
import type { VouchersDeps } from '../lib/deps.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { sentGoodsRefusal } from '../posting/posting.ts';
import * as vouchers from '../vouchers/vouchers.store.ts';
import * as store from './refunds.store.ts';
import { isReceivedGift } from '../gifts/gifts.store.ts';

export interface RefundInput {
  voucherId: string;
  customerToken: string;
  destination: 'original' | 'wallet';
  walletConsent?: boolean | undefined;
  idempotencyKey: string;
}

export type RefundOutcome =
  | { ok: true; created: boolean; refund: store.RefundRow; voucher: VoucherRow }
  | { ok: false; status: 404 | 409 | 422; code: 'NOT_FOUND' | 'VOUCHER_NOT_REFUNDABLE' | 'REFUND_WINDOW_CLOSED' | 'IDEMPOTENCY_CONFLICT' | 'GIFT_RECEIVED_NOT_REFUNDABLE'; detail: string };

const isPaymentMethod = (method: string): method is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(method);

const hashOf = (input: RefundInput) => createHash('sha256').update(JSON.stringify([input.voucherId, input.destination])).digest('hex');

/** Step 1, and step 2 at once for a new refund. */
export async function refundVoucher(deps: VouchersDeps, input: RefundInput): Promise<RefundOutcome> {
  const at = deps.now();
  const requestHash = hashOf(input);
  const decided = await deps.db.transaction().execute(async (trx): Promise<RefundOutcome> => {
    const known = await store.refundByKey(trx, input.customerToken, input.idempotencyKey);
    if (known) {
      if (known.request_hash !== requestHash) return { ok: false, status: 422, code: 'IDEMPOTENCY_CONFLICT', detail: 'This idempotency key was used for another refund. Use a new key for a new refund.' };
      return { ok: true, created: false, refund: known, voucher: (await vouchers.holderVoucher(trx, input.customerToken, known.voucher_id))! };
    }
    const voucher = await vouchers.holderVoucher(trx, input.customerToken, input.voucherId);
    if (!voucher) return { ok: false, status: 404, code: 'NOT_FOUND', detail: 'Sorry, we could not find that voucher.' };
    // The money of a gift received is the buyer's (their card, their wallet): its recipient cannot take it.
    if (await isReceivedGift(trx, voucher.id)) return { ok: false, status: 409, code: 'GIFT_RECEIVED_NOT_REFUNDABLE', detail: messageFor('GIFT_RECEIVED_NOT_REFUNDABLE') };
    const payment = await store.lockOrderPayment(trx, voucher.order_id);
    // Goods already posted go back by a return (posting/): refunded now, they would stay with the shopper.
    const sent = payment ? await sentGoodsRefusal(trx, voucher.id) : null;
    if (sent) return { ok: false, status: 409, code: 'VOUCHER_NOT_REFUNDABLE', detail: `${messageFor('VOUCHER_NOT_REFUNDABLE')} ${sent}` };
    const moved = payment
      ? await moveVouchers(trx, { id: voucher.id }, { event: 'refund', actor: 'shopper', holder: input.customerToken, reason: input.destination === 'wallet' ? 'Refunded as wallet credit' : 'Refunded to the payment method', at })
      : [];
    if (!payment || moved.length === 0) return refusal((await vouchers.holderVoucher(trx, input.customerToken, input.voucherId))!, at);

    const refund = await recordRefund(trx, voucher, payment, { customerToken: input.customerToken, idempotencyKey: input.idempotencyKey, requestHash, destination: input.destination, at });
    return { ok: true, created: true, refund, voucher: { ...voucher, status: 'Refunded', updated_at: at } };
  });
  if (!decided.ok || !decided.created || decided.refund.state !== 'requested') return decided;
  const refund = await sendToProvider(deps, decided.refund);
  return { ...decided, refund };
}

/**
 * The whole paid value of a voucher the caller has just moved out of use, given as wallet credit
 * (credit towards another deal, credit for an expired voucher): a refund to the wallet whose
 * idempotency key is `kind:voucherId`, so it is given once however often it is asked.
 */
export function creditToWallet(
  trx: AnyDb,
  voucher: VoucherRow,
  payment: store.OrderPaymentRow,
  input: { kind: 'credit' | 'expired-credit'; customerToken: string; at: Date; expiresAt?: Date },
): Promise<store.RefundRow> {
  const key = `${input.kind}:${voucher.id}`;
  return recordRefund(trx, voucher, payment, {
    customerToken: input.customerToken,
    idempotencyKey: key,
    requestHash: createHash('sha256').update(key).digest('hex'),
    destination: 'wallet',
    at: input.at,
    ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
  });
}

/**
 * Records the refund of a voucher the caller has just moved to Refunded, in its transaction, with
 * the order's payment it locked: what the voucher was paid is drawn on the captures (card first,
 * then the wallet part), the refund row is written, and the wallet part goes back to the wallet
 * (all of it with consent to wallet credit). The card part is then the provider's (sendToProvider,
 * after the commit). The refund of a voucher and of returned goods (returns/) both come here.
 */
export async function recordRefund(
  trx: AnyDb,
  voucher: VoucherRow,
  payment: store.OrderPaymentRow,
  input: { customerToken: string; idempotencyKey: string; requestHash: string; destination: 'original' | 'wallet'; at: Date; expiresAt?: Date },
): Promise<store.RefundRow> {
  const { at } = input;
  // Card first (cash back is what the shopper paid with), then what the wallet paid.
  const cash = Math.min(voucher.paid, payment.cash_captured - payment.cash_refunded);
  const walletPaid = voucher.paid - cash;
  if (!(await store.drawOnPayment(trx, payment.order_id, cash, walletPaid))) throw new Error(`Refund of voucher ${voucher.id} would pass what order ${payment.order_id} captured`);
  const id = randomUUID();
  const toWallet = input.destination === 'wallet';
  const refund = {
    id,
    voucher_id: voucher.id,
    order_id: payment.order_id,
    customer_token: input.customerToken,
    idempotency_key: input.idempotencyKey,
    request_hash: input.requestHash,
    destination: input.destination,
    wallet_consent_at: toWallet ? at : null,
    cash_amount: toWallet ? 0 : cash,
    wallet_amount: toWallet ? cash + walletPaid : walletPaid,
    state: !toWallet && cash > 0 ? ('requested' as const) : ('completed' as const),
    provider_reference: null,
    failure: null,
    attempts: 0,
    created_at: at,
    updated_at: at,
  };
  await store.insertRefund(trx, refund);
  const reason = `Refund of voucher ${voucher.code} (order ${voucher.order_number})`;
  // With expiresAt (an expired voucher's credit) the money is credit that lapses then, wherever it came from.
  const expiry = toWallet && input.expiresAt ? { expiresAt: input.expiresAt } : {};
  if (walletPaid > 0) await refundWalletCapture(trx, { holdRef: payment.order_id, ref: `voucher-refund:${id}`, amount: walletPaid, reason, ...expiry });
  if (toWallet && cash > 0) await creditWallet(trx, { customerToken: input.customerToken, currency: voucher.currency, amount: cash, bucket: 'refundable', reason, ref: `voucher-refund-credit:${id}`, ...expiry });
  return refund;
}

/** Why the voucher cannot be refunded (it was not moved): gone, the wrong status, or the window closed. */
function refusal(voucher: VoucherRow | undefined, at: Date): RefundOutcome {
  if (!voucher) return { ok: false, status: 404, code: 'NOT_FOUND', detail: 'Sorry, we could not find that voucher.' };
  if (voucher.status === 'Ready to Redeem' && at >= refundableUntil(new Date(voucher.paid_at))) {
    return { ok: false, status: 409, code: 'REFUND_WINDOW_CLOSED', detail: `${messageFor('REFUND_WINDOW_CLOSED')} Its refund window ended at the end of ${londonDateInWords(new Date(refundableUntil(new Date(voucher.paid_at)).getTime() - 1))}.` };
  }
  return { ok: false, status: 409, code: 'VOUCHER_NOT_REFUNDABLE', detail: `${messageFor('VOUCHER_NOT_REFUNDABLE')} Its status is ${voucher.status}.` };
}

/** Step 2: the card part to the provider, with the refund's id as the key; the refund as it now is. */
export async function sendToProvider(deps: VouchersDeps, refund: store.RefundRow): Promise<store.RefundRow> {
  const at = deps.now();
  const payment = await store.orderPayment(deps.db, refund.order_id);
  if (!deps.payments || !payment?.provider || !payment.transaction_id) {
    await store.countAttempt(deps.db, refund.id, at);
    return (await store.refundById(deps.db, refund.id))!;
  }
  if (!isPaymentMethod(payment.method)) throw new Error(`Order ${payment.order_id} was paid by an unknown method ${payment.method}`);
  const outcome = await deps.payments
    .refund(payment.method, { transactionId: payment.transaction_id, orderRef: payment.order_id, amount: refund.cash_amount, currency: 'GBP', idempotencyKey: refund.id, reason: `Voucher refund ${refund.voucher_id}` })
    .catch((error: unknown) => {
      deps.log('[vouchers] refund call failed; retried later', { refundId: refund.id, error: error instanceof Error ? error.message : String(error) });
      return { status: 'unknown' as const };
    });
  if (outcome.status === 'refunded') await store.settleRefund(deps.db, refund.id, { state: 'completed', reference: outcome.reference, failure: null, at });
  else if (outcome.status === 'refused' && outcome.code !== 'REFUND_NOT_SETTLED') {
    await store.settleRefund(deps.db, refund.id, { state: 'failed', reference: null, failure: `${outcome.code}: ${outcome.message}`, at });
    deps.log('[vouchers] the provider refused a refund: a person must pay it back', { refundId: refund.id, orderId: refund.order_id, amount: refund.cash_amount, code: outcome.code });
  } else await store.countAttempt(deps.db, refund.id, at);
  return (await store.refundById(deps.db, refund.id))!;
}

export const RETRY_REFUNDS_EVERY_MS = 60_000;

/** The job: every refund still requested (its answer lost, or the capture not settled yet) is sent again with its own key. */
export async function retryRefunds(deps: VouchersDeps, limit = 100): Promise<number> {
  const waiting = await store.requestedRefunds(deps.db, deps.now(), limit);
  let completed = 0;
  for (const refund of waiting) if ((await sendToProvider(deps, refund)).state === 'completed') completed++;
  return completed;
}
