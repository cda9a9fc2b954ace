import { useEffect, type ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { BUY_AGAIN_PAGE_SIZE } from '@shop/domain';
import { DealList } from '../deals/DealList.tsx';
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
            ...DealList_edges
          }
        }
      }
    `,
    query,
  );
  const { totalCount, pageSize, edges } = data.buyAgainDeals;
  useEffect(() => setBuyAgainFlag(totalCount > 0), [totalCount]);
  return <DealList label="Bought before" edges={edges} totalCount={totalCount} pageSize={pageSize} paging={paging} fallbackPageSize={BUY_AGAIN_PAGE_SIZE} empty={empty} />;
}
