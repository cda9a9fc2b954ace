/**
 * The checkout's figures, from the database only (never from the client): the basket's lines
 * priced from the deals catalogue (stockView), gift wrap and packs from the gifting config, the
 * promo code, VIP membership, wallet credit and what is left to pay. Reads only: the hold is
 * taken by the view (checkout-view.ts) and by the order's transaction (place-order.ts).
 */
import { travelLineValid } from '@shop/domain/travel-checkout';
import { GIFT_WRAP_PRESET, VIP_PRICE_PENCE } from '@shop/domain/buying';
import type { Basket, BasketLine } from '@shop/domain/gifting';
import { linePrice } from '@shop/domain/purchase-limits';
import { londonDate } from '@shop/domain/london-time';
import { VVE_PRICE_PER_VOUCHER_MONTH_PENCE, vvePrice } from '@shop/domain/voucher-extension';
import { marketingCreditLimit, walletUsable } from '@shop/domain/wallet-rules';
import { GIFT_CARD_DEAL_ID, linePostagePence } from '@shop/domain/gift-cards';
import type { AnyDb } from '../db/database.ts';
import { giftingConfigRows } from './checkout.store.ts';
import { getBasket, stockView, walletBalances, type StockLine } from '../lib/deps.ts';
import { guestKeyOf } from '../lib/customer-key.ts';
import { evaluatePromo, type PromoResult } from '../promo/promo.ts';

export interface GiftProduct {
  dealId: number;
  productId: number;
  title: string;
  price: number;
}

export interface GiftingConfig {
  giftWrap: GiftProduct;
  'ndd-gpk': GiftProduct | null;
  'std-gpk': GiftProduct | null;
}

export const GIFT_WRAP_FALLBACK: GiftProduct = { dealId: GIFT_WRAP_PRESET.dealId, productId: GIFT_WRAP_PRESET.productId, title: 'Gift wrap', price: 0 };

export async function loadGiftingConfig(db: AnyDb): Promise<GiftingConfig> {
  const rows = await giftingConfigRows(db);
  const of = (kind: string): GiftProduct | null => {
    const r = rows.find((x) => x.kind === kind);
    return r ? { dealId: r.deal_id, productId: r.product_id, title: r.title, price: r.price } : null;
  };
  return { giftWrap: of('gift_wrap') ?? GIFT_WRAP_FALLBACK, 'ndd-gpk': of('ndd-gpk'), 'std-gpk': of('std-gpk') };
}

export interface PricedLine {
  line: BasketLine;
  dealId: number;
  productId: number;
  title: string;
  quantity: number;
  unitPrice: number;
  postage: number;
  /** Gift wrap and gift pack units of the line, priced. */
  giftExtras: number;
  /** What giftExtras is made of (the breakdown names them). */
  wrap: { units: number; unitPrice: number; title: string };
  pack: { units: number; unitPrice: number; title: string } | null;
  /** The line pays a deposit now; the rest (balanceDue) is paid later to the merchant. */
  deposit: boolean;
  balanceDue: number;
  merchantName: string | null;
  /** The deal's voucher validity (its fine print's figure). */
  voucherValidityMonths: number | null;
  /** quantity × unit + postage + gift extras (spec §3 finalDealOrderAmount). */
  total: number;
  stock: StockLine | null;
  /** Why the line cannot be bought as it stands; null when it can. */
  problem: null | 'NOT_FOUND' | 'DEAL_CLOSED' | 'DEAL_SOLD_OUT' | 'INSUFFICIENT_STOCK' | 'PURCHASE_LIMIT' | 'VIP_ONLY';
  /** Units the shopper could have of it now (null: no limit known). */
  available: number | null;
  needsDelivery: boolean;
}

/** The VVE add-on bought with the order (basket add-on): the line's vouchers valid 3 months longer. */
export interface PricedAddon {
  addonType: 'VVE';
  productId: number;
  dealId: number;
  title: string;
  /** Vouchers extended: the add-on's quantity, at most the line's units. */
  quantity: number;
  unitPrice: number;
  total: number;
}

/** A basket VVE add-on extends each voucher by the most the spec allows (§9: up to 3 months). */
export const BASKET_VVE_MONTHS = 3;
/** Price of one month's extension of one voucher (also the /order-addon price): the shared rule of @shop/domain/voucher-extension. */
export { VVE_PRICE_PER_VOUCHER_MONTH_PENCE, vvePrice };

export interface WalletFigures {
  balance: number;
  marketingBalance: number;
  refundableBalance: number;
  /** Promotional credit this order may use (spec §9: 10 % of an item, at most £5 of it). */
  marketingMax: number;
  /** What the order may take from the wallet. */
  usable: number;
  using: boolean;
}

export interface CheckoutModel {
  basket: Basket;
  customerKey: string;
  customerToken: string | null;
  email: string | null;
  day: string;
  lines: PricedLine[];
  addons: PricedAddon[];
  gifting: GiftingConfig;
  promo: PromoResult | null;
  /** The VIP offer is shown: a signed-in shopper who is not a member (a guest has no account to hold it). */
  vipOffered: boolean;
  /** VIP membership ticked and charged in this order (never for a guest or a member). */
  vipChecked: boolean;
  wallet: WalletFigures | null;
  summary: { subtotal: number; postage: number; promoDiscount: number; vip: number; walletCredit: number; totalOrderAmount: number; cashAmount: number };
  needsDeliveryAddress: boolean;
  highFraudRisk: boolean;
  subcategoryIds: number[];
  /** Every line can be bought as it stands (the hold may still refuse it). */
  linesOk: boolean;
}

export interface ModelInput {
  basketToken: string;
  customerToken: string | null;
  email: string | null;
  /** The shopper is a VIP member (the gateway knows from the session). */
  vipUser: boolean;
  options: { promoCode: string | null; wallet: boolean; vipChecked: boolean };
  now: Date;
  /**
   * false: the caller shows no gifting details (placing an order), so the gifting config is read
   * only when a line has gift wrap or gift pack units to price; model.gifting is then a placeholder.
   */
  giftingDetails?: boolean;
}

/**
 * The key per-customer caps and one-per-customer promo codes count by: the customer, else the
 * guest's canonical email (domain canonicalEmail: `capper+2@example.com` is `capper@example.com`),
 * else the basket. The order keeps the email as typed; only the key is canonical.
 */
export function customerKeyOf(customerToken: string | null, email: string | null, basketToken: string): string {
  if (customerToken) return `c:${customerToken}`;
  if (email) return guestKeyOf(email);
  return `b:${basketToken}`;
}


/** An order line's title: the deal's, with the option's when it says more. */
const lineTitle = (s: StockLine): string => (s.productTitle && s.productTitle !== s.dealTitle ? `${s.dealTitle}: ${s.productTitle}` : s.dealTitle);

/** The unit prices of the order, one entry per unit (spec §9: promotional credit counts per item). */
// A gift card (issue 18 point 2) is bought with money only: promotional credit pays no part of it.
const itemPrices = (lines: Array<{ unitPrice: number; quantity: number; dealId?: number }>): number[] =>
  lines.filter((l) => l.dealId !== GIFT_CARD_DEAL_ID).flatMap((l) => Array.from({ length: l.quantity }, () => l.unitPrice));

/** Spec §9 promotional credit (domain wallet-rules): per item at most 10 % of its price and at most £5. */
export function marketingMaxFor(lines: Array<{ unitPrice: number; quantity: number; dealId?: number }>): number {
  return marketingCreditLimit(itemPrices(lines));
}

/** Null when the basket does not exist or belongs to another customer (Z1: the same answer). */
export async function loadCheckoutModel(db: AnyDb, input: ModelInput): Promise<CheckoutModel | null> {
  const basket = (await getBasket(db, input.basketToken)) as Basket | null;
  if (!basket) return null;
  if (basket.customerToken && basket.customerToken !== input.customerToken) return null;
  const customerToken = input.customerToken;
  const customerKey = customerKeyOf(customerToken, input.email, input.basketToken);
  const day = londonDate(input.now);
  const live = basket.products.filter((l) => l.quantity > 0);
  const ids = [...new Set(live.map((l) => l.dealProductId))];
  const needsGifting = input.giftingDetails !== false || live.some((l) => l.giftWrap > 0 || l.giftPack > 0);
  const [stock, gifting] = await Promise.all([
    stockView(db, { productIds: ids, customerKey, day, now: input.now }),
    needsGifting ? loadGiftingConfig(db) : Promise.resolve<GiftingConfig>({ giftWrap: GIFT_WRAP_FALLBACK, 'ndd-gpk': null, 'std-gpk': null }),
  ]);

  const lines: PricedLine[] = live.map((line) => {
    const s = stock.get(line.dealProductId) ?? null;
    // A posted gift card (issue 18 point 2) pays the card's postage and goes to the delivery address.
    const postagePence = linePostagePence(line.dealId, line.deliveryOptionType, s?.postagePence);
    const price = s
      ? linePrice({ pricePence: s.pricePence, depositPricePence: s.depositPricePence, payDeposit: line.payDeposit, postagePence, quantity: line.quantity })
      : { unitPence: 0, postagePence: 0, totalPence: 0, balanceDuePence: 0, deposit: false };
    const pack = line.gifting.type === 'ndd-gpk' || line.gifting.type === 'std-gpk' ? gifting[line.gifting.type] : null;
    const wrapUnits = Math.max(0, line.giftWrap);
    const packUnits = pack ? Math.max(0, line.giftPack) : 0;
    const giftExtras = wrapUnits * gifting.giftWrap.price + (pack ? packUnits * pack.price : 0);
    let problem: PricedLine['problem'] = null;
    let available: number | null = null;
    if (!s || s.disabled) problem = 'NOT_FOUND';
    // A stay whose fixed dates have begun can no longer be bought: for the shopper, that deal has ended.
    else if (s.closed || !travelLineValid(s, day)) problem = 'DEAL_CLOSED';
    else if (s.vipExclusive && !input.vipUser) problem = 'VIP_ONLY';
    else {
      const allowance = s.purchaseCap === null ? null : Math.max(0, s.purchaseCap - s.boughtToday);
      available = s.remaining === null ? allowance : Math.min(s.remaining, allowance ?? s.remaining);
      if (allowance !== null && line.quantity > allowance) problem = 'PURCHASE_LIMIT';
    }
    return {
      line,
      dealId: s?.dealId ?? line.dealId,
      productId: line.dealProductId,
      title: s ? lineTitle(s) : `Deal ${line.dealId}`,
      quantity: line.quantity,
      unitPrice: price.unitPence,
      postage: price.postagePence,
      giftExtras,
      wrap: { units: wrapUnits, unitPrice: gifting.giftWrap.price, title: gifting.giftWrap.title },
      pack: pack ? { units: packUnits, unitPrice: pack.price, title: pack.title } : null,
      deposit: price.deposit,
      balanceDue: price.balanceDuePence,
      merchantName: s?.merchantName ?? null,
      voucherValidityMonths: s?.voucherValidityMonths ?? null,
      total: price.totalPence + giftExtras,
      stock: s,
      problem,
      available,
      needsDelivery: postagePence !== null || pack !== null,
    };
  });

  // Add-ons start unticked (only the basket's add-on call adds one); one for a product no longer in the basket is ignored.
  const storedAddons = ((basket as Basket & { addons?: Array<{ addonType: string; productId: number; quantity: number }> }).addons ?? []).filter((a) => a.addonType === 'VVE' && a.quantity > 0);
  const addons: PricedAddon[] = storedAddons.flatMap((a) => {
    const line = lines.find((l) => l.productId === a.productId);
    if (!line) return [];
    const quantity = Math.min(a.quantity, line.quantity);
    const unitPrice = vvePrice(1, BASKET_VVE_MONTHS);
    return [{ addonType: 'VVE' as const, productId: a.productId, dealId: line.dealId, title: `Voucher validity extension, ${BASKET_VVE_MONTHS} months: ${line.title}`, quantity, unitPrice, total: unitPrice * quantity }];
  });
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity + l.giftExtras, 0) + addons.reduce((sum, a) => sum + a.total, 0);
  const postage = lines.reduce((sum, l) => sum + l.postage, 0);
  const vipOffered = customerToken !== null && !input.vipUser;
  const vipChecked = vipOffered && input.options.vipChecked === true;
  const promo = input.options.promoCode
    ? await evaluatePromo(db, input.options.promoCode, {
        now: input.now,
        customerKey,
        customerToken,
        email: input.email,
        vip: input.vipUser || vipChecked,
        // No promo code takes anything off a gift card (issue 18 point 2: the gift card terms).
        lines: lines.map((l) => ({ subcategoryId: l.stock?.subcategoryId ?? null, amount: l.dealId === GIFT_CARD_DEAL_ID ? 0 : l.unitPrice * l.quantity })),
      })
    : null;
  const promoDiscount = promo?.applicable ? Math.min(promo.discount, subtotal) : 0;
  const vip = vipChecked ? VIP_PRICE_PENCE : 0;
  const beforeWallet = subtotal + postage - promoDiscount + vip;

  let wallet: WalletFigures | null = null;
  if (customerToken) {
    const balances = (await walletBalances(db, customerToken)).find((b) => b.currency === 'GBP');
    const figures = { balance: balances?.balance ?? 0, marketingBalance: balances?.marketingBalance ?? 0, refundableBalance: balances?.refundableBalance ?? 0 };
    const marketingMax = marketingMaxFor(lines);
    const usable = walletUsable(figures, itemPrices(lines), Math.max(0, beforeWallet));
    wallet = { ...figures, marketingMax, usable, using: input.options.wallet === true && usable > 0 };
  }
  const walletCredit = wallet?.using ? wallet.usable : 0;

  return {
    basket,
    customerKey,
    customerToken,
    email: input.email,
    day,
    lines,
    addons,
    gifting,
    promo,
    vipOffered,
    vipChecked,
    wallet,
    summary: { subtotal, postage, promoDiscount, vip, walletCredit, totalOrderAmount: beforeWallet, cashAmount: beforeWallet - walletCredit },
    needsDeliveryAddress: lines.some((l) => l.needsDelivery),
    highFraudRisk: lines.some((l) => l.stock?.highFraudRisk === true),
    subcategoryIds: [...new Set(lines.map((l) => l.stock?.subcategoryId).filter((x): x is number => typeof x === 'number'))],
    // A basket with no lines can still pay for the VIP membership alone (joining from /deals/vip).
    linesOk: (lines.length > 0 || vipChecked) && lines.every((l) => l.problem === null),
  };
}

