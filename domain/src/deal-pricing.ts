/**
 * How a deal's headline price comes from its products (spec §3 Deal, Deal product).
 * Pure: the deals service stores the summary beside the deal so lists can sort on it.
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
  /** The largest discount of the visible products, in whole percent. */
  discountPercentage: number;
  /** The cheapest VIP-exclusive product's price, when there is one (pence). */
  vipPrice: number | null;
  vipExclusive: boolean;
  /** 'multi' when the deal offers several products. */
  display: 'single' | 'multi';
}

/**
 * Visible products are the ones not disabled; when every product is VIP-exclusive the VIP ones
 * are what a shopper sees, otherwise the public ones set the headline price.
 */
export function summariseDealPrice(products: readonly PricedProduct[]): DealPriceSummary {
  const enabled = products.filter((p) => !p.disabled);
  if (enabled.length === 0) throw new RangeError('A deal needs at least one enabled product');
  const publicOnes = enabled.filter((p) => !p.vipExclusive);
  const visible = publicOnes.length ? publicOnes : enabled;
  let cheapest = visible[0]!;
  for (const p of visible) if (p.price < cheapest.price) cheapest = p;
  const vip = enabled.filter((p) => p.vipExclusive);
  return {
    price: cheapest.price,
    originalPrice: cheapest.originalPrice,
    discountPercentage: Math.max(...visible.map((p) => discountPercentage(p.price, p.originalPrice))),
    vipPrice: vip.length ? Math.min(...vip.map((p) => p.price)) : null,
    vipExclusive: vip.length > 0,
    display: enabled.length > 1 ? 'multi' : 'single',
  };
}
