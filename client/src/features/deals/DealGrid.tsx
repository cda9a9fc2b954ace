import { graphql, usePaginationFragment } from 'react-relay';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { DealList, NoDealsYet } from './DealList.tsx';
import type { DealGrid_location$key } from '../../__generated__/DealGrid_location.graphql';
import type { DealGridPaginationQuery } from '../../__generated__/DealGridPaginationQuery.graphql';

/**
 * A location's deals (optionally narrowed to a category and sorted): a list of cards, a
 * "Load more deals" button that appends the next page in place, and ?page=N links so every
 * page is reachable without script. The filters are fragment arguments set by the route's query.
 */
export function DealGrid({
  location,
  emptyHref,
}: {
  location: DealGrid_location$key;
  emptyHref: string;
}) {
  const { data, ...paging } = usePaginationFragment<DealGridPaginationQuery, DealGrid_location$key>(
    graphql`
      fragment DealGrid_location on Location
      @refetchable(queryName: "DealGridPaginationQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 9 }
        after: { type: "String" }
        page: { type: "Int" }
        category: { type: "String" }
        subcategory: { type: "String" }
        sort: { type: "DealSort", defaultValue: POPULARITY }
      ) {
        deals(first: $first, after: $after, page: $page, category: $category, subcategory: $subcategory, sort: $sort)
          @connection(key: "DealGrid_deals") {
          totalCount
          # pageSize: how many ?page=N links there are
          pageSize
          edges {
            ...DealList_edges
          }
        }
      }
    `,
    location,
  );
  const { edges, totalCount, pageSize } = data.deals;
  return <DealList edges={edges} totalCount={totalCount} pageSize={pageSize} fallbackPageSize={DEALS_PAGE_SIZE} paging={paging} empty={<NoDealsYet href={emptyHref} />} />;
}
