import type { Deal as DealDto } from '@shop/deals/contract';
import { parseDealPath } from '@shop/domain';
import { toGlobalId } from '../../relay/global-id.ts';
import type { CategoryParent, DealParent, DealProductParent, MerchantParent } from '../mappers.ts';
import type { TypeResolvers } from '../types.ts';

const PRICE_DISPLAY: Record<DealDto['priceDisplay'], string> = {
  hidden: 'HIDDEN',
  'show discount': 'SHOW_DISCOUNT',
  'show discount indicative': 'SHOW_DISCOUNT_INDICATIVE',
  'show original price': 'SHOW_ORIGINAL_PRICE',
  'show price': 'SHOW_PRICE',
  'show VIP discount price': 'SHOW_VIP_DISCOUNT_PRICE',
};

/** The deal's category and sub-category slugs, read from its url (no catalogue call needed). */
function slugsOf(deal: DealDto): { category: string | null; subcategory: string | null } {
  const parsed = parseDealPath(deal.shareUrl);
  return { category: parsed?.category ?? null, subcategory: parsed?.subcategory ?? null };
}

/**
 * The merchant's global id names a deal of the merchant too: the deals service has no merchant
 * lookup yet, so `node(id:)` refetches a merchant through that deal.
 */
export function merchantParent(deal: DealDto): MerchantParent & { dealId: number } {
  return { ...deal.business, dealId: deal.id };
}

export const Deal: TypeResolvers<DealParent> = {
  id: (d) => toGlobalId('Deal', d.id),
  dealId: (d) => d.id,
  showFromPrice: (d) => new Set(d.products.filter((p) => !p.disabled).map((p) => p.price.amount)).size > 1,
  priceDisplay: (d) => PRICE_DISPLAY[d.priceDisplay],
  url: (d) => d.shareUrl,
  image: (d) => ({ url: d.image.imageUrl, alt: d.image.alt, width: d.image.width, height: d.image.height }),
  merchant: (d) => merchantParent(d),
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
  products: (d): DealProductParent[] => d.products.map((product) => ({ dealId: d.id, product })),
};

export const DealProduct: TypeResolvers<DealProductParent> = {
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
  numberOfNights: ({ product }) => product.numberOfNights,
  vipExclusive: ({ product }) => product.vipExclusive,
  disabled: ({ product }) => product.disabled,
};

export const Merchant: TypeResolvers<MerchantParent & { dealId: number }> = {
  id: (m) => toGlobalId('Merchant', `${m.id}:${m.dealId}`),
};
