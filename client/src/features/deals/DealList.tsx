import { useId, useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link, useLocation } from 'react-router';
import { DealCard } from './DealCard.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { pageHref, pageOf } from '../../lib/list-params.ts';
import { formatCount } from '../../lib/text.ts';
import type { DealList_edges$key } from '../../__generated__/DealList_edges.graphql';

/** What usePaginationFragment gives a list. */
interface Paging {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number, options?: { onComplete?: (error: Error | null) => void }) => unknown;
}

export interface DealListProps {
  /** The connection's edges (DealConnection, SearchConnection), each spreading DealList_edges. */
  edges: DealList_edges$key;
  totalCount: number;
  /** The connection's page size; the list's `fallbackPageSize` when it says 0. */
  pageSize: number;
  fallbackPageSize: number;
  paging: Paging;
  /** Shown instead of the list when it has no deals: say why, and offer somewhere to go. */
  empty: ReactNode;
  /** The 1-based page the list starts at; default the URL's ?page=. */
  page?: number;
  /** The href of page N; default the current url with ?page=N (the other parameters kept). */
  hrefFor?: (page: number) => string;
  /**
   * The list's accessible name. "Deals" is the main grid's; other lists name themselves
   * ("Recommended for you"), keeping the word "Deals" out.
   */
  label?: string;
  /** Most deals the list may hold in all (spec §9: recommendations stop at 40). */
  limit?: number;
  /** Something to show under a deal's card (the merchant's area on near-me lists), by the edge's index in `edges`. */
  cardNote?: (index: number) => ReactNode;
  /** Every card shows its deal's VIP price (the VIP lists), whatever the deal's display mode. */
  vipPrices?: boolean;
}

/**
 * Every deals list looks and behaves alike: the cards, a "Load more deals" button that appends
 * the next page in place (and offers to try again when that fails), and ?page=N links to every
 * page so each is reachable without script; its empty state when it has no deals. The callers own
 * the connection (usePaginationFragment) and say what the empty state is; the list reads its
 * edges' deals itself.
 */
export function DealList({
  edges: edgesKey,
  totalCount,
  pageSize,
  fallbackPageSize,
  paging,
  empty,
  page: firstPage,
  hrefFor: pageHrefFor,
  label = 'Deals',
  limit,
  cardNote,
  vipPrices = false,
}: DealListProps) {
  const edges = useFragment(
    graphql`
      fragment DealList_edges on DealEdge @relay(plural: true) {
        node {
          id
          ...DealCard_deal
        }
      }
    `,
    edgesKey,
  );
  const { pathname, search } = useLocation();
  const statusId = useId();
  const [loadFailed, setLoadFailed] = useState(false);
  if (edges.length === 0) return <>{empty}</>;
  const params = new URLSearchParams(search);
  const page = firstPage ?? pageOf(params);
  const hrefFor = pageHrefFor ?? ((p: number) => pageHref(pathname, params, p));
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
          const note = cardNote?.(i);
          return (
            <li key={edge.node.id} className={note ? 'noted-card' : undefined}>
              <DealCard deal={edge.node} eager={i < 3} vipPrice={vipPrices} />
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

/** A location's grid with no deals (none yet, or none in this category): a way on to all of them. */
export function NoDealsYet({ href }: { href: string }) {
  return (
    <div className="empty-state">
      <h2>No deals here just yet</h2>
      <p>New deals arrive every day. In the meantime, there is plenty more to explore.</p>
      <Link className="button button--secondary" to={href}>
        See all deals
      </Link>
    </div>
  );
}
