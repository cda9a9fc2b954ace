import { useId, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DealCard } from '../deals/DealCard.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { pageHref, pageOf } from '../../lib/list-params.ts';
import { formatCount } from '../../lib/text.ts';
import type { DealCard_deal$key } from '../../__generated__/DealCard_deal.graphql';
import './lists.css';

/** An edge of any deals connection (DealConnection, SearchConnection) whose node spreads DealCard_deal. */
export interface DealEdgeLike {
  readonly node: { readonly id: string } & DealCard_deal$key;
}

/** What usePaginationFragment gives a list. */
export interface Paging {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number) => unknown;
}

export interface PagedDealListProps<E extends DealEdgeLike> {
  /** The list's accessible name ("Recommended for you"). Keep the word "Deals" out of it: the location grid is "Deals". */
  label: string;
  connection: { readonly edges: readonly E[]; readonly totalCount: number; readonly pageSize: number };
  paging: Paging;
  /** The page size asked for, when the connection does not say (pageSize 0). */
  pageSize: number;
  /** Most deals the list may hold in all (spec §9: recommendations stop at 40). */
  limit?: number;
  /** Shown instead of the list when it has no deals: say why, and offer somewhere to go. */
  empty: ReactNode;
  /** Something to show over a deal's card (the merchant's area on near-me lists). */
  cardNote?: (edge: E) => ReactNode;
}

/**
 * The list of a deals connection on any type (the location grid is DealGrid): cards, a
 * "Load more deals" button that appends the next page in place, and ?page=N links so every page
 * is reachable without script. The route's fragment owns the data (usePaginationFragment); this
 * only shows it, so every list looks and behaves alike.
 */
export function PagedDealList<E extends DealEdgeLike>({ label, connection, paging, pageSize, limit, empty, cardNote }: PagedDealListProps<E>) {
  const { pathname, search } = useLocation();
  const statusId = useId();
  const params = new URLSearchParams(search);
  const { edges } = connection;
  if (edges.length === 0) return <>{empty}</>;

  // The list starts at the url's page; "Load more deals" appends the pages after it.
  const page = pageOf(params);
  const size = connection.pageSize > 0 ? connection.pageSize : pageSize;
  const total = limit === undefined ? connection.totalCount : Math.min(connection.totalCount, limit);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const lastPage = Math.min(pageCount, page + Math.ceil(edges.length / size) - 1);
  const before = (page - 1) * size; // deals on the pages before the first one shown
  const room = limit === undefined ? size : Math.min(size, limit - before - edges.length);
  const hasMore = paging.hasNext && room > 0;
  const shownTotal = Math.max(total, before + edges.length);

  return (
    <div className="deal-list">
      <ul className="deal-grid" aria-label={label} aria-describedby={statusId}>
        {edges.map((edge, i) => {
          const note = cardNote?.(edge);
          return (
            <li key={edge.node.id} className={note ? 'noted-card' : undefined}>
              <DealCard deal={edge.node} eager={i < 3} />
              {note ? <p className="noted-card__note">{note}</p> : null}
            </li>
          );
        })}
      </ul>
      <div className="deal-list__more">
        <p id={statusId} role="status" className="deal-list__status">
          Showing {formatCount(edges.length)} of {formatCount(shownTotal)} {shownTotal === 1 ? 'deal' : 'deals'}
        </p>
        {hasMore ? (
          <button
            type="button"
            className="button button--secondary button--wide"
            aria-busy={paging.isLoadingNext}
            onClick={() => {
              // A second click while a page is on its way would skip or repeat a page.
              if (!paging.isLoadingNext) paging.loadNext(room);
            }}
          >
            {paging.isLoadingNext ? <span className="spinner" aria-hidden="true" /> : null}
            Load more deals
          </button>
        ) : null}
        <Pagination firstPage={page} lastPage={lastPage} pageCount={pageCount} hrefFor={(p) => pageHref(pathname, params, p)} />
      </div>
    </div>
  );
}
