import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { GUIDE_PAGE_SIZE } from '@shop/domain';
import { DealList } from '../deals/DealList.tsx';
import type { GuideDeals_guide$key } from '../../__generated__/GuideDeals_guide.graphql';
import type { GuideDealsPaginationQuery } from '../../__generated__/GuideDealsPaginationQuery.graphql';

/** A guide's deals feed (spec §3, §9: 30 a page), when the guide is not a listicle. */
export function GuideDeals({ guide, empty }: { guide: GuideDeals_guide$key; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<GuideDealsPaginationQuery, GuideDeals_guide$key>(
    graphql`
      fragment GuideDeals_guide on Guide
      @refetchable(queryName: "GuideDealsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 30 }, after: { type: "String" }, page: { type: "Int" }) {
        deals(first: $first, after: $after, page: $page) @connection(key: "GuideDeals_deals") {
          totalCount
          pageSize
          edges {
            ...DealList_edges
          }
        }
      }
    `,
    guide,
  );
  const { totalCount, pageSize, edges } = data.deals;
  return <DealList label="Picks from this guide" edges={edges} totalCount={totalCount} pageSize={pageSize} paging={paging} fallbackPageSize={GUIDE_PAGE_SIZE} empty={empty} />;
}
