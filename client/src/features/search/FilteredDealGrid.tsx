import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { DealList, NoDealsYet } from '../deals/DealList.tsx';
import { formatCount } from '../../lib/text.ts';
import type { FilteredDealGrid_location$key } from '../../__generated__/FilteredDealGrid_location.graphql';
import type { FilteredDealGridPaginationQuery } from '../../__generated__/FilteredDealGridPaginationQuery.graphql';

/**
 * A location's deals narrowed by category, price and VIP, in the URL's order (category pages):
 * the count and the controls, the cards with "Load more deals" and ?page=N links. With filters
 * that match nothing the controls stay, so the shopper can widen them again.
 */
export function FilteredDealGrid({
  location,
  controls,
  filtered,
  clearHref,
  emptyHref,
}: {
  location: FilteredDealGrid_location$key;
  /** The sort and filters shown beside the deal count. */
  controls: ReactNode;
  /** Whether a price or VIP filter is set (the empty state then offers to clear it). */
  filtered: boolean;
  clearHref: string;
  emptyHref: string;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<FilteredDealGridPaginationQuery, FilteredDealGrid_location$key>(
    graphql`
      fragment FilteredDealGrid_location on Location
      @refetchable(queryName: "FilteredDealGridPaginationQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 9 }
        after: { type: "String" }
        page: { type: "Int" }
        category: { type: "String" }
        subcategory: { type: "String" }
        sort: { type: "DealSort", defaultValue: POPULARITY }
        minPrice: { type: "Int" }
        maxPrice: { type: "Int" }
        vip: { type: "Boolean" }
      ) {
        deals(
          first: $first
          after: $after
          page: $page
          category: $category
          subcategory: $subcategory
          sort: $sort
          minPrice: $minPrice
          maxPrice: $maxPrice
          vip: $vip
        ) @connection(key: "FilteredDealGrid_deals") {
          totalCount
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

  return (
    <div className="filtered-list">
      <div className="list-toolbar list-toolbar--filters">
        <p className="list-toolbar__count">{totalCount === 1 ? '1 deal' : `${formatCount(totalCount)} deals`}</p>
        <div className="list-toolbar__controls">{controls}</div>
      </div>
      <DealList
        edges={edges}
        totalCount={totalCount}
        pageSize={pageSize}
        fallbackPageSize={DEALS_PAGE_SIZE}
        paging={{ hasNext, isLoadingNext, loadNext }}
        empty={
          filtered ? (
            <div className="empty-state">
              <h2>No deals match these filters</h2>
              <p>Try a wider price range, or show every deal in this category.</p>
              <Link className="button button--primary" to={clearHref} preventScrollReset>
                Clear filters
              </Link>
            </div>
          ) : (
            <NoDealsYet href={emptyHref} />
          )
        }
      />
    </div>
  );
}
