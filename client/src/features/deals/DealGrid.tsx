import { useId, type ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link, useLocation } from 'react-router';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { DealCard } from './DealCard.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { pageHref, pageOf } from '../../lib/list-params.ts';
import { formatCount } from '../../lib/text.ts';
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
  toolbar,
}: {
  location: DealGrid_location$key;
  emptyHref: string;
  /** Controls shown beside the deal count above the list (the sort select). */
  toolbar?: ReactNode;
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
  const statusId = useId();
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

  const size = pageSize > 0 ? pageSize : DEALS_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(totalCount / size));
  const lastPage = Math.min(pageCount, page + Math.ceil(edges.length / size) - 1);

  return (
    <div className="deal-list">
      {toolbar ? (
        <div className="list-toolbar">
          <p className="list-toolbar__count">{totalCount === 1 ? '1 deal' : `${formatCount(totalCount)} deals`}</p>
          {toolbar}
        </div>
      ) : null}
      <ul className="deal-grid" aria-label="Deals" aria-describedby={statusId}>
        {edges.map((edge, i) => (
          <li key={edge.node.id}>
            <DealCard deal={edge.node} eager={i < 3} />
          </li>
        ))}
      </ul>
      <div className="deal-list__more">
        <p id={statusId} role="status" className="deal-list__status">
          Showing {formatCount(edges.length)} of {formatCount(totalCount)} deals
        </p>
        {hasNext ? (
          <button
            type="button"
            className="button button--secondary button--wide"
            aria-busy={isLoadingNext}
            onClick={() => {
              // A second click while a page is on its way would skip or repeat a page.
              if (!isLoadingNext) loadNext(size);
            }}
          >
            {isLoadingNext ? <span className="spinner" aria-hidden="true" /> : null}
            Load more deals
          </button>
        ) : null}
        <Pagination firstPage={page} lastPage={lastPage} pageCount={pageCount} hrefFor={(p) => pageHref(pathname, params, p)} />
      </div>
    </div>
  );
}
