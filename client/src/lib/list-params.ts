import { DEAL_SORT_PARAMS, type DealSortParam } from '@shop/domain';

/** The GraphQL DealSort values, keyed by the ?orderBy= value (spec §2 query parameter; spec §9 sort names). */
export const SORT_OPTIONS: ReadonlyArray<{ param: DealSortParam; value: DealSortValue; label: string }> = [
  { param: 'popularity', value: 'POPULARITY', label: 'Most popular' },
  { param: 'price', value: 'PRICE_HIGH_TO_LOW', label: 'Price: high to low' },
  { param: 'discountPercentage', value: 'DISCOUNT_PERCENTAGE', label: 'Biggest discount' },
  { param: 'recentlyAdded', value: 'RECENTLY_ADDED', label: 'Recently added' },
  { param: 'pricelow', value: 'PRICE_LOW_TO_HIGH', label: 'Price: low to high' },
];

export type DealSortValue = 'POPULARITY' | 'PRICE_HIGH_TO_LOW' | 'DISCOUNT_PERCENTAGE' | 'RECENTLY_ADDED' | 'PRICE_LOW_TO_HIGH';

/** The list-order query parameter of spec §2. */
export const ORDER_BY_PARAM = 'orderBy';

/** Reads ?orderBy=; anything unknown falls back to popularity (the default order). */
export function sortParamOf(search: URLSearchParams): DealSortParam {
  const value = search.get(ORDER_BY_PARAM);
  return (DEAL_SORT_PARAMS as readonly string[]).includes(value ?? '') ? (value as DealSortParam) : 'popularity';
}

export function sortValueOf(param: DealSortParam): DealSortValue {
  return SORT_OPTIONS.find((o) => o.param === param)!.value;
}

/** Reads ?page= (1-based); anything that is not a whole number of at least 1 is page 1 (domain's rule, shared with the server). */
export { listPageOf as pageOf } from '@shop/domain';

/** The href of page N of the current list, keeping the other query parameters (e.g. sort). */
export function pageHref(pathname: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** A list page's title: from page 2 on it says which page ("Spa days – page 2"). */
export function pagedTitle(title: string, page: number): string {
  return page > 1 ? `${title} – page ${page}` : title;
}
