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
import { GIFT_CARD_DEAL_ID, GIFT_CARD_POST_REFERENCE } from '@shop/domain/gift-cards';
import type { AnyDb } from '../db/database.ts';
import type { VouchersDeps } from '../lib/deps.ts';
import { refundReturn } from '../returns/returns.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import type { PostingCarrier } from './posting.contract.ts';
import * as store from './posting.store.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

type AddressColumns = { name: string | null; line1: string | null; line2: string | null; town: string | null; county: string | null; postcode: string | null };

/** Where an order's goods go, from its delivery row's columns; null without a whole address. */
function deliverToOf(r: AddressColumns) {
  return r.name !== null && r.line1 !== null && r.town !== null && r.postcode !== null ? { name: r.name, line1: r.line1, line2: r.line2, town: r.town, county: r.county, postcode: r.postcode } : null;
}

export function postedOrderView(r: store.PostedOrderRow) {
  return {
    voucherId: r.id,
    orderNumber: r.order_number,
    dealId: r.deal_id,
    title: r.title,
    lineQuantity: Number(r.line_quantity),
    paidAt: iso(r.paid_at),
    status: r.status,
    deliverTo: deliverToOf(r),
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
  // A posted gift card is not goods to send back (giftcardterms "Refunds and cash"): refunding it
  // cancels its code, so the printed card is worth nothing; the 14 days and "not redeemed" decide.
  if (!sent || sent.deal_id === GIFT_CARD_DEAL_ID) return null;
  const on = new Date(sent.sent_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
  return `It was sent to you on ${on} by ${sent.carrier}: to cancel, send it back with “Return this item” and you are refunded when it arrives.`;
}

/** A posted gift card goes as a letter by Royal Mail, untracked (GIFT_CARD_POST_REFERENCE in the reference's place). */
const GIFT_CARD_POST_CARRIER: PostingCarrier = 'Royal Mail';
/** The gift-card merchant is the shop itself (no business of the merchants service): its dispatches are the shop's. */
const GIFT_CARD_SENDER = 'shop';

interface PostedGiftCardOrderView {
  orderId: string;
  orderNumber: string;
  paidAt: string;
  deliverTo: ReturnType<typeof postedOrderView>['deliverTo'];
  /** When its cards were posted (the latest); null while waiting. */
  sentAt: string | null;
  cards: { voucherId: string; code: string; amount: number; currency: string; status: string }[];
}

/** Rows (ordered by order) grouped into orders, in their order. */
function giftCardOrders(rows: readonly store.PostedGiftCardRow[]): PostedGiftCardOrderView[] {
  const orders = new Map<string, PostedGiftCardOrderView>();
  for (const r of rows) {
    let order = orders.get(r.order_id);
    if (!order) {
      order = {
        orderId: r.order_id,
        orderNumber: r.order_number,
        paidAt: iso(r.paid_at),
        deliverTo: deliverToOf(r),
        sentAt: null,
        cards: [],
      };
      orders.set(r.order_id, order);
    }
    if (r.sent_at !== null && (order.sentAt === null || iso(r.sent_at) > order.sentAt)) order.sentAt = iso(r.sent_at);
    order.cards.push({ voucherId: r.id, code: r.code, amount: Number(r.price), currency: r.currency, status: r.status });
  }
  return [...orders.values()];
}

/** Module function (the checkout's staff gift-card posting): the orders of posted gift cards waiting, and the ones sent lately. */
export async function postedGiftCardLists(db: AnyDb, first: number): Promise<{ toPost: PostedGiftCardOrderView[]; sent: PostedGiftCardOrderView[] }> {
  const [toPost, sent] = [await store.postedGiftCards(db, 'to-post', first), await store.postedGiftCards(db, 'sent', first)];
  return { toPost: giftCardOrders(toPost), sent: giftCardOrders(sent) };
}

type GiftCardOrderSentOutcome =
  | { ok: true; marked: number; order: PostedGiftCardOrderView }
  | { ok: false; code: 'NOT_FOUND' | 'VOUCHER_NOT_SENDABLE'; detail: string };

/**
 * Module function for the checkout's staff "Mark as sent", in its transaction (which also writes
 * the buyer's email): every posted gift card of the order still Ready to Redeem gets its dispatch,
 * once (a second call marks nothing and answers the same order). NOT_FOUND for an order with no
 * posted gift card; VOUCHER_NOT_SENDABLE when none was ever sent and none can be (all refunded).
 */
export async function markGiftCardOrderSent(trx: AnyDb, input: { orderNumber: string; actorRef: string | null; at: Date }): Promise<GiftCardOrderSentOutcome> {
  const marked = await store.insertGiftCardDispatches(trx, { orderNumber: input.orderNumber, carrier: GIFT_CARD_POST_CARRIER, trackingReference: GIFT_CARD_POST_REFERENCE, sentBy: GIFT_CARD_SENDER, actorRef: input.actorRef, at: input.at });
  const [order] = giftCardOrders(await store.orderPostedGiftCards(trx, input.orderNumber));
  if (!order) return { ok: false, code: 'NOT_FOUND', detail: 'Sorry, we could not find a posted gift card with that order number.' };
  if (order.sentAt === null) return { ok: false, code: 'VOUCHER_NOT_SENDABLE', detail: `This order cannot be marked sent: its gift cards are ${order.cards.map((c) => c.status).join(', ')}.` };
  return { ok: true, marked: marked.length, order };
}
