/**
 * Placing an order (README "Place order", steps 1–6) and the VVE add-on, which is paid the same
 * way. The provider is called outside any transaction; everything before and after it is one
 * transaction each, so money and stock are never half-moved.
 */
import diagnostics from 'node:diagnostics_channel';
import { BUYING_MESSAGES, CHECKOUT_COUNTDOWN_S, type PaymentMethod } from '@shop/domain/buying';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { isEmail, normaliseEmail } from '@shop/domain/accounts';
import { postcodeError } from '@shop/domain/postcodes';
import type { AnyDb } from '../db/database.ts';
import {
  countPurchase,
  fault,
  getHold,
  holdUnits,
  holdWalletCredit,
  InjectedFault,
  pinCoveringHold,
  pinHold,
  type ChargeResult,
  holderOf,
  HOLD_WINDOW,
  type CheckoutDeps,
  type HoldItem,
  redeemableVouchers,
  lockRedeemableVouchers,
  extensionTargets,
  targetVoucherExtension,
  claimBookableCapacity,
} from '../lib/deps.ts';
import { sql } from 'kysely';
import { londonExpiry } from '@shop/domain/london-time';
import { claimKey } from './idempotency.ts';
import * as store from './orders.store.ts';
import { completeKey, releaseKey, type KeyRef } from './orders.store.ts';
import * as checkoutStore from '../checkout/checkout.store.ts';
import * as promoStore from '../promo/promo.store.ts';
import { deliverOrderMail, finishFailed, finishPaid, orderAnswer, VOUCHER_VALIDITY_FALLBACK_MONTHS, type StoredAnswer } from './orders.ts';
import { BOOKINGS_PAUSED_MESSAGE, VOUCHER_EXTENSION_MAX_MONTHS } from '@shop/domain/voucher-status';
import { methodAvailable } from '../checkout/payment-options.ts';
import { checkoutBreakdown } from '../lib/breakdown.ts';
import { loadCheckoutModel, marketingMaxFor, VVE_PRICE_PER_VOUCHER_MONTH_PENCE, vvePrice, type CheckoutModel } from '../checkout/pricing.ts';

export { VVE_PRICE_PER_VOUCHER_MONTH_PENCE };
import { normalisePromoCode } from '../promo/promo.ts';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';
import { newId, newToken, sha256, stableJson } from '../lib/tokens.ts';

/** The refusal's words when a bookable deal's sales are paused (issue 17 point 4; the deal page says the same). */
export const BOOKINGS_FULL = BOOKINGS_PAUSED_MESSAGE;

export interface Answer {
  status: number;
  /** The exact bytes sent (and replayed). */
  body: string;
}

export interface PaymentChoice {
  method: PaymentMethod;
  token: string | null;
  savedInstrumentId: string | null;
  saveInstrument: boolean;
}

export interface DeliveryAddress {
  name: string;
  line1: string;
  line2?: string | null;
  town: string;
  county?: string | null;
  postcode: string;
}

export interface PlaceOrderBody {
  orderLines?: Array<{ dealProductId: number; quantity: number; gift?: boolean }>;
  cashAmount?: number;
  walletUsed?: number;
  expectedCashAmount: number;
  payment: PaymentChoice;
  email?: string | null;
  deliveryAddress?: DeliveryAddress | null;
}

export interface PlaceOrderInput {
  basketToken: string;
  customerToken: string | null;
  vipUser: boolean;
  idempotencyKey: string;
  /** The shopper's client address (the gateway's x-client-ip), for the per-address hold limit. */
  clientAddress?: string | null;
  body: PlaceOrderBody;
}

const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });

/**
 * Step 1 around `work`: claim the key, run, store the final answer (a refusal too). An unexpected
 * error before any order exists frees the key; an injected fault (a simulated crash) does not.
 */
async function idempotent(deps: CheckoutDeps, ref: KeyRef, requestHash: string, work: () => Promise<Answer | { stored: true; orderId: string; answer: Answer | null }>): Promise<Answer> {
  const claim = await claimKey(deps.db, ref, requestHash, deps.now(), deps);
  if (claim.kind === 'mismatch') {
    return json(422, new Refusal(422, 'IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was used for a different request. Use a new key for a new request.', [{ field: 'Idempotency-Key', message: 'Already used with another request body.' }]).body);
  }
  if (claim.kind === 'replay') return { status: claim.status, body: claim.body };
  if (claim.kind === 'in_flight') {
    return json(409, new Refusal(409, 'IDEMPOTENCY_CONFLICT', claim.orderId ? ERROR_MESSAGES.PAYMENT_PENDING : undefined).body);
  }
  try {
    fault(deps, 'after-idem-claim');
    const result = await work();
    if ('stored' in result) {
      // Finished by this request: the answer it stored. Otherwise read what is stored now.
      if (result.answer) return result.answer;
      const row = await store.findKey(deps.db, ref);
      if (row?.state === 'done') return { status: row.response_status!, body: row.response_body! };
      // Still pending with the provider: 202, not stored (a retry gets 409 until it is final).
      const pending = await orderAnswer(deps.db, result.orderId, null);
      return json(pending.status, pending.body);
    }
    await completeKey(deps.db, ref, result.status, result.body, deps.now());
    return result;
  } catch (err) {
    if (err instanceof Refusal) {
      const answer = json(err.status, err.body);
      await completeKey(deps.db, ref, answer.status, answer.body, deps.now());
      return answer;
    }
    if (!(err instanceof InjectedFault)) await releaseKey(deps.db, ref).catch(() => undefined);
    throw err;
  }
}

const sameItems = (a: HoldItem[], b: HoldItem[]): boolean => {
  const key = (items: HoldItem[]) => stableJson([...items].sort((x, y) => x.productId - y.productId));
  return key(a) === key(b);
};

function isPendingConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === 'orders_one_pending_per_basket' || (e.message ?? '').includes('orders_one_pending_per_basket'));
}

function validateForModel(model: CheckoutModel, input: PlaceOrderInput): void {
  const { body } = input;
  // Nothing to pay for: no lines and no VIP membership (a member is never offered it, so never twice).
  if (model.lines.length === 0 && model.summary.vip === 0) throw new Refusal(409, 'BASKET_EMPTY');
  const bad = model.lines.find((l) => l.problem !== null);
  if (bad) {
    const code = bad.problem === 'PURCHASE_LIMIT' ? 'PURCHASE_LIMIT' : bad.problem === 'NOT_FOUND' || bad.problem === 'DEAL_CLOSED' ? 'DEAL_CLOSED' : bad.problem!;
    throw new Refusal(409, code, undefined, [{ field: `lines.${bad.productId}`, message: ERROR_MESSAGES[code] }], { productId: bad.productId, available: bad.available ?? 0 });
  }
  if (body.orderLines) {
    const want = body.orderLines.map((l) => ({ productId: l.dealProductId, quantity: l.quantity }));
    if (!sameItems(want, model.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })))) throw new Refusal(409, 'PRICE_CHANGED');
  }
  const s = model.summary;
  if (body.expectedCashAmount !== s.cashAmount || (body.cashAmount !== undefined && body.cashAmount !== s.cashAmount) || (body.walletUsed !== undefined && body.walletUsed !== s.walletCredit)) {
    throw new Refusal(409, 'PRICE_CHANGED', undefined, undefined, { cashAmount: s.cashAmount, walletUsed: s.walletCredit, totalOrderAmount: s.totalOrderAmount });
  }
  if (model.needsDeliveryAddress) {
    const a = body.deliveryAddress;
    if (!a) throw fieldRefusal('deliveryAddress', BUYING_MESSAGES.required);
    const postcode = postcodeError(a.postcode);
    if (postcode) throw fieldRefusal('deliveryAddress.postcode', postcode);
  }
  if (s.cashAmount > 0) {
    const guest = !model.customerToken;
    if (!methodAvailable({ guest, cashAmount: s.cashAmount, highFraudRisk: model.highFraudRisk, subcategoryIds: model.subcategoryIds, hasSavedInstruments: body.payment.savedInstrumentId !== null }, body.payment.method)) {
      throw new Refusal(409, 'PAYMENT_METHOD_UNAVAILABLE', undefined, [{ field: 'payment.method', message: ERROR_MESSAGES.PAYMENT_METHOD_UNAVAILABLE }]);
    }
    if (!body.payment.token && !body.payment.savedInstrumentId) throw fieldRefusal('payment.token', BUYING_MESSAGES.required);
  }
}

/**
 * A line the stock can no longer cover, read without a lock (the same sum the hold makes under
 * its locks: what is left plus what this basket holds), is refused before any lock or write: the
 * buyers who come after the last unit of a flash sale get their sold-out answer without queueing
 * one by one on the product row; with deps.placing letting a few orders decide at a time, that is
 * most of a rush for the last units (bench L1). A line that looks coverable goes on to the locked
 * check as before, which stays the one that decides.
 */
async function refuseWhatIsGone(deps: CheckoutDeps, basketToken: string, model: CheckoutModel, holdWasExpired: boolean): Promise<void> {
  const short = model.lines.filter((l) => l.stock !== null && l.stock.remaining !== null && l.stock.remaining < l.quantity);
  if (short.length === 0) return;
  const own = await getHold(deps.db, basketToken);
  for (const l of short) {
    const available = l.stock!.remaining! + (own?.items.find((i) => i.productId === l.productId)?.quantity ?? 0);
    if (available >= l.quantity) continue;
    const code = holdWasExpired ? 'HOLD_EXPIRED' : available === 0 ? 'DEAL_SOLD_OUT' : 'INSUFFICIENT_STOCK';
    throw new Refusal(409, code, undefined, [{ field: `lines.${l.productId}`, message: ERROR_MESSAGES[code] }], { productId: l.productId, available });
  }
}

/** The order email: the guest's, or the signed-in customer's (the gateway adds it from the session). */
export function orderEmail(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || !isEmail(raw)) throw fieldRefusal('email', BUYING_MESSAGES.email);
  return normaliseEmail(raw);
}

export async function placeOrder(deps: CheckoutDeps, input: PlaceOrderInput): Promise<Answer> {
  const ref: KeyRef = { scope: input.customerToken ? `c:${input.customerToken}` : `b:${input.basketToken}`, operation: 'place-order', key: input.idempotencyKey };
  const requestHash = sha256(stableJson({ basketToken: input.basketToken, body: input.body }));
  return idempotent(deps, ref, requestHash, async () => {
    // Steps up to the order written and its units held, a few orders at a time (deps.placing).
    const placed = await deps.placing(async () => {
      const now = deps.now();
      const email = orderEmail(input.body.email);
      const options = await checkoutStore.checkoutOptionsOf(deps.db, input.basketToken);
      const model = await loadCheckoutModel(deps.db, {
        basketToken: input.basketToken,
        customerToken: input.customerToken,
        email,
        vipUser: input.vipUser,
        options: { promoCode: options?.promo_code ?? null, wallet: options?.wallet ?? false, vipChecked: options?.vip_checked ?? false },
        now,
        giftingDetails: false,
      });
      if (!model) throw new Refusal(404, 'BASKET_NOT_FOUND');
      validateForModel(model, input);
      const holdWasExpired = !!options?.hold_expires_at && new Date(options.hold_expires_at) <= now;
      await refuseWhatIsGone(deps, input.basketToken, model, holdWasExpired);
      const orderId = newId();
      const accessToken = input.customerToken ? null : newToken();
      const items = model.lines.map((l) => ({ productId: l.productId, quantity: l.quantity }));
      const s = model.summary;

      const order: store.NewOrder = {
        id: orderId,
        kind: 'order',
        parent_order_id: null,
        basket_token: input.basketToken,
        customer_key: model.customerKey,
        customer_token: input.customerToken,
        email,
        subtotal: s.subtotal,
        postage: s.postage,
        promo_discount: s.promoDiscount,
        vip: s.vip,
        total_amount: s.totalOrderAmount,
        cash_amount: s.cashAmount,
        wallet_used: s.walletCredit,
        payment_method: input.body.payment.method,
        save_instrument: input.body.payment.saveInstrument,
        saved_instrument_id: input.body.payment.savedInstrumentId,
        promo_code: model.promo?.applicable ? model.promo.code : null,
        delivery_address: input.body.deliveryAddress ? JSON.stringify(input.body.deliveryAddress) : null,
        cap_day: model.day,
        access_token_hash: accessToken ? sha256(accessToken) : null,
        breakdown: JSON.stringify(checkoutBreakdown(model)),
      };

      // Step 2: one transaction.
      try {
        await deps.db.transaction().execute(async (trx) => {
          let lineNo = 0;
          const lineRows = [
            ...model.lines.map((l) => ({
              order_id: orderId,
              line_no: ++lineNo,
              deal_id: l.dealId,
              deal_product_id: l.productId,
              title: l.title,
              quantity: l.quantity,
              unit_price: l.unitPrice,
              postage: l.postage,
              line_total: l.total,
              addon_type: null,
              gift: l.line.gifting?.gift === true || (input.body.orderLines?.find((o) => o.dealProductId === l.productId)?.gift ?? false),
              gifting_type: l.line.gifting?.type ?? 'none',
              gift_recipient: l.line.gift ? JSON.stringify(l.line.gift) : null,
              pay_deposit: l.line.payDeposit === true,
              validity_months: l.voucherValidityMonths,
            })),
            ...model.addons.map((a) => ({
              order_id: orderId,
              line_no: ++lineNo,
              deal_id: a.dealId,
              deal_product_id: a.productId,
              title: a.title,
              quantity: a.quantity,
              unit_price: a.unitPrice,
              postage: 0,
              line_total: a.total,
              addon_type: 'VVE',
              gift: false,
              gifting_type: 'none',
              gift_recipient: null,
              pay_deposit: false,
              validity_months: null,
            })),
          ];
          // The order row first: a second attempt on this basket waits here, on the one-pending-order index.
          await store.insertPendingOrder(trx, { order, lines: lineRows, event: { cashAmount: s.cashAmount, walletUsed: s.walletCredit, idempotencyKey: ref.key }, key: ref, accessToken, now });

          // The hold: still covering the basket (usually: pinned to this order in one statement), or
          // taken again under the stock locks and then pinned.
          // The VIP membership alone (no lines) holds no units.
          const pinned = items.length === 0 || (await pinCoveringHold(trx, { holdKey: input.basketToken, orderId, items, now }));
          const hold = pinned ? null : await getHold(trx, input.basketToken);
          if (hold?.orderId && hold.orderId !== orderId) throw new Refusal(409, 'IDEMPOTENCY_CONFLICT', ERROR_MESSAGES.PAYMENT_PENDING);
          if (!pinned && (!hold || hold.expiresAt <= now || !sameItems(hold.items, items))) {
            const holdInput = { holdKey: input.basketToken, customerKey: model.customerKey, items, now, ...holderOf(deps, input.clientAddress) };
            let taken = await holdUnits(trx, { ...holdInput, expiresAt: new Date(now.getTime() + CHECKOUT_COUNTDOWN_S * 1000), window: HOLD_WINDOW });
            // The basket's holding window has run out (issue 14): it may still pay for units that are
            // there, but holds them only while paying (pinned below; expired at once if unpinned).
            if (!taken.ok && taken.retryAt) taken = await holdUnits(trx, { ...holdInput, expiresAt: now });
            if (!taken.ok) {
              const code = holdWasExpired && (taken.code === 'DEAL_SOLD_OUT' || taken.code === 'INSUFFICIENT_STOCK') ? 'HOLD_EXPIRED' : taken.code === 'NOT_FOUND' ? 'DEAL_CLOSED' : taken.code;
              throw new Refusal(409, code, undefined, [{ field: `lines.${taken.productId}`, message: ERROR_MESSAGES[code] }], { productId: taken.productId, available: taken.available });
            }
            await checkoutStore.saveHoldExpiry(trx, input.basketToken, { expiresAt: taken.expiresAt, signature: stableJson(items), now });
          }
          fault(deps, 'after-reserve');

          // Per-customer-per-day caps (M2): conditional upserts.
          for (const item of [...items].sort((a, b) => a.productId - b.productId)) {
            const counted = await countPurchase(trx, { customerKey: model.customerKey, productId: item.productId, quantity: item.quantity, day: model.day });
            if (!counted.ok) {
              throw new Refusal(409, 'PURCHASE_LIMIT', undefined, [{ field: `lines.${item.productId}`, message: ERROR_MESSAGES.PURCHASE_LIMIT }], { productId: item.productId, available: counted.available });
            }
          }
          // Issue 17 point 4: a bookable deal with a capacity set stops selling when its vouchers sold
          // and not yet used (and orders of it still being paid) would outnumber its places before a
          // voucher bought now expires. The deal's capacity row is locked first, so two buyers of the
          // last place queue there and the second counts the first's order.
          const byDeal = new Map<number, { quantity: number; months: number; productId: number }>();
          for (const l of model.lines) {
            const seen = byDeal.get(l.dealId);
            byDeal.set(l.dealId, { quantity: (seen?.quantity ?? 0) + l.quantity, months: l.voucherValidityMonths ?? VOUCHER_VALIDITY_FALLBACK_MONTHS, productId: seen?.productId ?? l.productId });
          }
          for (const [dealId, want] of [...byDeal].sort((a, b) => a[0] - b[0])) {
            const pending = async () =>
              Number(
                (
                  await sql<{ n: string | number }>`
                    select coalesce(sum(l.quantity), 0) as n from orders.order_line l join orders.orders o on o.id = l.order_id
                    where o.status = 'PENDING' and o.kind = 'order' and o.id <> ${orderId}::uuid and l.deal_id = ${dealId} and l.addon_type is null`.execute(trx)
                ).rows[0]?.n ?? 0,
              );
            const room = await claimBookableCapacity(trx, { dealId, quantity: want.quantity, validUntil: londonExpiry(now, want.months), now, pending });
            if (!room.ok) {
              throw new Refusal(409, 'DEAL_SOLD_OUT', BOOKINGS_FULL, [{ field: `lines.${want.productId}`, message: BOOKINGS_FULL }], { productId: want.productId, available: room.available });
            }
          }
          if (model.promo?.applicable) {
            const promo = await promoStore.findPromoCode(trx, normalisePromoCode(model.promo.code));
            if (promo?.single_use) {
              const claimed = await promoStore.claimPromoRedemption(trx, { code: model.promo.code, customerKey: model.customerKey, orderId, now });
              if (!claimed) throw new Refusal(409, 'PROMO_CODE_INVALID', 'You have already used this promo code.');
            }
          }
          if (s.walletCredit > 0) {
            const held = await holdWalletCredit(trx, { customerToken: input.customerToken!, currency: 'GBP', amount: s.walletCredit, marketingMax: model.wallet?.marketingMax ?? marketingMaxFor(model.lines), ref: orderId });
            if (!held.ok) throw new Refusal(409, 'WALLET_INSUFFICIENT');
          }
          if (!pinned) await pinHold(trx, { holdKey: input.basketToken, orderId });
        });
      } catch (err) {
        if (isPendingConflict(err)) throw new Refusal(409, 'IDEMPOTENCY_CONFLICT', ERROR_MESSAGES.PAYMENT_PENDING);
        throw err;
      }
      return { orderId, cashAmount: s.cashAmount, email };
    });

    const answer = await chargeAndFinish(deps, {
      orderId: placed.orderId,
      cashAmount: placed.cashAmount,
      payment: input.body.payment,
      customerToken: input.customerToken,
      email: placed.email,
    });
    return { stored: true, orderId: placed.orderId, answer };
  });
}

/**
 * Steps 3–6: the charge outside any transaction, then the paying or failing transaction. The
 * final answer it stored for the idempotency key; null when it stored none (the outcome is
 * unknown, or another process finished the order first).
 */
export async function chargeAndFinish(
  deps: CheckoutDeps,
  order: { orderId: string; cashAmount: number; payment: PaymentChoice; customerToken: string | null; email: string; addon?: { type: 'VVE'; parentOrderRef: string } },
): Promise<Answer | null> {
  const stored: StoredAnswer = { status: 0, body: '' };
  let finished = false;
  if (order.cashAmount === 0) {
    finished = await finishPaid(deps, order.orderId, null, true, stored);
  } else {
    const sent = deps.faultPoint === 'after-provider-request-sent' ? requestBodySent() : null;
    const charging = deps.payments
      .charge({
        idempotencyKey: order.orderId,
        orderRef: order.orderId,
        method: order.payment.method,
        amount: order.cashAmount,
        currency: 'GBP',
        token: order.payment.token,
        savedInstrumentId: order.payment.savedInstrumentId,
        saveInstrument: order.payment.saveInstrument,
        customerToken: order.customerToken,
        email: order.email,
        // An add-on's charge names what it pays for and its parent order (as POST /bt/addon records it).
        ...(order.addon ? { addon: order.addon } : {}),
      })
      .catch((err: unknown): ChargeResult => {
        deps.log('[checkout] charge threw: outcome unknown, left for reconciliation', { orderId: order.orderId, error: err instanceof Error ? err.message : String(err) });
        return { status: 'unknown', provider: 'braintree' };
      });
    if (sent) {
      // The charge's request is on its way to the provider and its answer not yet read.
      await Promise.race([sent.done, charging]);
      sent.cancel();
      fault(deps, 'after-provider-request-sent');
    }
    const result = await charging;
    if (result.status === 'succeeded') finished = await finishPaid(deps, order.orderId, result, true, stored);
    else if (result.status === 'declined') finished = await finishFailed(deps, order.orderId, result, stored);
    // unknown: the order stays PENDING with its holds; reconcilePendingOrders finishes it.
  }
  sendOrderMailSoon(deps);
  fault(deps, 'after-commit-before-response');
  return finished ? stored : null;
}

const mailSenders = new WeakMap<CheckoutDeps, { again: boolean }>();

/**
 * Sends the outbox's mail after commit. One sender at a time per app: an order paid while one
 * runs makes it go round once more instead of starting another (at many orders a second, each
 * order's own sender mostly found its mail claimed by another already).
 */
export function sendOrderMailSoon(deps: CheckoutDeps): void {
  const running = mailSenders.get(deps);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  mailSenders.set(deps, state);
  deps.background.run('order-mail', async () => {
    try {
      do {
        state.again = false;
        await deliverOrderMail(deps);
      } while (state.again);
    } finally {
      mailSenders.delete(deps);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The VVE add-on (spec §3 order item add-on VVE; spec §9 voucher extension up to 3 months).


/** An extension asked for while another one for the same voucher is still being paid for. */
export const ADDON_PENDING_MESSAGE = 'An extension of this voucher is already being paid for. Please wait a minute, then try again.';

export interface AddonBody {
  orderNumber: string;
  addonType: 'VVE';
  months: number;
  /** One voucher of the order only (issue 16 point 7); absent: all of them. */
  voucherId?: string | undefined;
  expectedCashAmount: number;
  payment: PaymentChoice;
}

export async function placeOrderAddon(deps: CheckoutDeps, input: { customerToken: string | null; accessToken: string | null; idempotencyKey: string; body: AddonBody }): Promise<Answer> {
  const scope = input.customerToken ? `c:${input.customerToken}` : `a:${sha256(input.accessToken ?? '')}`;
  const ref: KeyRef = { scope, operation: 'order-addon', key: input.idempotencyKey };
  const requestHash = sha256(stableJson(input.body));
  return idempotent(deps, ref, requestHash, async () => {
    const now = deps.now();
    const parent = await findOwnedOrder(deps.db, input.body.orderNumber, input.customerToken, input.accessToken);
    if (!parent || parent.kind !== 'order') throw new Refusal(404, 'NOT_FOUND');
    if (parent.status !== 'PAID') throw new Refusal(409, 'PAYMENT_PENDING');
    const vouchers = await redeemableVouchers(deps.db, parent.id);
    const voucherId = input.body.voucherId;
    // One voucher (My Vouchers, a reminder's link): it must be one of this order's still Ready to Redeem.
    const chosen = voucherId ? vouchers.filter((v) => v.id === voucherId) : vouchers;
    if (voucherId && chosen.length === 0) throw fieldRefusal('voucherId', 'This voucher can no longer be extended.');
    const extendable = chosen.filter((v) => v.extended_months + input.body.months <= VOUCHER_EXTENSION_MAX_MONTHS);
    if (extendable.length === 0) throw fieldRefusal('months', `Vouchers can be extended by ${VOUCHER_EXTENSION_MAX_MONTHS} months at most.`);
    const amount = vvePrice(extendable.length, input.body.months);
    if (input.body.expectedCashAmount !== amount) throw new Refusal(409, 'PRICE_CHANGED', undefined, undefined, { cashAmount: amount });
    if (!input.body.payment.token && !input.body.payment.savedInstrumentId) throw fieldRefusal('payment.token', BUYING_MESSAGES.required);
    const orderId = newId();
    await deps.db.transaction().execute(async (trx) => {
      // Two add-ons for the same vouchers at once (two tabs, two devices) must not both be charged
      // for the room left: the parent's vouchers are locked, and the months that add-ons still
      // waiting for their payment will add are counted as taken.
      const locked = await lockRedeemableVouchers(trx, parent.id);
      const pending = await store.pendingAddons(trx, parent.id);
      const targets = await extensionTargets(trx, pending.map((p) => p.id));
      const taken = new Map<string, number>();
      for (const p of pending) {
        for (const v of locked) if (!targets.has(p.id) || targets.get(p.id) === v.id) taken.set(v.id, (taken.get(v.id) ?? 0) + p.months);
      }
      const room = (voucherId ? locked.filter((v) => v.id === voucherId) : locked).filter((v) => v.extended_months + (taken.get(v.id) ?? 0) + input.body.months <= VOUCHER_EXTENSION_MAX_MONTHS);
      const ids = (list: Array<{ id: string }>) => list.map((v) => v.id).sort().join();
      if (ids(room) !== ids(extendable)) {
        if (pending.length > 0) throw fieldRefusal(voucherId ? 'voucherId' : 'months', ADDON_PENDING_MESSAGE);
        if (room.length === 0) throw fieldRefusal('months', `Vouchers can be extended by ${VOUCHER_EXTENSION_MAX_MONTHS} months at most.`);
        throw new Refusal(409, 'PRICE_CHANGED', undefined, undefined, { cashAmount: vvePrice(room.length, input.body.months) });
      }
      const order: store.NewOrder = {
        id: orderId,
        kind: 'addon',
        parent_order_id: parent.id,
        basket_token: parent.basket_token,
        customer_key: parent.customer_key,
        customer_token: parent.customer_token,
        email: parent.email,
        subtotal: amount,
        postage: 0,
        promo_discount: 0,
        vip: 0,
        total_amount: amount,
        cash_amount: amount,
        wallet_used: 0,
        payment_method: input.body.payment.method,
        save_instrument: input.body.payment.saveInstrument,
        saved_instrument_id: input.body.payment.savedInstrumentId,
        promo_code: null,
        delivery_address: null,
        cap_day: parent.cap_day,
        access_token_hash: parent.access_token_hash,
      };
      const line = {
        order_id: orderId,
        line_no: 1,
        deal_id: 0,
        deal_product_id: 0,
        title: `Voucher validity extension, ${input.body.months} month${input.body.months === 1 ? '' : 's'} (${extendable.length} voucher${extendable.length === 1 ? '' : 's'})`,
        quantity: input.body.months,
        unit_price: vvePrice(extendable.length, 1),
        postage: 0,
        line_total: amount,
        addon_type: 'VVE',
        gift: false,
        gifting_type: 'none',
        gift_recipient: null,
        pay_deposit: false,
      };
      await store.insertPendingOrder(trx, { order, lines: [line], event: { addon: 'VVE', parent: parent.order_number, ...(voucherId ? { voucherId } : {}) }, key: ref, accessToken: null, now });
      // Paid, it extends only this voucher (finishPaid's lockRedeemableVouchers reads it).
      if (voucherId) await targetVoucherExtension(trx, { addonOrderId: orderId, voucherId });
    });
    const answer = await chargeAndFinish(deps, { orderId, cashAmount: amount, payment: input.body.payment, customerToken: parent.customer_token, email: parent.email, addon: { type: 'VVE', parentOrderRef: parent.id } });
    return { stored: true, orderId, answer };
  });
}

/** An order the caller may see: the customer's own, or a guest's by its access token. Anyone else: undefined (Z1). */
export async function findOwnedOrder(db: AnyDb, orderNumber: string, customerToken: string | null, accessToken: string | null) {
  const order = await store.orderByNumber(db, orderNumber);
  if (!order) return undefined;
  if (order.customer_token) return customerToken && order.customer_token === customerToken ? order : undefined;
  if (accessToken && order.access_token_hash && order.access_token_hash === sha256(accessToken)) return order;
  return undefined;
}

/**
 * Test builds (fault point after-provider-request-sent): resolves once this process has written
 * the whole body of its next outgoing HTTP request (fetch's diagnostics channel), the moment the
 * provider has the charge and we have no answer.
 */
function requestBodySent(): { done: Promise<void>; cancel(): void } {
  let onSent: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (onSent = resolve));
  diagnostics.subscribe('undici:request:bodySent', onSent);
  return { done, cancel: () => diagnostics.unsubscribe('undici:request:bodySent', onSent) };
}
