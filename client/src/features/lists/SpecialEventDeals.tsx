import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { PagedDealList } from './PagedDealList.tsx';
import type { SpecialEventDeals_event$key } from '../../__generated__/SpecialEventDeals_event.graphql';
import type { SpecialEventDealsPaginationQuery } from '../../__generated__/SpecialEventDealsPaginationQuery.graphql';

/** A special event's deals (/deals/{location}/special/{slug}). */
export function SpecialEventDeals({ event, label, empty }: { event: SpecialEventDeals_event$key; label: string; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<SpecialEventDealsPaginationQuery, SpecialEventDeals_event$key>(
    graphql`
      fragment SpecialEventDeals_event on SpecialEvent
      @refetchable(queryName: "SpecialEventDealsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 9 }, after: { type: "String" }, page: { type: "Int" }) {
        deals(first: $first, after: $after, page: $page) @connection(key: "SpecialEventDeals_deals") {
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
    event,
  );
  return <PagedDealList label={label} connection={data.deals} paging={paging} pageSize={DEALS_PAGE_SIZE} empty={empty} />;
}
