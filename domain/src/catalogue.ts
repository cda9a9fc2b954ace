/** Catalogue constants of spec §2 and §9. */

/** Location url slugs. national-deal is the national location; shop is its display url. */
export const LOCATION_SLUGS = ['glasgow', 'edinburgh', 'aberdeen', 'shop', 'national-deal', 'travel'] as const;
export type LocationSlug = (typeof LOCATION_SLUGS)[number];
export const DEFAULT_LOCATION = 'glasgow';

/** The sub-category navigation every city shows (spec §2). */
export const CITY_SUB_NAVIGATION = [
  'restaurants-food',
  'activities-entertainment',
  'afternoon-tea',
  'spa',
  'beauty',
  'health-fitness',
  'learning',
  'food-drink',
] as const;

/** Deals per page (spec §9: 9 deals per page); the server never serves more than MAX_PAGE_SIZE. */
export const DEALS_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 48;

/** Sort options of spec §9, as the REST API spells them. */
export const DEAL_SORT_PARAMS = ['popularity', 'price', 'discountPercentage', 'recentlyAdded', 'pricelow'] as const;
export type DealSortParam = (typeof DEAL_SORT_PARAMS)[number];

/** Price filter steps in pounds (spec §9); travel goes up to 1000, the map up to 200. */
export const PRICE_STEPS = [0, 10, 20, 50, 100, 1000] as const;

/** Navigation range of spec §9. */
export const NAVIGATION_RANGE = '1-30';
