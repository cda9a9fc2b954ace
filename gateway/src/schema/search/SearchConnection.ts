/** SearchConnection, SearchFacet and SponsoredDeal: the fields of a page of search results. */
import type { SearchResponse } from '../../clients/search.client.ts';
import type { TypeResolvers } from '../types.ts';
import { searchPageInfo, type SearchConnectionParent, type SponsoredDealParent } from './run-search.ts';

export type SearchFacetParent = SearchResponse['facetedNavigation']['navigations'][number];

export const SearchConnection: TypeResolvers<SearchConnectionParent> = {
  edges: async (c) => (await c.hydrated()).edges,
  pageInfo: (c) => searchPageInfo(c),
  page: (c) => Math.floor(c.start / c.pageSize) + 1,
  sponsored: async (c): Promise<SponsoredDealParent[]> => (await c.hydrated()).sponsored,
};

export const SearchFacet: TypeResolvers<SearchFacetParent> = {
  type: (f) => f.type.toUpperCase(),
  value: (f) => f.shortName,
  label: (f) => f.linkText,
};
