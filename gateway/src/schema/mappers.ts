/**
 * GraphQL type -> the value its field resolvers receive (the "parent"). Most are the deals
 * service's DTOs as they come over REST; a few carry the context they need (a category's
 * location, a product's deal).
 */
import type { Category, Deal, DealProduct, Location, Merchant, Money, NavigationItem } from '@shop/deals/contract';
import type { DealSortParam } from '@shop/domain';
import type { PageInfo } from '../relay/connection.ts';

export type LocationParent = Location;
export type DealParent = Deal;
export type MerchantParent = Merchant;
export type MoneyParent = Money;
/** A navigation item with the location it was asked under (its id names both). */
export type NavigationItemParent = NavigationItem & { location: string };
export type SubNavigationParent = NavigationItem['subNavigations'][number] & { location: string };

/**
 * A category as seen from a location (its url depends on the location). `full` is the catalogue
 * entry; a deal's embedded category has only id and names, with the slugs read from the deal's
 * url, so a deal card costs no catalogue call. The rest is loaded on demand.
 */
export interface CategoryParent {
  id: number;
  name: string;
  shortName: string;
  slug: string | null;
  /** Location slug the category is shown under. */
  location: string;
  parentId: number | null;
  /** The parent's slug when known (undefined: look it up). */
  parentSlug?: string | null;
  full: Category | null;
}

export interface DealProductParent {
  dealId: number;
  product: DealProduct;
}

export interface DealEdgeParent {
  cursor: string;
  node: Deal;
}

export interface DealConnectionParent {
  edges: DealEdgeParent[];
  pageInfo: PageInfo;
  totalCount: number;
  page: number;
  pageSize: number;
  facets: { shortName: string; linkText: string; url: string; count: number }[];
  canonicalUrl: string;
}

export type DealSortEnum = 'POPULARITY' | 'PRICE_HIGH_TO_LOW' | 'DISCOUNT_PERCENTAGE' | 'RECENTLY_ADDED' | 'PRICE_LOW_TO_HIGH';

export const SORT_TO_PARAM: Record<DealSortEnum, DealSortParam> = {
  POPULARITY: 'popularity',
  PRICE_HIGH_TO_LOW: 'price',
  DISCOUNT_PERCENTAGE: 'discountPercentage',
  RECENTLY_ADDED: 'recentlyAdded',
  PRICE_LOW_TO_HIGH: 'pricelow',
};

export interface DealFilterParent {
  __typename: 'DealFilter';
  minPrice: number | null;
  maxPrice: number | null;
  sort: DealSortEnum;
}

/**
 * __resolveType of every interface and union: each value carries its GraphQL type name, and the
 * typecheck holds the names the parents can carry to the union's members (schema/__generated__).
 */
export const byTypename = <T extends string>(value: { __typename: T }): T => value.__typename;

type Underscored<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Underscored<B>}` : S;

/**
 * A service's value as its GraphQL enum value ('local-deals' → 'LOCAL_DEALS', 'card' → 'CARD'),
 * typed from the value's own union: a value the enum lacks fails the typecheck (schema/__generated__).
 */
export const enumValue = <S extends string>(value: S): Uppercase<Underscored<S>> => value.replace(/-/g, '_').toUpperCase() as Uppercase<Underscored<S>>;
