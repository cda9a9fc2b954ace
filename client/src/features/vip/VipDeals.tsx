import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { SEARCH_PAGE_SIZE } from '@shop/domain';
import { VIP_PAGE_LIMIT } from '@shop/domain/vip';
import { DealList } from '../deals/DealList.tsx';
import type { VipDeals_query$key } from '../../__generated__/VipDeals_query.graphql';
import type { VipDealsPaginationQuery } from '../../__generated__/VipDealsPaginationQuery.graphql';

/**
 * The VIP lists (/deals/vip and /deals/vip/{category}; spec §2, §9 "VIP limit 60"): the deals
 * with VIP-exclusive options, of one category when `category` is given, at most 60 in all, each
 * card showing its VIP price (spec §3 mainDeal.vipPrice, DealPrice) — "Your VIP price" for a
 * member, "VIP price" for anyone else.
 */
export function VipDeals({ query, label = 'VIP deals', empty }: { query: VipDeals_query$key; label?: string; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<VipDealsPaginationQuery, VipDeals_query$key>(
    graphql`
      fragment VipDeals_query on Query
      @refetchable(queryName: "VipDealsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 12 }, after: { type: "String" }, page: { type: "Int" }, category: { type: "String" }) {
        search(vip: true, allLocations: true, category: $category, first: $first, after: $after, page: $page) @connection(key: "VipDeals_search") {
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
  return (
    <DealList
      label={label}
      edges={edges}
      totalCount={totalCount}
      pageSize={pageSize}
      paging={paging}
      fallbackPageSize={SEARCH_PAGE_SIZE}
      limit={VIP_PAGE_LIMIT}
      empty={empty}
      vipPrices
    />
  );
}
