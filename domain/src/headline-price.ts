/**
 * The headline price: the first price a shopper sees (deal cards, search results, the featured
 * deal, the deal page and each option) includes every mandatory charge (DMCC Act 2024 drip
 * pricing; CMA price-transparency guidance: a charge the shopper cannot avoid, such as delivery
 * that always costs something, belongs in the headline price).
 *
 * - Postage is mandatory when every delivery choice of an option costs something; it is then the
 *   cheapest choice, for one unit. An option with a free choice, or nothing posted, adds 0.
 *   (Checkout charges postage once per line, purchase-limits.ts linePrice, so a line of one unit
 *   costs exactly the headline price; more units share the one postage.)
 * - The saving shown beside a headline is taken on the same basis: the original price plus the
 *   same postage. The saving in pence is unchanged and the percentage can only fall, so it is never
 *   overstated (a product-price-only percentage beside a postage-inclusive price would be).
 * - The deal's headline is the cheapest option's headline, among the products the deal's price is
 *   taken from (deal-pricing.ts headlinePriceProducts); on a tie the smaller original price.
 *
 * Pure; money is integer pence.
 */
import { headlinePriceProducts } from './deal-pricing.ts';
import { discountPercentage } from './money.ts';

export interface HeadlineOptionInput {
  /** Unit price, pence. */
  price: number;
  /** Unit original (was) price, pence. */
  originalPrice: number;
  /**
   * What each delivery choice of the option costs, pence; empty when nothing is posted. The deals
   * catalogue carries one choice per option today: deliveryPricesOf(postagePrice).
   */
  deliveryPrices: readonly number[];
}

export interface Headline {
  /** Unit price + includedPostage, pence. */
  price: number;
  /** Original price + includedPostage, pence: the basis of the saving shown beside `price`. */
  originalPrice: number;
  /** The mandatory postage inside `price`, pence (0 when none). */
  includedPostage: number;
  /** `price` against `originalPrice`, whole percent rounded down. */
  discountPercentage: number;
}

const pence = (name: string, n: number): number => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number of pence from 0, got ${n}`);
  return n;
};

/** The delivery choices of an option whose catalogue entry has one postage price (null: not posted). */
export function deliveryPricesOf(postagePence: number | null | undefined): number[] {
  return postagePence == null ? [] : [postagePence];
}

/** The postage a shopper cannot avoid for one unit: the cheapest choice when every choice costs something, else 0. */
export function mandatoryPostage(deliveryPrices: readonly number[]): number {
  if (deliveryPrices.length === 0) return 0;
  return Math.min(...deliveryPrices.map((p, i) => pence(`deliveryPrices[${i}]`, p)));
}

/** An option's headline: its unit price with the mandatory postage for one unit, and the saving on the same basis. */
export function optionHeadline(option: HeadlineOptionInput): Headline {
  const price = pence('price', option.price);
  const originalPrice = pence('originalPrice', option.originalPrice);
  const includedPostage = mandatoryPostage(option.deliveryPrices);
  const headline = price + includedPostage;
  const original = originalPrice + includedPostage;
  return { price: headline, originalPrice: original, includedPostage, discountPercentage: discountPercentage(headline, original) };
}

/** A deal's headline: the cheapest option headline of the products its price is taken from. */
export function dealHeadline(products: readonly (HeadlineOptionInput & { vipExclusive: boolean; disabled: boolean })[]): Headline {
  const shown = headlinePriceProducts(products);
  if (shown.length === 0) throw new RangeError('A deal needs at least one enabled product');
  let best: Headline | null = null;
  for (const product of shown) {
    const h = optionHeadline(product);
    if (!best || h.price < best.price || (h.price === best.price && h.originalPrice < best.originalPrice)) best = h;
  }
  return best!;
}
