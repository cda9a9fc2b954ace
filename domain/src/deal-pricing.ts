/**
 * How a deal's headline price comes from its products (spec §3 Deal, Deal product).
 * Pure: the deals service stores the summary beside the deal so lists can sort on it, and the
 * gateway decides 'from' with the same product set.
 *
 * The saving shown beside a price is the saving of that very price against its own original
 * price: never a larger discount of another product (UK pricing rules, CMA: no overstated
 * savings). A "largest discount" would have to be shown as such ("up to X%").
 */
import { discountPercentage } from './money.ts';

export interface PricedProduct {
  /** Pence. */
  price: number;
  /** Pence. */
  originalPrice: number;
  vipExclusive: boolean;
  disabled: boolean;
}

export interface DealPriceSummary {
  /** The cheapest visible product's price (pence). */
  price: number;
  /** That product's original price (pence). */
  originalPrice: number;
  /** The discount of that same product (price against originalPrice), in whole percent. */
  discountPercentage: number;
  /** The cheapest VIP-exclusive product's price, when there is one (pence). */
  vipPrice: number | null;
  vipExclusive: boolean;
  /** 'multi' when several visible products set the price, so it shows as 'from'. */
  display: 'single' | 'multi';
}

/**
 * The products a deal's headline price is taken from: the enabled ones, and of those the public
 * ones unless every enabled product is VIP-exclusive.
 */
export function headlinePriceProducts<T extends Pick<PricedProduct, 'vipExclusive' | 'disabled'>>(products: readonly T[]): T[] {
  const enabled = products.filter((p) => !p.disabled);
  const publicOnes = enabled.filter((p) => !p.vipExclusive);
  return publicOnes.length ? publicOnes : enabled;
}

/** Whether the headline price shows as 'from': several products set it (spec §3). */
export function showsFromPrice(products: readonly Pick<PricedProduct, 'vipExclusive' | 'disabled'>[]): boolean {
  return headlinePriceProducts(products).length > 1;
}

/** The headline price: the cheapest of headlinePriceProducts, with its own original price and discount. */
export function summariseDealPrice(products: readonly PricedProduct[]): DealPriceSummary {
  const visible = headlinePriceProducts(products);
  if (visible.length === 0) throw new RangeError('A deal needs at least one enabled product');
  // On a tie the smaller original price: the more modest saving is the one shown.
  let cheapest = visible[0]!;
  for (const p of visible) if (p.price < cheapest.price || (p.price === cheapest.price && p.originalPrice < cheapest.originalPrice)) cheapest = p;
  const vip = products.filter((p) => !p.disabled && p.vipExclusive);
  return {
    price: cheapest.price,
    originalPrice: cheapest.originalPrice,
    discountPercentage: discountPercentage(cheapest.price, cheapest.originalPrice),
    vipPrice: vip.length ? Math.min(...vip.map((p) => p.price)) : null,
    vipExclusive: vip.length > 0,
    display: showsFromPrice(products) ? 'multi' : 'single',
  };
}
