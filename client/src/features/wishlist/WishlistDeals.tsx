import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { WISHLIST_MAX_DEALS } from '@shop/domain/wishlist';
import { DealList } from '../deals/DealList.tsx';
import type { WishlistDeals_query$key } from '../../__generated__/WishlistDeals_query.graphql';
import type { WishlistDealsPaginationQuery } from '../../__generated__/WishlistDealsPaginationQuery.graphql';

/** /wishlist's list (issue 19 point 1): the saved deals, newest first, at most 50 (spec §9). */
export function WishlistDeals({ query, empty }: { query: WishlistDeals_query$key; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<WishlistDealsPaginationQuery, WishlistDeals_query$key>(
    graphql`
      fragment WishlistDeals_query on Query
      @refetchable(queryName: "WishlistDealsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
        wishlist {
          deals(first: $first, after: $after) @connection(key: "WishlistDeals_deals") {
            totalCount
            pageSize
            edges {
              ...DealList_edges
            }
          }
        }
      }
    `,
    query,
  );
  const deals = data.wishlist?.deals;
  if (!deals || deals.totalCount === 0) return <>{empty}</>;
  return <DealList label="Saved deals" edges={deals.edges} totalCount={deals.totalCount} pageSize={deals.pageSize} paging={paging} fallbackPageSize={WISHLIST_MAX_DEALS} empty={empty} />;
}
