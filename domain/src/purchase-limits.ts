/**
 * Spec §5 purchase rules, §3 price display modes: how many of a deal option a shopper may buy,
 * when a deal is sold out for them, price per person, 'from' prices, deposits, postage and the
 * price of a basket line. Pure: no I/O. Money is integer pence.
 *
 * Quantity limits here bound what the basket and checkout ask for; the database enforces stock
 * and the per-day caps when an order is placed (services/checkout/README.md).
 */
import { LINE_QUANTITY_MAX, PRICE_DISPLAY_MODES, PRICE_PER_PERSON_MIN_QUANTITY } from './buying.ts';
import { headlinePriceProducts, type PricedProduct } from './deal-pricing.ts';

/** A count that is absent (null/undefined) means "no such limit". */
type Limit = number | null | undefined;

export interface PurchaseLimitInput {
  /** The product's purchase cap (spec §3 Deal product purchaseCap). */
  productCap?: Limit;
  /** What the user may still buy (spec §3 userDealInfo.maxQuantityUserCanBuy). */
  userAllowance?: Limit;
  /** The deal's purchase cap (spec §3 Deal purchaseCap). */
  dealCap?: Limit;
  /** What the deal has left to sell today (spec §3 Deal totalRemainingForDay). */
  remainingForDay?: Limit;
  loggedIn: boolean;
}

const has = (n: Limit): n is number => typeof n === 'number' && Number.isFinite(n);
const bounded = (n: number): number => Math.max(0, Math.min(LINE_QUANTITY_MAX, Math.floor(n)));
const minOf = (...values: Limit[]): number | null => {
  const known = values.filter(has);
  return known.length ? Math.min(...known) : null;
};

/**
 * Spec §5 "Purchase limit per product", word for word:
 *   if the product has a cap, take the lower of the cap and the user's remaining allowance (when
 *   logged in) or the deal's cap. Otherwise use the user's allowance, else the smaller of
 *   remaining-for-day and cap.
 * "cap" in the last clause is the deal's cap (the product has none there). A limit that is absent
 * is no limit; with no limit at all the answer is LINE_QUANTITY_MAX. The answer is always a whole
 * number in 0..LINE_QUANTITY_MAX.
 */
export function purchaseLimit({ productCap, userAllowance, dealCap, remainingForDay, loggedIn }: PurchaseLimitInput): number {
  let limit: number | null;
  if (has(productCap)) {
    const other = loggedIn && has(userAllowance) ? userAllowance : dealCap;
    limit = minOf(productCap, other);
  } else if (has(userAllowance)) {
    limit = userAllowance;
  } else {
    limit = minOf(remainingForDay, dealCap);
  }
  return limit === null ? LINE_QUANTITY_MAX : bounded(limit);
}

export interface SoldOutInput {
  /** The deal's cap (spec §3 purchaseCap); absent is no cap. */
  cap?: Limit;
  /** The user's allowance for each of the deal's products; absent entries are no limit. */
  userAllowances?: readonly Limit[];
}

/** Spec §5: a deal is sold out for a user if the cap is 0, or the user's allowance is 0 for all deals. */
export function isSoldOut({ cap, userAllowances = [] }: SoldOutInput): boolean {
  if (has(cap) && cap <= 0) return true;
  return userAllowances.length > 0 && userAllowances.every((a) => has(a) && a <= 0);
}

/** Spec §5: price-per-person deals force a quantity of at least 2; others at least 1. */
export function minimumQuantity(pricePerPerson: boolean): number {
  return pricePerPerson ? PRICE_PER_PERSON_MIN_QUANTITY : 1;
}

export type QuantityCheck = { ok: true } | { ok: false; reason: 'not-whole' | 'below-minimum' | 'above-limit'; min: number; max: number };

/** Whether `quantity` may be bought: a whole number from minimumQuantity to `limit` (purchaseLimit). */
export function checkQuantity(quantity: number, { pricePerPerson, limit }: { pricePerPerson: boolean; limit: number }): QuantityCheck {
  const min = minimumQuantity(pricePerPerson);
  const max = bounded(limit);
  if (!Number.isSafeInteger(quantity)) return { ok: false, reason: 'not-whole', min, max };
  if (quantity < min) return { ok: false, reason: 'below-minimum', min, max };
  if (quantity > max) return { ok: false, reason: 'above-limit', min, max };
  return { ok: true };
}

/**
 * Spec §5: a priced deal with several products shows as 'from' (the cheapest of the products the
 * headline price is taken from: deal-pricing.ts headlinePriceProducts). A free deal (price 0) is
 * not "priced" and never shows 'from'.
 */
export function fromPrice(products: readonly Pick<PricedProduct, 'price' | 'vipExclusive' | 'disabled'>[]): { from: boolean; price: number | null } {
  const shown = headlinePriceProducts(products);
  if (!shown.length) return { from: false, price: null };
  const price = Math.min(...shown.map((p) => p.price));
  return { from: shown.length > 1 && price > 0, price };
}

export interface LinePriceInput {
  /** Full price of one unit, pence. */
  pricePence: number;
  /** Deposit price of one unit (spec §3 depositProduct.price), pence; null when the option has no deposit. */
  depositPricePence?: number | null;
  /** The shopper chose to pay the deposit now (spec §3 payDeposit). */
  payDeposit?: boolean;
  /** Postage of the line (spec §3 postagePrice), pence; null/absent when not posted. */
  postagePence?: number | null;
  quantity: number;
}

export interface LinePrice {
  /** Price of one unit as paid now: the deposit when paying a deposit, else the full price. */
  unitPence: number;
  /** Postage charged for the line. */
  postagePence: number;
  /** unitPence × quantity + postagePence: what the line costs now. */
  totalPence: number;
  /** Paid to the merchant later when paying a deposit: (full − deposit) × quantity; else 0. */
  balanceDuePence: number;
  /** Whether the deposit price was used. */
  deposit: boolean;
}

const pence = (name: string, n: number): number => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number of pence from 0, got ${n}`);
  return n;
};

/**
 * Whether a line pays the deposit: only when the shopper chose it and the option has a deposit
 * price (a payDeposit flag on an option without one pays the full price).
 */
export function paysDeposit({ payDeposit, depositPricePence }: Pick<LinePriceInput, 'payDeposit' | 'depositPricePence'>): boolean {
  return payDeposit === true && depositPricePence !== null && depositPricePence !== undefined;
}

/**
 * The price of a basket line. Postage is charged ONCE PER LINE (the option posts its units
 * together), not per unit: a line of 3 with £2.99 postage pays £2.99 postage. Integer pence only.
 */
export function linePrice(input: LinePriceInput): LinePrice {
  const full = pence('pricePence', input.pricePence);
  const quantity = input.quantity;
  if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity > LINE_QUANTITY_MAX) {
    throw new RangeError(`quantity must be a whole number from 0 to ${LINE_QUANTITY_MAX}, got ${quantity}`);
  }
  const deposit = paysDeposit(input);
  const unitPence = deposit ? pence('depositPricePence', input.depositPricePence!) : full;
  const postagePence = quantity > 0 && input.postagePence != null ? pence('postagePence', input.postagePence) : 0;
  return {
    unitPence,
    postagePence,
    totalPence: unitPence * quantity + postagePence,
    balanceDuePence: deposit ? Math.max(0, full - unitPence) * quantity : 0,
    deposit,
  };
}

export type PriceDisplayMode = (typeof PRICE_DISPLAY_MODES)[number];

/** What a price display mode (spec §3) shows beside a deal. */
export interface PriceDisplay {
  /** The price itself. */
  price: boolean;
  /** The original (was) price, struck through. */
  originalPrice: boolean;
  /** The discount percentage. */
  discount: boolean;
  /** The discount is indicative ("up to"), not this price's own saving. */
  indicative: boolean;
  /** The VIP price beside the price. */
  vipPrice: boolean;
}

const DISPLAY: Record<PriceDisplayMode, PriceDisplay> = {
  hidden: { price: false, originalPrice: false, discount: false, indicative: false, vipPrice: false },
  'show discount': { price: true, originalPrice: true, discount: true, indicative: false, vipPrice: false },
  'show discount indicative': { price: true, originalPrice: false, discount: true, indicative: true, vipPrice: false },
  'show original price': { price: true, originalPrice: true, discount: false, indicative: false, vipPrice: false },
  'show price': { price: true, originalPrice: false, discount: false, indicative: false, vipPrice: false },
  'show VIP discount price': { price: true, originalPrice: true, discount: true, indicative: false, vipPrice: true },
};

export function isPriceDisplayMode(value: unknown): value is PriceDisplayMode {
  return typeof value === 'string' && (PRICE_DISPLAY_MODES as readonly string[]).includes(value);
}

/** What to show for a price display mode; an unknown mode shows the price only (never hides it). */
export function priceDisplay(mode: string | null | undefined): PriceDisplay {
  return { ...DISPLAY[isPriceDisplayMode(mode) ? mode : 'show price'] };
}
