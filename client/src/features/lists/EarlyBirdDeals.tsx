import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { DealList } from '../deals/DealList.tsx';
import type { EarlyBirdDeals_query$key } from '../../__generated__/EarlyBirdDeals_query.graphql';
import type { EarlyBirdDealsPaginationQuery } from '../../__generated__/EarlyBirdDealsPaginationQuery.graphql';

/** /early-bird's list: a location's early-bird deals, newest first. */
export function EarlyBirdDeals({ query, empty }: { query: EarlyBirdDeals_query$key; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<EarlyBirdDealsPaginationQuery, EarlyBirdDeals_query$key>(
    graphql`
      fragment EarlyBirdDeals_query on Query
      @refetchable(queryName: "EarlyBirdDealsPaginationQuery")
      @argumentDefinitions(
        location: { type: "String!" }
        first: { type: "Int", defaultValue: 9 }
        after: { type: "String" }
        page: { type: "Int" }
      ) {
        earlyBirdDeals(location: $location, first: $first, after: $after, page: $page) @connection(key: "EarlyBirdDeals_earlyBirdDeals") {
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
  const { totalCount, pageSize, edges } = data.earlyBirdDeals;
  return <DealList label="Early-bird offers" edges={edges} totalCount={totalCount} pageSize={pageSize} paging={paging} fallbackPageSize={DEALS_PAGE_SIZE} empty={empty} />;
}
