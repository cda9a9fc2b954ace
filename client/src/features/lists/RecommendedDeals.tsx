import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { RECOMMENDATIONS_LIMIT, RECOMMENDATIONS_PAGE_SIZE } from '@shop/domain';
import { DealList } from '../deals/DealList.tsx';
import type { RecommendedDeals_query$key } from '../../__generated__/RecommendedDeals_query.graphql';
import type { RecommendedDealsPaginationQuery } from '../../__generated__/RecommendedDealsPaginationQuery.graphql';

/** /recommended-for-you's list (spec §9: 25 a page, 40 in all). */
export function RecommendedDeals({ query, empty }: { query: RecommendedDeals_query$key; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<RecommendedDealsPaginationQuery, RecommendedDeals_query$key>(
    graphql`
      fragment RecommendedDeals_query on Query
      @refetchable(queryName: "RecommendedDealsPaginationQuery")
      @argumentDefinitions(
        location: { type: "String" }
        viewedDealIds: { type: "[ID!]" }
        first: { type: "Int", defaultValue: 25 }
        after: { type: "String" }
        page: { type: "Int" }
      ) {
        recommendedDeals(location: $location, viewedDealIds: $viewedDealIds, first: $first, after: $after, page: $page)
          @connection(key: "RecommendedDeals_recommendedDeals") {
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
  const { totalCount, pageSize, edges } = data.recommendedDeals;
  return (
    <DealList label="Recommended for you" edges={edges} totalCount={totalCount} pageSize={pageSize} fallbackPageSize={RECOMMENDATIONS_PAGE_SIZE} limit={RECOMMENDATIONS_LIMIT} paging={paging} empty={empty} />
  );
}
