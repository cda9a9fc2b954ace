/**
 * The deals service's REST contract: the response bodies of its routes, as zod schemas.
 * The routes validate against them (and publish them in the OpenAPI document); the gateway's
 * deals client parses responses with them. Money is always { amount (pence), currency }.
 */
import { z } from '@hono/zod-openapi';

export const MoneySchema = z
  .object({
    amount: z.number().int().openapi({ description: 'Minor units (pence).', example: 1999 }),
    currency: z.enum(['GBP', 'EUR']),
  })
  .openapi('Money');

export const LatLonSchema = z.object({ lat: z.number(), lon: z.number() }).openapi('LatLon');

export const LocationSchema = z
  .object({
    id: z.number().int(),
    slug: z.string().openapi({ example: 'glasgow' }),
    name: z.string(),
    shortName: z.string(),
    brand: z.string(),
    countryCode: z.string(),
    description: z.string(),
    domain: z.string(),
    latLon: LatLonSchema,
    region: z.string(),
    siteGroup: z.string(),
    status: z.string(),
    url: z.string().openapi({ example: '/deals/glasgow' }),
    isDefault: z.boolean(),
    isTravel: z.boolean(),
    isNational: z.boolean(),
    _score: z.number().optional(),
  })
  .openapi('Location');

export const SubNavigationSchema = z
  .object({ id: z.number().int(), linkText: z.string(), shortName: z.string(), url: z.string(), count: z.number().int() })
  .openapi('SubNavigation');

export const NavigationItemSchema = z
  .object({
    id: z.number().int(),
    shortName: z.string(),
    linkText: z.string(),
    url: z.string(),
    position: z.number().int(),
    count: z.number().int(),
    imageUrl: z.string().nullable(),
    externalLink: z.boolean(),
    isDefault: z.boolean(),
    isActive: z.boolean(),
    isLocal: z.boolean(),
    isLocalLink: z.boolean(),
    isLocationPlaceholder: z.boolean(),
    showPopover: z.boolean(),
    showScotland: z.boolean(),
    navigationType: z.enum(['UK Travel', 'International Travel']).nullable(),
    metaTitle: z.string().nullable(),
    category: z.string().nullable(),
    parentNavUrl: z.string().nullable(),
    subNavigations: z.array(SubNavigationSchema),
  })
  .openapi('NavigationItem');

export const CategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    shortName: z.string(),
    parentId: z.number().int().nullable(),
    metaTitle: z.string().nullable(),
    description: z.string().nullable(),
  })
  .openapi('Category');

export const MerchantSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    postcode: z.string(),
    latLon: LatLonSchema,
    website: z.string().nullable(),
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
  })
  .openapi('Merchant');

export const DealProductSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    price: MoneySchema,
    originalPrice: MoneySchema,
    discount: MoneySchema,
    discountPercentage: z.number().int(),
    displayDiscount: z.boolean(),
    purchaseCap: z.number().int().nullable(),
    remaining: z.number().int().nullable().openapi({ description: 'Units left today; null when not limited.' }),
    soldOut: z.boolean(),
    hasDeposit: z.boolean(),
    depositProduct: z.object({ id: z.number().int(), price: MoneySchema }).nullable(),
    postagePrice: MoneySchema.nullable(),
    numberOfNights: z.number().int().nullable(),
    checkInDate: z.string().nullable(),
    checkOutDate: z.string().nullable(),
    vipExclusive: z.boolean(),
    visibility: z.enum(['public', 'vip']),
    disabled: z.boolean(),
    position: z.number().int(),
  })
  .openapi('DealProduct');

export const PriceDisplaySchema = z.enum([
  'hidden',
  'show discount',
  'show discount indicative',
  'show original price',
  'show price',
  'show VIP discount price',
]);

export const DealSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    headline: z.string(),
    description: z.string(),
    highlights: z.array(z.string()),
    finePrint: z.array(z.string()),
    price: MoneySchema,
    originalPrice: MoneySchema,
    discountPercentage: z.number().int(),
    currency: z.enum(['GBP', 'EUR']),
    priceDisplay: PriceDisplaySchema,
    shareUrl: z.string().openapi({ description: 'Path of the deal page.' }),
    image: z.object({ imageUrl: z.string(), extension: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() }),
    business: MerchantSchema,
    location: z.object({ slug: z.string(), name: z.string() }),
    category: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }),
    subCategory: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }).nullable(),
    closingDate: z.string().nullable().openapi({ description: 'ISO 8601; null for evergreen deals.' }),
    isEvergreen: z.boolean(),
    soldCount: z.number().int(),
    finalDealOrderAmount: z.number().int(),
    highFraudRisk: z.boolean(),
    purchaseCap: z.number().int().nullable(),
    totalRemainingForDay: z.number().int().nullable(),
    productDisplay: z.object({ type: z.enum(['single', 'multi']) }),
    pricePerPerson: z.boolean(),
    bookingCalendarOnRedemption: z.boolean(),
    giftClaim: z.boolean(),
    deliveryType: z.enum(['voucher', 'postal', 'travel']),
    vipExclusive: z.boolean().openapi({ description: 'True when any product is VIP-exclusive.' }),
    createdAt: z.string(),
    products: z.array(DealProductSchema),
  })
  .openapi('Deal');

export const FacetNavigationSchema = z
  .object({ shortName: z.string(), linkText: z.string(), url: z.string(), count: z.number().int() })
  .openapi('FacetNavigation');

export const DealsResponseSchema = z
  .object({
    deals: z.array(DealSchema),
    mainDeal: z.object({ price: MoneySchema, vipPrice: MoneySchema.nullable() }).nullable(),
    canonicalUrl: z.string(),
    evergreenUrl: z.string().nullable(),
    redirectUrl: z.string().nullable(),
    facetedNavigation: z.object({ navigations: z.array(FacetNavigationSchema), count: z.number().int() }),
    searchResult: z.object({
      totalResults: z.number().int(),
      page: z.number().int().openapi({ description: '0-based page of the first deal returned (the spec\'s page=0 is the first page).' }),
      pageSize: z.number().int(),
      nextCursor: z.string().nullable().openapi({ description: 'Pass as `after` for the next page (keyset); null on the last page.' }),
    }),
    location: LocationSchema,
    category: CategorySchema.nullable(),
    subCategory: CategorySchema.nullable(),
  })
  .openapi('DealsResponse');

export const DealsByIdsResponseSchema = z.object({ deals: z.array(DealSchema) }).openapi('DealsByIds');
export const MerchantsResponseSchema = z.object({ merchants: z.array(MerchantSchema) }).openapi('Merchants');
export const CategoriesResponseSchema = z.object({ categories: z.array(CategorySchema) }).openapi('Categories');
export const LocationsResponseSchema = z.object({ locations: z.array(LocationSchema) }).openapi('Locations');
export const NavigationResponseSchema = z.object({ navigations: z.array(NavigationItemSchema) }).openapi('Navigation');

/** RFC 9457 problem body, the answer to every 4xx and 5xx (shared by every service). */
export { ProblemSchema, type Problem } from '@shop/platform';

export type Money = z.infer<typeof MoneySchema>;
export type Location = z.infer<typeof LocationSchema>;
export type NavigationItem = z.infer<typeof NavigationItemSchema>;
export type Category = z.infer<typeof CategorySchema>;
export type Merchant = z.infer<typeof MerchantSchema>;
export type Deal = z.infer<typeof DealSchema>;
export type DealProduct = z.infer<typeof DealProductSchema>;
export type DealsResponse = z.infer<typeof DealsResponseSchema>;

/** Sort orders of spec §9, as the REST `sort` parameter spells them. */
export const DEAL_SORTS = ['popularity', 'price', 'discountPercentage', 'recentlyAdded', 'pricelow'] as const;
export type DealSortParam = (typeof DEAL_SORTS)[number];
