import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { GIFT_FINDER_PAGE_SIZE, giftArrivals } from '@shop/domain';
import { DealList } from '../deals/DealList.tsx';
import type { GiftFinderDeals_query$key } from '../../__generated__/GiftFinderDeals_query.graphql';
import type { GiftFinderDealsPaginationQuery } from '../../__generated__/GiftFinderDealsPaginationQuery.graphql';

/**
 * The gifts that match every filter (issue 19 point 3): 12 a page (spec §9), "Load more" and
 * ?page=N links, each card saying when the gift arrives (an e-gift by email today, posted goods
 * by a working day; a gift card either way: domain giftArrivals).
 */
export function GiftFinderDeals({ query, empty, now = new Date() }: { query: GiftFinderDeals_query$key; empty: ReactNode; now?: Date }) {
  const { data, ...paging } = usePaginationFragment<GiftFinderDealsPaginationQuery, GiftFinderDeals_query$key>(
    graphql`
      fragment GiftFinderDeals_query on Query
      @refetchable(queryName: "GiftFinderDealsPaginationQuery")
      @argumentDefinitions(
        location: { type: "String" }
        recipient: { type: "String" }
        personality: { type: "String" }
        price: { type: "String" }
        first: { type: "Int", defaultValue: 12 }
        after: { type: "String" }
        page: { type: "Int" }
      ) {
        giftFinder(location: $location, recipient: $recipient, personality: $personality, price: $price) {
          gifts(first: $first, after: $after, page: $page) @connection(key: "GiftFinderDeals_gifts") {
            totalCount
            pageSize
            edges {
              node {
                dealId
                deliveryType
              }
              ...DealList_edges
            }
          }
        }
      }
    `,
    query,
  );
  if (!data.giftFinder) return <>{empty}</>;
  const { totalCount, pageSize, edges } = data.giftFinder.gifts;
  const arrivals = edges.map((e) => giftArrivals({ id: e.node.dealId, deliveryType: e.node.deliveryType }, now).map((a) => a.text));
  return (
    <DealList
      label="Gifts"
      edges={edges}
      totalCount={totalCount}
      pageSize={pageSize}
      paging={paging}
      fallbackPageSize={GIFT_FINDER_PAGE_SIZE}
      empty={empty}
      cardNote={(i) => (
        <span className="gift-arrival">
          {arrivals[i]!.map((text) => (
            <span key={text} className="gift-arrival__line">
              {text}
            </span>
          ))}
        </span>
      )}
    />
  );
}
