import { useEffect, type ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { BUY_AGAIN_PAGE_SIZE } from '@shop/domain';
import { PagedDealList } from './PagedDealList.tsx';
import { setBuyAgainFlag } from './buy-again.ts';
import type { BuyAgainDeals_query$key } from '../../__generated__/BuyAgainDeals_query.graphql';
import type { BuyAgainDealsPaginationQuery } from '../../__generated__/BuyAgainDealsPaginationQuery.graphql';

/** /buy-again's list (spec §7, §9: page 0 of 10). Records whether there are any (spec §4 flag). */
export function BuyAgainDeals({ query, empty }: { query: BuyAgainDeals_query$key; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<BuyAgainDealsPaginationQuery, BuyAgainDeals_query$key>(
    graphql`
      fragment BuyAgainDeals_query on Query
      @refetchable(queryName: "BuyAgainDealsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 10 }, after: { type: "String" }, page: { type: "Int" }) {
        buyAgainDeals(first: $first, after: $after, page: $page) @connection(key: "BuyAgainDeals_buyAgainDeals") {
          totalCount
          pageSize
          edges {
            node {
              id
              ...DealCard_deal
            }
          }
        }
      }
    `,
    query,
  );
  const { totalCount } = data.buyAgainDeals;
  useEffect(() => setBuyAgainFlag(totalCount > 0), [totalCount]);
  return <PagedDealList label="Bought before" connection={data.buyAgainDeals} paging={paging} pageSize={BUY_AGAIN_PAGE_SIZE} empty={empty} />;
}
