/**
 * The deals service's REST contract: the response bodies of its routes, as zod schemas.
 * The routes validate against them (and publish them in the OpenAPI document); the gateway's
 * deals client parses responses with them. Money is always { amount (pence), currency }.
 */
import { z } from '@hono/zod-openapi';
import { DealImageSchema } from './images/image-urls.ts';

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
    image: DealImageSchema,
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

// ---- Deal lists, near-me, special events and guides (issue 4) ----------------------------------

/** The paging block every deal list answers with (the same as DealsResponse's searchResult). */
export const DealListSearchResultSchema = DealsResponseSchema.shape.searchResult;

/** A page of deals: recently viewed, buy-again (and the base of every other list below). */
export const DealListResponseSchema = z
  .object({ deals: z.array(DealSchema), searchResult: DealListSearchResultSchema })
  .openapi('DealList');

export const RecommendationsResponseSchema = z
  .object({
    deals: z.array(DealSchema),
    searchResult: DealListSearchResultSchema,
    basis: z.enum(['history', 'viewed', 'popular']).openapi({
      description: "What the ranking came from: the customer's views and purchases, the guest's locally viewed deals, or (no signal) the location's most popular deals.",
    }),
    location: z.object({ slug: z.string(), name: z.string() }).openapi({ description: 'The location popular deals came from.' }),
  })
  .openapi('Recommendations');

export const EarlyBirdResponseSchema = z
  .object({ deals: z.array(DealSchema), searchResult: DealListSearchResultSchema, location: LocationSchema })
  .openapi('EarlyBirdDeals');

export const SpecialEventSchema = z
  .object({
    slug: z.string().openapi({ example: 'black-friday' }),
    title: z.string(),
    description: z.string(),
    startsAt: z.string().openapi({ description: 'ISO 8601.' }),
    endsAt: z.string().openapi({ description: 'ISO 8601; the page is gone (404) from then on.' }),
    location: z.string().nullable().openapi({ description: 'Location slug, or null when the event applies to every location.' }),
    url: z.string().openapi({ example: '/deals/glasgow/special/black-friday' }),
  })
  .openapi('SpecialEvent');

export const SpecialEventResponseSchema = z
  .object({ event: SpecialEventSchema, location: LocationSchema, deals: z.array(DealSchema), searchResult: DealListSearchResultSchema })
  .openapi('SpecialEventDeals');

export const NearMeAreaSchema = z
  .object({
    slug: z.string().openapi({ example: 'west-end' }),
    name: z.string().openapi({ example: 'West End' }),
    location: z.string().openapi({ description: 'Location slug.', example: 'glasgow' }),
    latLon: LatLonSchema,
    radiusKm: z.number(),
    url: z.string().openapi({ example: '/near-me/glasgow/west-end' }),
    dealCount: z.number().int().openapi({ description: 'Live deals of merchants within the radius.' }),
  })
  .openapi('NearMeArea');

export const NearMeLocationSchema = z
  .object({
    location: LocationSchema,
    url: z.string().openapi({ example: '/near-me/glasgow' }),
    dealCount: z.number().int().openapi({ description: 'Live deals of the location.' }),
    areas: z.array(NearMeAreaSchema),
  })
  .openapi('NearMeLocation');

export const NearMeHubResponseSchema = z.object({ locations: z.array(NearMeLocationSchema) }).openapi('NearMeHub');

export const NearMeAreaDealsResponseSchema = z
  .object({
    area: NearMeAreaSchema,
    location: LocationSchema,
    deals: z.array(DealSchema),
    distances: z
      .array(z.object({ dealId: z.number().int(), distanceKm: z.number() }))
      .openapi({ description: "Distance of each deal's merchant from the area centre, in the order of deals (km, 3 decimals)." }),
    searchResult: DealListSearchResultSchema,
  })
  .openapi('NearMeAreaDeals');

/** Guide page size of spec §9. */
export const GUIDE_PAGE_SIZE = 30;

export const GuideDealsFeedSchema = z
  .object({
    searchTerm: z.string().nullable(),
    tag: z.string().nullable(),
    location: z.string().nullable().openapi({ description: 'Location slug; ignored when allLocations.' }),
    category: z.string().nullable(),
    subcategory: z.string().nullable(),
    minPrice: z.number().int().nullable().openapi({ description: 'Pence, inclusive.' }),
    maxPrice: z.number().int().nullable().openapi({ description: 'Pence, inclusive.' }),
    orderBy: z.enum([...DEAL_SORTS, 'relevance']).nullable(),
    orderDirection: z.enum(['asc', 'desc']).nullable(),
    excludedCategories: z.array(z.string()),
    excludedDeals: z.array(z.number().int()),
    pageSize: z.number().int().min(1).max(100).default(GUIDE_PAGE_SIZE),
    allLocations: z.boolean(),
  })
  .openapi('GuideDealsFeed', { description: 'The deals feed of a guide, executed by the search service (not by this one).' });

export const GuideListicleDealSchema = z
  .object({ deal: DealSchema, heading: z.string(), text: z.string() })
  .openapi('GuideListicleDeal');

export const GuideSchema = z
  .object({
    slug: z.string().openapi({ example: 'affiliate/student-deals' }),
    url: z.string().openapi({ example: '/guides/affiliate/student-deals' }),
    displayName: z.string(),
    description: z.string(),
    text: z.string(),
    additionalText: z.string(),
    dealsFeed: GuideDealsFeedSchema,
    listicleDeals: z.array(GuideListicleDealSchema).openapi({ description: 'The listicle entries whose deal is live, in listicle order.' }),
    listicleView: z.boolean(),
    redirectUrl: z.string().nullable().openapi({ description: 'When set the guide has moved: the page answers 301 to it (spec §2).' }),
  })
  .openapi('Guide');

export type DealList = z.infer<typeof DealListResponseSchema>;
export type Recommendations = z.infer<typeof RecommendationsResponseSchema>;
export type EarlyBirdDeals = z.infer<typeof EarlyBirdResponseSchema>;
export type SpecialEvent = z.infer<typeof SpecialEventSchema>;
export type SpecialEventDeals = z.infer<typeof SpecialEventResponseSchema>;
export type NearMeArea = z.infer<typeof NearMeAreaSchema>;
export type NearMeLocation = z.infer<typeof NearMeLocationSchema>;
export type NearMeHub = z.infer<typeof NearMeHubResponseSchema>;
export type NearMeAreaDeals = z.infer<typeof NearMeAreaDealsResponseSchema>;
export type GuideDealsFeed = z.infer<typeof GuideDealsFeedSchema>;
export type GuideListicleDeal = z.infer<typeof GuideListicleDealSchema>;
export type Guide = z.infer<typeof GuideSchema>;
