import { useId, useState, type ReactNode } from 'react';
import { DealCard } from './DealCard.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { formatCount } from '../../lib/text.ts';
import type { DealCard_deal$key } from '../../__generated__/DealCard_deal.graphql';

/** An edge of any deals connection (DealConnection, SearchConnection) whose node spreads DealCard_deal. */
export interface DealEdgeLike {
  readonly node: { readonly id: string } & DealCard_deal$key;
}

/** What usePaginationFragment gives a list. */
export interface Paging {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number, options?: { onComplete?: (error: Error | null) => void }) => unknown;
}

export interface DealListProps<E extends DealEdgeLike> {
  edges: readonly E[];
  totalCount: number;
  /** The connection's page size; the list's `fallbackPageSize` when it says 0. */
  pageSize: number;
  fallbackPageSize: number;
  /** The 1-based page the list starts at (the URL's ?page=). */
  page: number;
  paging: Paging;
  hrefFor: (page: number) => string;
  /**
   * The list's accessible name. "Deals" is the main grid's; other lists name themselves
   * ("Recommended for you"), keeping the word "Deals" out.
   */
  label?: string;
  /** Most deals the list may hold in all (spec §9: recommendations stop at 40). */
  limit?: number;
  /** Something to show under a deal's card (the merchant's area on near-me lists). */
  cardNote?: (edge: E) => ReactNode;
}

/**
 * Every deals list looks and behaves alike: the cards, a "Load more deals" button that appends
 * the next page in place (and offers to try again when that fails), and ?page=N links to every
 * page so each is reachable without script. The callers own the fragment (usePaginationFragment)
 * and the empty state.
 */
export function DealList<E extends DealEdgeLike>({
  edges,
  totalCount,
  pageSize,
  fallbackPageSize,
  page,
  paging,
  hrefFor,
  label = 'Deals',
  limit,
  cardNote,
}: DealListProps<E>) {
  const statusId = useId();
  const [loadFailed, setLoadFailed] = useState(false);
  const size = pageSize > 0 ? pageSize : fallbackPageSize;
  const total = limit === undefined ? totalCount : Math.min(totalCount, limit);
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
        {loadFailed ? (
          <p className="deal-list__error" role="alert">
            Sorry, we couldn’t load more deals. Please try again.
          </p>
        ) : null}
        {hasMore ? (
          <button
            type="button"
            className="button button--secondary button--wide"
            aria-busy={paging.isLoadingNext}
            onClick={() => {
              // A second click while a page is on its way would skip or repeat a page.
              if (paging.isLoadingNext) return;
              setLoadFailed(false);
              paging.loadNext(room, { onComplete: (error) => setLoadFailed(error !== null && error !== undefined) });
            }}
          >
            {paging.isLoadingNext ? <span className="spinner" aria-hidden="true" /> : null}
            {loadFailed ? 'Try again' : 'Load more deals'}
          </button>
        ) : null}
        <Pagination firstPage={page} lastPage={lastPage} pageCount={pageCount} hrefFor={hrefFor} />
      </div>
    </div>
  );
}
