import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { SEARCH_PAGE_SIZE } from '@shop/domain';
import { VIP_PAGE_LIMIT } from '@shop/domain/vip';
import { DealList } from '../deals/DealList.tsx';
import type { VipDeals_query$key } from '../../__generated__/VipDeals_query.graphql';
import type { VipDealsPaginationQuery } from '../../__generated__/VipDealsPaginationQuery.graphql';

/**
 * /deals/vip's list (spec §2, §9 "VIP limit 60"): the deals with VIP-exclusive options, at most
 * 60 in all, each card noting its VIP price (spec §3 mainDeal.vipPrice: the cheapest VIP option,
 * its headline price) — "Your VIP price" for a member, "VIP price" as an offer for anyone else.
 */
export function VipDeals({ query, member, empty }: { query: VipDeals_query$key; member: boolean; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<VipDealsPaginationQuery, VipDeals_query$key>(
    graphql`
      fragment VipDeals_query on Query
      @refetchable(queryName: "VipDealsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 12 }, after: { type: "String" }, page: { type: "Int" }) {
        search(vip: true, allLocations: true, first: $first, after: $after, page: $page) @connection(key: "VipDeals_search") {
          totalCount
          pageSize
          edges {
            node {
              products {
                vipExclusive
                disabled
                headlinePrice {
                  amount
                  formatted
                }
              }
            }
            ...DealList_edges
          }
        }
      }
    `,
    query,
  );
  const { totalCount, pageSize, edges } = data.search;
  const vipPriceOf = (i: number): string | null => {
    const options = (edges[i]?.node.products ?? []).filter((p) => p.vipExclusive && !p.disabled);
    if (options.length === 0) return null;
    return options.reduce((a, b) => (b.headlinePrice.amount < a.headlinePrice.amount ? b : a)).headlinePrice.formatted;
  };
  return (
    <DealList
      label="VIP deals"
      edges={edges}
      totalCount={totalCount}
      pageSize={pageSize}
      paging={paging}
      fallbackPageSize={SEARCH_PAGE_SIZE}
      limit={VIP_PAGE_LIMIT}
      empty={empty}
      cardNote={(i) => {
        const price = vipPriceOf(i);
        if (!price) return null;
        return member ? `Your VIP price ${price}` : `VIP price ${price}`;
      }}
    />
  );
}
