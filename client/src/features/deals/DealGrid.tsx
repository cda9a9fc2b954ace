import { graphql, usePaginationFragment } from 'react-relay';
import { Link, useLocation } from 'react-router';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { DealList } from './DealList.tsx';
import { pageHref, pageOf } from '../../lib/list-params.ts';
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
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<DealGridPaginationQuery, DealGrid_location$key>(
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
            node {
              id
              ...DealCard_deal
            }
          }
        }
      }
    `,
    location,
  );
  const { pathname, search } = useLocation();
  const { edges, totalCount, pageSize } = data.deals;
  const params = new URLSearchParams(search);
  // The list starts at the url's page; "Load more deals" appends the pages after it.
  const page = pageOf(params);

  if (edges.length === 0) {
    return (
      <div className="empty-state">
        <h2>No deals here just yet</h2>
        <p>New deals arrive every day. In the meantime, there is plenty more to explore.</p>
        <Link className="button button--secondary" to={emptyHref}>
          See all deals
        </Link>
      </div>
    );
  }

  return (
    <DealList
      edges={edges}
      totalCount={totalCount}
      pageSize={pageSize}
      fallbackPageSize={DEALS_PAGE_SIZE}
      page={page}
      paging={{ hasNext, isLoadingNext, loadNext }}
      hrefFor={(p) => pageHref(pathname, params, p)}
    />
  );
}
