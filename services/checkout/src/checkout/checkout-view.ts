/**
 * GET /checkout/{basketToken}: the spec §3 checkout data, and the hold behind the countdown
 * (README flow step 2). Opening the checkout takes the hold the first time (and whenever the
 * basket's lines changed); opening it again keeps its expiry; `refresh` starts a new hold of
 * CHECKOUT_COUNTDOWN_S. Once the hold has run out the countdown says 0 until the shopper
 * refreshes (paying still works if the units are still there: the order takes them again).
 */
import { money } from '@shop/domain/money';
import { CHECKOUT_COUNTDOWN_S, GIFT_WRAP_PRESET, VIP_PRICE_PENCE } from '@shop/domain/buying';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import * as store from './checkout.store.ts';
import { getHold, getHoldWindow, HOLD_WINDOW, holderOf, holdUnits, holdWindowState, releaseExpiredHold, type CheckoutDeps } from '../lib/deps.ts';
import { paymentOptions } from './payment-options.ts';
import { travelValidity } from '@shop/domain/travel-checkout';
import { checkoutBreakdown } from '../lib/breakdown.ts';
import { loadCheckoutModel, type CheckoutModel, type GiftingConfig } from './pricing.ts';
import { stableJson } from '../lib/tokens.ts';


export interface CheckoutQuery {
  basketToken: string;
  customerToken: string | null;
  email: string | null;
  vipUser: boolean;
  refresh: boolean;
  /** The shopper's client address (the gateway's x-client-ip), for the per-address hold limit. */
  clientAddress?: string | null;
  /** Query overrides of the stored options (spec §3 query options). */
  promoCode?: string | null;
  wallet?: boolean;
  vipChecked?: boolean;
}

export function giftingConfigBody(g: GiftingConfig) {
  const product = (p: GiftingConfig['giftWrap'] | null) => (p ? { dealId: p.dealId, productId: p.productId, title: p.title, price: money(p.price) } : null);
  return { giftWrap: product(g.giftWrap)!, 'ndd-gpk': product(g['ndd-gpk']), 'std-gpk': product(g['std-gpk']) };
}

interface HoldState {
  /** The hold is pinned to an order (a pending one, or one being paid right now). */
  pinned?: boolean;
  countdown: number;
  holdExpiresAt: Date | null;
  refused: { productId: number; code: string; available: number } | null;
}

async function takeOrKeepHold(deps: CheckoutDeps, model: CheckoutModel, q: CheckoutQuery, stored: { hold_expires_at: Date | string | null; hold_signature: string | null } | undefined): Promise<HoldState> {
  const now = deps.now();
  const items = model.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })).sort((a, b) => a.productId - b.productId);
  const signature = stableJson(items);
  const existing = await getHold(deps.db, q.basketToken);
  const left = (at: Date) => Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
  if (existing?.pinned) return { pinned: true, countdown: left(existing.expiresAt), holdExpiresAt: existing.expiresAt, refused: null };
  if (items.length === 0) return { countdown: 0, holdExpiresAt: null, refused: null };
  const storedExpiry = stored?.hold_expires_at ? new Date(stored.hold_expires_at) : null;
  const sameLines = stored?.hold_signature === signature;
  let expiresAt: Date;
  if (q.refresh || !storedExpiry || !sameLines) {
    expiresAt = new Date(now.getTime() + CHECKOUT_COUNTDOWN_S * 1000);
  } else if (storedExpiry > now) {
    // Opened again within the hold: keep its expiry (re-taken only if it no longer covers the lines).
    if (existing && stableJson(existing.items) === signature && existing.expiresAt.getTime() === storedExpiry.getTime()) {
      return { countdown: left(storedExpiry), holdExpiresAt: storedExpiry, refused: null };
    }
    expiresAt = storedExpiry;
  } else {
    return { countdown: 0, holdExpiresAt: storedExpiry, refused: null };
  }
  const result = await deps.db.transaction().execute(async (trx) => {
    // The basket's holding window (issue 14) caps the expiry; once it has run out the hold lapses.
    const taken = await holdUnits(trx, { holdKey: q.basketToken, customerKey: model.customerKey, items, expiresAt, now, window: HOLD_WINDOW, ...holderOf(deps, q.clientAddress) });
    if (taken.ok) {
      const at = taken.expiresAt;
      await store.saveHoldExpiry(trx, q.basketToken, { expiresAt: at, signature, now });
    } else if (taken.retryAt) {
      // The window has run out: whatever this basket still holds goes back on sale now, not at the next sweep.
      await releaseExpiredHold(trx, q.basketToken, now);
    }
    return taken;
  });
  if (!result.ok && result.retryAt) return { countdown: 0, holdExpiresAt: storedExpiry, refused: null };
  if (!result.ok) return { countdown: 0, holdExpiresAt: null, refused: { productId: result.productId, code: result.code, available: result.available } };
  return { countdown: left(result.expiresAt), holdExpiresAt: result.expiresAt, refused: null };
}

/** The checkout answer, or null for an unknown basket or another customer's (404 either way). */
export async function checkoutView(deps: CheckoutDeps, q: CheckoutQuery) {
  const now = deps.now();
  const stored = await store.checkoutOptionsOf(deps.db, q.basketToken);
  const options = {
    promoCode: q.promoCode !== undefined ? q.promoCode : (stored?.promo_code ?? null),
    wallet: q.wallet ?? stored?.wallet ?? false,
    vipChecked: q.vipChecked ?? stored?.vip_checked ?? false,
  };
  const model = await loadCheckoutModel(deps.db, { basketToken: q.basketToken, customerToken: q.customerToken, email: q.email, vipUser: q.vipUser, options, now });
  if (!model) return null;
  const hold = model.linesOk && model.lines.length > 0 ? await takeOrKeepHold(deps, model, q, stored) : { countdown: 0, holdExpiresAt: null, refused: null, pinned: false };
  const window = holdWindowState(model.lines.length > 0 && !hold.pinned ? await getHoldWindow(deps.db, q.basketToken) : null, now);
  const pendingOrderNumber = hold.pinned ? await store.pendingOrderNumberOf(deps.db, q.basketToken) : undefined;
  const s = model.summary;
  const guest = !q.customerToken;
  const instruments = !guest && deps.payments.instruments ? await deps.payments.instruments(q.customerToken!).catch(() => []) : [];
  const deals = model.lines.map((l) => {
    const refused = hold.refused?.productId === l.productId ? hold.refused : null;
    const available = refused ? refused.available : l.available;
    const problem = refused ? refused.code : l.problem;
    return {
      dealId: l.dealId,
      dealProductId: l.productId,
      title: l.title,
      quantity: l.quantity,
      unitPrice: money(l.unitPrice),
      postage: money(l.postage),
      giftExtras: money(l.giftExtras),
      total: money(l.total),
      payDeposit: l.line.payDeposit === true,
      gifting: l.line.gifting?.type ?? 'none',
      gift: l.line.gift ?? null,
      giftWrap: l.line.giftWrap,
      giftPack: l.line.giftPack,
      deliveryOptionType: l.line.deliveryOptionType ?? null,
      available,
      soldOut: problem === 'DEAL_SOLD_OUT' || available === 0,
      problem: problem ? { code: problem, message: ERROR_MESSAGES[problem as keyof typeof ERROR_MESSAGES] } : null,
      needsDelivery: l.needsDelivery,
    };
  });
  const giftingDetails = giftingConfigBody(model.gifting);
  return {
    basketToken: q.basketToken,
    deals,
    giftingDetails,
    addons: model.addons.map((a) => ({ addonType: a.addonType, productId: a.productId, title: a.title, quantity: a.quantity, price: money(a.unitPrice), total: money(a.total) })),
    orderSummary: {
      subtotal: money(s.subtotal),
      postage: money(s.postage),
      promoDiscount: money(s.promoDiscount),
      walletCredit: money(s.walletCredit),
      vip: money(s.vip),
      totalOrderAmount: money(s.totalOrderAmount),
      cashAmount: money(s.cashAmount),
    },
    breakdown: checkoutBreakdown(model),
    promoCode: model.promo ? { code: model.promo.code, applicable: model.promo.applicable, message: model.promo.message, outcome: model.promo.outcome } : null,
    userInfo: {
      paymentOptions: {
        creditBalances: model.wallet ? [{ currency: 'GBP', balance: model.wallet.balance, marketingBalance: model.wallet.marketingBalance, refundableBalance: model.wallet.refundableBalance }] : [],
        paymentInstruments: instruments,
        methods: paymentOptions({ guest, cashAmount: s.cashAmount, highFraudRisk: model.highFraudRisk, subcategoryIds: model.subcategoryIds, hasSavedInstruments: instruments.length > 0 }),
      },
    },
    wallet: model.wallet ? { balance: money(model.wallet.balance), usable: money(model.wallet.usable), using: model.wallet.using } : null,
    countdown: hold.countdown,
    holdExpiresAt: hold.holdExpiresAt ? hold.holdExpiresAt.toISOString() : null,
    // Issue 14: this hold is the last the basket's 15 minutes allow (its units go back on sale at
    // its end), and when the basket may hold them again.
    holdLimitReached: window.limitReached,
    holdAgainAt: window.againAt ? window.againAt.toISOString() : null,
    giftingConfig: giftingDetails,
    giftPackPreset: giftingDetails['ndd-gpk'] ?? giftingDetails['std-gpk'],
    giftWrapPreset: { dealId: GIFT_WRAP_PRESET.dealId, productId: GIFT_WRAP_PRESET.productId },
    ...travelValidity(model.lines.flatMap((l) => (l.stock ? [l.stock] : [])), model.day),
    pendingOrderNumber: pendingOrderNumber ?? null,
    vipChecked: model.vipChecked,
    // Offered only to a signed-in shopper who is not a member; it starts unticked on each order.
    vipOffer: model.vipOffered ? { price: money(VIP_PRICE_PENCE), checked: model.vipChecked } : null,
    needsDeliveryAddress: model.needsDeliveryAddress,
    // A pending order of this basket (its payment outcome not known yet) is paid or failed first.
    canPay: model.linesOk && hold.refused === null && pendingOrderNumber === undefined,
  };
}
