/**
 * Returns of posted goods (issue 16 point 6; spec §7 create-return-order, /v1/returns/*; spec §3
 * Return Requested → Return in Transit → Returned to the Merchant → Refunded). A return's status is
 * its voucher's, changed only by moveVouchers (one event row per step, the shopper's history):
 *
 * 1. The shopper asks (createReturn): in one transaction the voucher moves Ready to Redeem →
 *    Return Requested (requestReturn: goods only, the deal's kind given by the caller) and the
 *    return row is written with the merchant's address and a new tracking reference for its
 *    label. One return per voucher: asking again answers the same return.
 * 2. The carrier scans the parcel (event shipped, system): → Return in Transit.
 * 3. The merchant has it back (event received, merchant): → Returned to the Merchant, committed
 *    on its own so the step is seen and kept whatever happens next; then
 * 4. the refund (refundReturn, system): in one transaction the voucher moves → Refunded and the
 *    refund of what it was paid is recorded by the refunds' own recordRefund (card first, then
 *    the wallet part, the same check constraints); after the commit the card part goes to the
 *    provider with the refund's id as the key, and the refunds job retries it if the answer is
 *    lost. A crash between 3 and 4 leaves the voucher Returned to the Merchant with no refund:
 *    the same event again, or the job (refundReturns), makes it. No 14-day window applies.
 *
 * Replays are answers, not errors: an event whose step is already reached answers the return as
 * it is (carriers and merchants' systems send again when unsure).
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { messageFor } from '@shop/domain/error-codes';
import { RETURN_REASON_WORDS, RETURN_STEPS, type ReturnReason, type ReturnStep } from '@shop/domain/voucher-returns';
import type { StoredVoucherStatus, VoucherEvent } from '@shop/domain/voucher-status';
import type { VoucherRow } from '../issue/issue.ts';
import type { VouchersDeps } from '../lib/deps.ts';
import type { AnyDb } from '../db/database.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import * as vouchers from '../vouchers/vouchers.store.ts';
import * as refunds from '../refunds/refunds.store.ts';
import { recordRefund, sendToProvider } from '../refunds/refunds.ts';
import type { ReturnEventName } from './returns.contract.ts';
import * as store from './returns.store.ts';
import { isReceivedGift } from '../gifts/gifts.store.ts';

/** Who carries the parcel back, as the label names it. */
export const RETURNS_CARRIER = 'Thistle Deals Returns (tracked)';

/** A tracking reference: TDR and 12 random digits in threes of four (unique in the table). */
export function newTrackingNumber(): string {
  const four = () => String(randomInt(0, 10_000)).padStart(4, '0');
  return `TDR-${four()}-${four()}-${four()}`;
}

export interface CreateReturnInput {
  voucherId: string;
  customerToken: string;
  reason: ReturnReason;
  note?: string | undefined;
  deal: { deliveryType: 'voucher' | 'postal' | 'travel'; merchant: { name: string; address: string; postcode: string } };
}

type Refusal = { ok: false; status: 404 | 409; code: 'NOT_FOUND' | 'VOUCHER_NOT_RETURNABLE' | 'GIFT_RECEIVED_NOT_REFUNDABLE'; detail: string };
const NOT_FOUND: Refusal = { ok: false, status: 404, code: 'NOT_FOUND', detail: 'Sorry, we could not find that return.' };

export type CreateReturnOutcome = { ok: true; created: boolean; ret: store.ReturnRow } | Refusal;

export async function createReturn(deps: VouchersDeps, input: CreateReturnInput): Promise<CreateReturnOutcome> {
  const at = deps.now();
  return deps.db.transaction().execute(async (trx): Promise<CreateReturnOutcome> => {
    const known = await store.holderReturn(trx, input.customerToken, { voucherId: input.voucherId });
    if (known) return { ok: true, created: false, ret: known };
    const voucher = await vouchers.holderVoucher(trx, input.customerToken, input.voucherId);
    if (!voucher) return { ...NOT_FOUND, detail: 'Sorry, we could not find that voucher.' };
    // The money of a gift received is the buyer's: its recipient cannot return it for a refund.
    if (await isReceivedGift(trx, voucher.id)) return { ok: false, status: 409, code: 'GIFT_RECEIVED_NOT_REFUNDABLE', detail: messageFor('GIFT_RECEIVED_NOT_REFUNDABLE') };
    const goods = input.deal.deliveryType === 'postal';
    const moved = await moveVouchers(
      trx,
      { id: voucher.id },
      { event: 'requestReturn', actor: 'shopper', holder: input.customerToken, reason: `Return requested: ${RETURN_REASON_WORDS[input.reason]}`, at, context: { goods } },
    );
    if (moved.length === 0) {
      // A request racing this one may have made the return meanwhile (it held the voucher's lock): the same answer.
      const raced = await store.holderReturn(trx, input.customerToken, { voucherId: input.voucherId });
      if (raced) return { ok: true, created: false, ret: raced };
      // By id: this shopper held it a moment ago (a gift claimed meanwhile moves its holder, not the answer).
      const now = (await store.returnVoucher(trx, { voucher_id: voucher.id })) ?? voucher;
      const why = goods ? `Its status is ${now.status}.` : 'It is not for goods sent by post.';
      return { ok: false, status: 409, code: 'VOUCHER_NOT_RETURNABLE', detail: `${messageFor('VOUCHER_NOT_RETURNABLE')} ${why}` };
    }
    const ret = {
      id: randomUUID(),
      voucher_id: voucher.id,
      customer_token: input.customerToken,
      reason: input.reason,
      note: input.note ? input.note : null,
      merchant_name: input.deal.merchant.name,
      return_address: input.deal.merchant.address,
      return_postcode: input.deal.merchant.postcode.toUpperCase(),
      carrier: RETURNS_CARRIER,
      tracking_number: newTrackingNumber(),
      refund_id: null,
      created_at: at,
      updated_at: at,
    };
    await store.insertReturn(trx, ret);
    return { ok: true, created: true, ret };
  });
}

/** What each event needs: the voucher event, who causes it, what the history says, and the steps that mean it already happened. */
const STEP_OF: Record<ReturnEventName, { event: VoucherEvent; actor: 'system' | 'merchant'; reason: (r: store.ReturnRow) => string; reached: readonly StoredVoucherStatus[] }> = {
  shipped: {
    event: 'shipReturn',
    actor: 'system',
    reason: (r) => `Scanned by ${r.carrier}, tracking ${r.tracking_number}`,
    reached: ['Return in Transit', 'Returned to the Merchant', 'Refunded'],
  },
  received: { event: 'receiveReturn', actor: 'merchant', reason: () => 'The merchant received the returned goods', reached: ['Returned to the Merchant', 'Refunded'] },
};

export type ReturnEventOutcome = { ok: true; moved: boolean } | Refusal;

/** A later step of a return (a carrier's scan, the merchant's receipt); received goes on to the refund. */
export async function recordReturnEvent(deps: VouchersDeps, returnId: string, event: ReturnEventName, actorRef: string | null): Promise<ReturnEventOutcome> {
  const ret = await store.returnById(deps.db, returnId);
  if (!ret) return NOT_FOUND;
  const step = STEP_OF[event];
  const moved = await deps.db
    .transaction()
    .execute((trx) => moveVouchers(trx, { id: ret.voucher_id }, { event: step.event, actor: step.actor, actorRef, reason: step.reason(ret), at: deps.now() }));
  if (moved.length === 0) {
    const voucher = await store.returnVoucher(deps.db, ret);
    if (!voucher) return NOT_FOUND;
    if (!step.reached.includes(voucher.status)) {
      return { ok: false, status: 409, code: 'VOUCHER_NOT_RETURNABLE', detail: `This return cannot be marked ${event}: its status is ${voucher.status}.` };
    }
  }
  if (event === 'received') {
    // The receipt is committed whatever happens here; a refund that fails now is the job's (refundReturns).
    await refundReturn(deps, ret.id).catch((error: unknown) => {
      deps.log('[vouchers] refund of returned goods failed; retried later', { returnId: ret.id, error: error instanceof Error ? error.message : String(error) });
    });
  }
  return { ok: true, moved: moved.length > 0 };
}

const hashOf = (returnId: string) => createHash('sha256').update(JSON.stringify(['return', returnId, 'original'])).digest('hex');

/**
 * The refund of returned goods, once: the voucher Returned to the Merchant → Refunded with the
 * refund recorded (to the payment method) in one transaction, then the card part to the provider.
 * Nothing when it is made already or the goods are not back yet. Whether a refund was made; throws
 * when the order's payment is missing (a fault a person must look at: the job logs it).
 */
export async function refundReturn(deps: VouchersDeps, returnId: string): Promise<boolean> {
  const at = deps.now();
  const made = await deps.db.transaction().execute(async (trx) => {
    const ret = await store.lockReturn(trx, returnId);
    if (!ret || ret.refund_id) return null;
    // By id, not by holder: the return proves the right, and a gift claimed since must not stop the refund.
    const voucher = await store.returnVoucher(trx, ret);
    if (!voucher) throw new Error(`Return ${ret.id}: voucher ${ret.voucher_id} not found`);
    const payment = await refunds.lockOrderPayment(trx, voucher.order_id);
    if (!payment) throw new Error(`Return ${ret.id}: no payment recorded for order ${voucher.order_id}`);
    const moved = await moveVouchers(trx, { id: voucher.id }, { event: 'refundReturn', actor: 'system', reason: 'Refunded to the payment method: the merchant has the goods back', at });
    if (moved.length === 0) return null;
    const refund = await recordRefund(trx, voucher, payment, { customerToken: ret.customer_token, idempotencyKey: `return:${ret.id}`, requestHash: hashOf(ret.id), destination: 'original', at });
    await store.setRefund(trx, ret.id, refund.id, at);
    return refund;
  });
  if (!made) return false;
  if (made.state === 'requested') await sendToProvider(deps, made);
  return true;
}

export const REFUND_RETURNS_EVERY_MS = 60_000;

/**
 * The job: returns whose goods are back but whose refund was not made (a crash between the two
 * steps). One that fails is logged and tried again later, behind the others; the rest go on.
 */
export async function refundReturns(deps: VouchersDeps, limit = 100): Promise<number> {
  let made = 0;
  for (const ret of await store.returnsAwaitingRefund(deps.db, limit)) {
    try {
      if (await refundReturn(deps, ret.id)) made++;
    } catch (error) {
      deps.log('[vouchers] refund of returned goods failed; retried later', { returnId: ret.id, error: error instanceof Error ? error.message : String(error) });
      await store.touchReturn(deps.db, ret.id, deps.now());
    }
  }
  return made;
}

const STEP_EVENTS: Record<ReturnStep, VoucherEvent> = {
  'Return Requested': 'requestReturn',
  'Return in Transit': 'shipReturn',
  'Returned to the Merchant': 'receiveReturn',
  Refunded: 'refundReturn',
};

/** The return as the REST contract shows it (ReturnSchema), from its row, its voucher and that voucher's history. */
export async function returnView(db: AnyDb, ret: store.ReturnRow, voucher: VoucherRow) {
  const [history, refund] = await Promise.all([vouchers.historyOf(db, voucher.id), ret.refund_id ? refunds.refundById(db, ret.refund_id) : undefined]);
  const at = (step: ReturnStep) => {
    const event = history.findLast((e) => e.event === STEP_EVENTS[step]);
    return event ? new Date(event.at).toISOString() : null;
  };
  return {
    id: ret.id,
    voucherId: ret.voucher_id,
    reason: ret.reason,
    note: ret.note,
    status: voucher.status,
    carrier: ret.carrier,
    trackingNumber: ret.tracking_number,
    to: { name: ret.merchant_name, address: ret.return_address, postcode: ret.return_postcode },
    from: { orderNumber: voucher.order_number, voucherCode: voucher.code, title: voucher.title },
    steps: RETURN_STEPS.map((status) => ({ status, at: at(status) })),
    refund: refund
      ? { id: refund.id, state: refund.state, cashAmount: { amount: refund.cash_amount, currency: voucher.currency }, walletAmount: { amount: refund.wallet_amount, currency: voucher.currency } }
      : null,
    createdAt: new Date(ret.created_at).toISOString(),
  };
}
