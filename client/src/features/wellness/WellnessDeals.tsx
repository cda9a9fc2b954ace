import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { SEARCH_PAGE_SIZE } from '@shop/domain';
import { DealList } from '../deals/DealList.tsx';
import type { WellnessDeals_query$key } from '../../__generated__/WellnessDeals_query.graphql';
import type { WellnessDealsPaginationQuery } from '../../__generated__/WellnessDealsPaginationQuery.graphql';

/**
 * The wellness collection's deals (issue 19 point 5): every location's live deals in the wellness
 * categories (domain WELLNESS_CATEGORIES: spa, beauty, health and fitness, spa breaks), most
 * popular first, a page at a time.
 */
export function WellnessDeals({ query, empty }: { query: WellnessDeals_query$key; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<WellnessDealsPaginationQuery, WellnessDeals_query$key>(
    graphql`
      fragment WellnessDeals_query on Query
      @refetchable(queryName: "WellnessDealsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 12 }, after: { type: "String" }, page: { type: "Int" }, categories: { type: "[String!]!" }) {
        search(allLocations: true, categories: $categories, first: $first, after: $after, page: $page) @connection(key: "WellnessDeals_search") {
          totalCount
          pageSize
          edges {
            ...DealList_edges
          }
        }
      }
    `,
    query,
  );
  const { totalCount, pageSize, edges } = data.search;
  return <DealList label="Wellness deals" edges={edges} totalCount={totalCount} pageSize={pageSize} paging={paging} fallbackPageSize={SEARCH_PAGE_SIZE} empty={empty} />;
}
