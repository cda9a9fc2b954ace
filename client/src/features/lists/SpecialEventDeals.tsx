import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { DealList } from '../deals/DealList.tsx';
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
            ...DealList_edges
          }
        }
      }
    `,
    event,
  );
  const { totalCount, pageSize, edges } = data.deals;
  return <DealList label={label} edges={edges} totalCount={totalCount} pageSize={pageSize} paging={paging} fallbackPageSize={DEALS_PAGE_SIZE} empty={empty} />;
}
