/**
 * Goods posting (issue 17 point 5; README "Goods posting"): the merchant posts paid goods to the
 * address the order gave, marks each unit sent with the carrier's tracking reference (one dispatch
 * per voucher, enforced by its primary key), and marks a return received when the parcel is back.
 *
 * Sending changes no status: spec §3 has none for it, and a sent voucher stays Ready to Redeem for
 * the shopper's rules (its refund window and a return). The receipt of a return is the
 * `receiveReturn` transition (Return in Transit → Returned to the Merchant), then the refund of
 * returned goods, as the returns' own merchant step does (returns.ts refundReturn).
 */
import { RETURN_REASON_WORDS, type ReturnReason } from '@shop/domain/voucher-returns';
import type { AnyDb } from '../db/database.ts';
import type { VouchersDeps } from '../lib/deps.ts';
import { refundReturn } from '../returns/returns.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import type { PostingCarrier } from './posting.contract.ts';
import * as store from './posting.store.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

export function postedOrderView(r: store.PostedOrderRow) {
  return {
    voucherId: r.id,
    orderNumber: r.order_number,
    dealId: r.deal_id,
    title: r.title,
    lineQuantity: Number(r.line_quantity),
    paidAt: iso(r.paid_at),
    status: r.status,
    deliverTo: r.name !== null && r.line1 !== null && r.town !== null && r.postcode !== null ? { name: r.name, line1: r.line1, line2: r.line2, town: r.town, county: r.county, postcode: r.postcode } : null,
    dispatch: r.carrier !== null && r.tracking_reference !== null && r.sent_at !== null ? { carrier: r.carrier, trackingReference: r.tracking_reference, sentAt: iso(r.sent_at) } : null,
  };
}

export function returnOnItsWayView(r: store.ReturnOnItsWayRow) {
  return {
    voucherId: r.id,
    orderNumber: r.order_number,
    title: r.title,
    status: r.status,
    reason: RETURN_REASON_WORDS[r.reason as ReturnReason] ?? r.reason,
    note: r.note,
    carrier: r.carrier,
    trackingNumber: r.tracking_number,
    requestedAt: iso(r.created_at),
  };
}

type Refusal = { ok: false; status: 404 | 409; code: string; detail: string };
const NOT_FOUND: Refusal = { ok: false, status: 404, code: 'NOT_FOUND', detail: 'Sorry, we could not find that order among your deals.' };

export interface MarkSentInput {
  voucherId: string;
  dealIds: readonly number[];
  merchantRef: string;
  actorRef: string | null;
  carrier: PostingCarrier;
  trackingReference: string;
}

export type MarkSentOutcome = { ok: true; created: boolean; order: ReturnType<typeof postedOrderView> } | Refusal;

/**
 * Marks one unit sent. Two clicks at once write one dispatch: the other finds it and, when it
 * says the same (carrier and reference), gets the same answer (200); a different one is a 409
 * VOUCHER_ALREADY_SENT naming what was recorded.
 */
export async function markSent(deps: VouchersDeps, input: MarkSentInput): Promise<MarkSentOutcome> {
  const created = await store.insertDispatch(deps.db, {
    voucherId: input.voucherId,
    dealIds: input.dealIds,
    carrier: input.carrier,
    trackingReference: input.trackingReference,
    sentBy: input.merchantRef,
    actorRef: input.actorRef,
    at: deps.now(),
  });
  const row = await store.postedOrder(deps.db, input.dealIds, input.voucherId);
  if (!row) return NOT_FOUND;
  const order = postedOrderView(row);
  if (created) return { ok: true, created: true, order };
  if (order.dispatch) {
    if (order.dispatch.carrier === input.carrier && order.dispatch.trackingReference.toUpperCase() === input.trackingReference.toUpperCase()) return { ok: true, created: false, order };
    const on = new Date(order.dispatch.sentAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
    return { ok: false, status: 409, code: 'VOUCHER_ALREADY_SENT', detail: `This order was already marked sent on ${on} by ${order.dispatch.carrier}, tracking ${order.dispatch.trackingReference}.` };
  }
  return { ok: false, status: 409, code: 'VOUCHER_NOT_SENDABLE', detail: `This order cannot be marked sent: its status is ${order.status}.` };
}

export type ReturnReceivedOutcome = { ok: true; moved: boolean; voucherId: string; status: string } | Refusal;

/**
 * The merchant has the returned goods: Return in Transit → Returned to the Merchant (only a voucher
 * of their deals), committed on its own; then the refund of the returned goods (a failure is left
 * to the returns' refund job). Asked again once received (or refunded), the same answer.
 */
export async function receiveReturn(deps: VouchersDeps, input: { voucherId: string; dealIds: readonly number[]; merchantRef: string }): Promise<ReturnReceivedOutcome> {
  const moved = await deps.db.transaction().execute((trx) =>
    moveVouchers(trx, { id: input.voucherId }, { event: 'receiveReturn', actor: 'merchant', actorRef: input.merchantRef, dealIds: input.dealIds, reason: 'The merchant received the returned goods', at: deps.now() }),
  );
  const found = await store.returnOfVoucher(deps.db, input.dealIds, input.voucherId);
  if (!found) return NOT_FOUND;
  if (moved.length === 0 && !(found.return_id && (found.status === 'Returned to the Merchant' || found.status === 'Refunded'))) {
    return { ok: false, status: 409, code: 'VOUCHER_NOT_RETURNABLE', detail: `This return cannot be marked received: its status is ${found.status}.` };
  }
  if (found.return_id && found.status === 'Returned to the Merchant') {
    await refundReturn(deps, found.return_id).catch((error: unknown) => {
      deps.log('[vouchers] refund of returned goods failed; retried later', { returnId: found.return_id, error: error instanceof Error ? error.message : String(error) });
    });
  }
  const now = await store.returnOfVoucher(deps.db, input.dealIds, input.voucherId);
  return { ok: true, moved: moved.length > 0, voucherId: input.voucherId, status: now?.status ?? found.status };
}

export interface OrderDeliveryAddress {
  name: string;
  line1: string;
  line2?: string | null | undefined;
  town: string;
  county?: string | null | undefined;
  postcode: string;
}

/**
 * Module function for the checkout's paying transaction: keeps where the order's goods go, so the
 * merchant's list reads it here (never the checkout's tables). Once per order.
 */
export async function recordOrderDelivery(trx: AnyDb, orderId: string, address: OrderDeliveryAddress): Promise<void> {
  await store.insertOrderDelivery(trx, {
    order_id: orderId,
    name: address.name.trim(),
    line1: address.line1.trim(),
    line2: address.line2?.trim() || null,
    town: address.town.trim(),
    county: address.county?.trim() || null,
    postcode: address.postcode.trim().toUpperCase(),
  });
}

/**
 * Module function for the checkout's paying transaction (issue 18 point 2): the order lines of
 * posted gift cards, so the gift-card merchant's orders to post lists their vouchers (and never an
 * e-gift's). Once per line.
 */
export async function recordPostedLines(trx: AnyDb, orderId: string, orderLineIds: readonly string[]): Promise<void> {
  await store.insertPostedLines(trx, orderId, orderLineIds);
}

/**
 * Goods already posted go back by a return, never by a refund or credit on demand (that would leave
 * them with the shopper; the Consumer Contracts Regulations let the trader wait for the goods):
 * the refusal's words when the voucher was sent, under its row lock; null when it was not.
 */
export async function sentGoodsRefusal(trx: AnyDb, voucherId: string): Promise<string | null> {
  const sent = await store.lockedDispatch(trx, voucherId);
  if (!sent) return null;
  const on = new Date(sent.sent_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
  return `It was sent to you on ${on} by ${sent.carrier}: to cancel, send it back with “Return this item” and you are refunded when it arrives.`;
}
