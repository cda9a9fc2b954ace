/** SearchConnection, SearchFacet and SponsoredDeal: the fields of a page of search results. */
import type { SearchResponse } from '../../clients/search.client.ts';
import { searchPageInfo, type SponsoredDealParent } from './run-search.ts';
import type { SearchConnectionResolvers, SearchFacetResolvers } from '../__generated__/resolvers.ts';
import { enumValue } from '../mappers.ts';

export type SearchFacetParent = SearchResponse['facetedNavigation']['navigations'][number];

export const SearchConnection: SearchConnectionResolvers = {
  edges: async (c) => (await c.hydrated()).edges,
  pageInfo: (c) => searchPageInfo(c),
  page: (c) => Math.floor(c.start / c.pageSize) + 1,
  sponsored: async (c): Promise<SponsoredDealParent[]> => (await c.hydrated()).sponsored,
};

export const SearchFacet: SearchFacetResolvers = {
  type: (f) => enumValue(f.type),
  value: (f) => f.shortName,
  label: (f) => f.linkText,
};
