import type { Deal as DealDto } from '@shop/deals/contract';
import { dealHeadline, deliveryPricesOf, headlinePriceProducts, optionHeadline, parseDealPath, showsFromPrice, type Headline } from '@shop/domain';
import { vipPriceOf } from '@shop/domain/vip';
import { toGlobalId } from '../../relay/global-id.ts';
import type { CategoryParent, DealProductParent, MerchantParent } from '../mappers.ts';
import type { DealProductResolvers, DealResolvers, MerchantResolvers, PriceDisplay } from '../__generated__/resolvers.ts';

const PRICE_DISPLAY: Record<DealDto['priceDisplay'], PriceDisplay> = {
  hidden: 'HIDDEN',
  'show discount': 'SHOW_DISCOUNT',
  'show discount indicative': 'SHOW_DISCOUNT_INDICATIVE',
  'show original price': 'SHOW_ORIGINAL_PRICE',
  'show price': 'SHOW_PRICE',
  'show VIP discount price': 'SHOW_VIP_DISCOUNT_PRICE',
};

type ProductDto = DealDto['products'][number];
type Currency = DealDto['currency'];

const headlineInput = (p: ProductDto) => ({
  price: p.price.amount,
  originalPrice: p.originalPrice.amount,
  deliveryPrices: deliveryPricesOf(p.postagePrice?.amount),
  vipExclusive: p.vipExclusive,
  disabled: p.disabled,
});

/**
 * The deal's headline (domain/src/headline-price.ts). A deal served with no enabled product has
 * nothing to add postage from: its own price stands.
 */
function dealHeadlineOf(d: DealDto): Headline {
  if (headlinePriceProducts(d.products).length === 0) {
    return { price: d.price.amount, originalPrice: d.originalPrice.amount, includedPostage: 0, discountPercentage: d.discountPercentage };
  }
  return dealHeadline(d.products.map(headlineInput));
}

const money = (amount: number, currency: Currency) => ({ amount, currency });

/** The VIP option vipPrice is taken from: the cheapest enabled VIP-exclusive product (first of equals). */
function vipOptionOf(d: DealDto): ProductDto | null {
  let best: ProductDto | null = null;
  for (const p of d.products) if (p.vipExclusive && !p.disabled && (best === null || p.price.amount < best.price.amount)) best = p;
  return best;
}

/** The deal's category and sub-category slugs, read from its url (no catalogue call needed). */
function slugsOf(deal: DealDto): { category: string | null; subcategory: string | null } {
  const parsed = parseDealPath(deal.shareUrl);
  return { category: parsed?.category ?? null, subcategory: parsed?.subcategory ?? null };
}

export const Deal: DealResolvers = {
  id: (d) => toGlobalId('Deal', d.id),
  dealId: (d) => d.id,
  // The same products Deal.price is the cheapest of (domain/src/deal-pricing.ts): a VIP-exclusive
  // option beside public ones neither lowers the price nor makes it 'from'.
  showFromPrice: (d) => showsFromPrice(d.products),
  // Headline: the price shown first, with the postage the shopper cannot avoid (DMCC drip pricing).
  headlinePrice: (d) => money(dealHeadlineOf(d).price, d.price.currency),
  includedPostage: (d) => money(dealHeadlineOf(d).includedPostage, d.price.currency),
  headlineOriginalPrice: (d) => money(dealHeadlineOf(d).originalPrice, d.price.currency),
  headlineDiscountPercentage: (d) => dealHeadlineOf(d).discountPercentage,
  priceDisplay: (d) => PRICE_DISPLAY[d.priceDisplay],
  url: (d) => d.shareUrl,
  image: (d) => ({ url: d.image.imageUrl, alt: d.image.alt, width: d.image.width, height: d.image.height, srcSet: d.image.srcset, sources: d.image.sources.map((s) => ({ type: s.type, srcSet: s.srcset })) }),
  // Through the loader, which every deal response primes with its merchant: no REST call, and
  // a merchant of several deals is one object. The embedded copy answers if the loader has none.
  merchant: async (d, _a, ctx): Promise<MerchantParent> => (await ctx.loaders.merchantById.load(d.business.id)) ?? d.business,
  location: async (d, _a, ctx) => {
    const location = await ctx.loaders.locationBySlug.load(d.location.slug);
    if (!location) throw new Error(`Deal ${d.id} names location ${d.location.slug}, which the deals service does not know`);
    return location;
  },
  category: (d): CategoryParent => ({
    id: d.category.id,
    name: d.category.name,
    shortName: d.category.shortName,
    slug: slugsOf(d).category,
    location: d.location.slug,
    parentId: null,
    parentSlug: null,
    full: null,
  }),
  subCategory: (d): CategoryParent | null => {
    if (!d.subCategory) return null;
    const slugs = slugsOf(d);
    return {
      id: d.subCategory.id,
      name: d.subCategory.name,
      shortName: d.subCategory.shortName,
      slug: slugs.subcategory,
      location: d.location.slug,
      parentId: d.category.id,
      ...(slugs.category ? { parentSlug: slugs.category } : {}),
      full: null,
    };
  },
  hasVipExclusive: (d) => d.vipExclusive,
  // Spec §3 mainDeal.vipPrice, read from the deal's own products (the same rule the deals
  // service stores as vip_price_pence): the cheapest enabled VIP-exclusive option.
  vipPrice: (d) => {
    const pence = vipPriceOf(d.products.map((p) => ({ vipExclusive: p.vipExclusive, disabled: p.disabled, price: p.price.amount })));
    return pence === null ? null : money(pence, d.price.currency);
  },
  vipHeadlinePrice: (d) => {
    const cheapest = vipOptionOf(d);
    return cheapest ? money(optionHeadline(headlineInput(cheapest)).price, d.price.currency) : null;
  },
  products: (d): DealProductParent[] => d.products.map((product) => ({ dealId: d.id, product })),
};

export const DealProduct: DealProductResolvers = {
  // A product is refetched through its deal, so its id names both.
  id: ({ dealId, product }) => toGlobalId('DealProduct', `${dealId}:${product.id}`),
  productId: ({ product }) => product.id,
  title: ({ product }) => product.title,
  price: ({ product }) => product.price,
  originalPrice: ({ product }) => product.originalPrice,
  discount: ({ product }) => product.discount,
  discountPercentage: ({ product }) => product.discountPercentage,
  displayDiscount: ({ product }) => product.displayDiscount,
  purchaseCap: ({ product }) => product.purchaseCap,
  remaining: ({ product }) => product.remaining,
  soldOut: ({ product }) => product.soldOut,
  hasDeposit: ({ product }) => product.hasDeposit,
  depositPrice: ({ product }) => product.depositProduct?.price ?? null,
  postagePrice: ({ product }) => product.postagePrice,
  headlinePrice: ({ product }) => money(optionHeadline(headlineInput(product)).price, product.price.currency),
  includedPostage: ({ product }) => money(optionHeadline(headlineInput(product)).includedPostage, product.price.currency),
  headlineOriginalPrice: ({ product }) => money(optionHeadline(headlineInput(product)).originalPrice, product.price.currency),
  headlineDiscountPercentage: ({ product }) => optionHeadline(headlineInput(product)).discountPercentage,
  numberOfNights: ({ product }) => product.numberOfNights,
  vipExclusive: ({ product }) => product.vipExclusive,
  disabled: ({ product }) => product.disabled,
};

export const Merchant: MerchantResolvers = {
  // Merchant:{merchantId}: the same merchant has the same id whichever deal it is reached from.
  id: (m) => toGlobalId('Merchant', m.id),
};
