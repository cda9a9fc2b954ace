import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { DealList } from '../deals/DealList.tsx';
import './lists.css';
import type { NearMeAreaDeals_area$key } from '../../__generated__/NearMeAreaDeals_area.graphql';
import type { NearMeAreaDealsPaginationQuery } from '../../__generated__/NearMeAreaDealsPaginationQuery.graphql';

/**
 * A near-me area's deals, nearest first, each marked with where the merchant is (the schema
 * gives no distance, so the merchant's street and area say how near).
 */
export function NearMeAreaDeals({ area, label, empty }: { area: NearMeAreaDeals_area$key; label: string; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<NearMeAreaDealsPaginationQuery, NearMeAreaDeals_area$key>(
    graphql`
      fragment NearMeAreaDeals_area on NearMeArea
      @refetchable(queryName: "NearMeAreaDealsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 9 }, after: { type: "String" }, page: { type: "Int" }) {
        deals(first: $first, after: $after, page: $page) @connection(key: "NearMeAreaDeals_deals") {
          totalCount
          pageSize
          edges {
            ...DealList_edges
            node {
              merchant {
                address
              }
            }
          }
        }
      }
    `,
    area,
  );
  const { totalCount, pageSize, edges } = data.deals;
  return (
    <DealList
      label={label}
      edges={edges}
      totalCount={totalCount}
      pageSize={pageSize}
      fallbackPageSize={DEALS_PAGE_SIZE}
      paging={paging}
      empty={empty}
      cardNote={(i) => (
        <>
          <PinIcon />
          <span className="visually-hidden">Where: </span>
          {streetAndArea(edges[i]!.node.merchant.address)}
        </>
      )}
    />
  );
}

/** "12 Byres Road, West End" → "Byres Road, West End": the street and area, not the door number. */
function streetAndArea(address: string): string {
  return address.replace(/^\d+[a-z]?\s+/i, '');
}

function PinIcon() {
  return (
    <svg className="noted-card__icon" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
    </svg>
  );
}
