import { useId, useState } from 'react';
import { DealCard } from '../deals/DealCard.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { formatCount } from '../../lib/text.ts';
import type { DealCard_deal$key } from '../../__generated__/DealCard_deal.graphql';

export interface ResultListProps {
  edges: ReadonlyArray<{ readonly node: { readonly id: string } & DealCard_deal$key }>;
  totalCount: number;
  pageSize: number;
  /** The 1-based page the list starts at (the URL's ?page=). */
  page: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  /** usePaginationFragment's loadNext. */
  loadNext: (count: number, options?: { onComplete?: (error: Error | null) => void }) => unknown;
  hrefFor: (page: number) => string;
}

/**
 * A page of deals from a pagination connection: the cards (a list named "Deals"), a "Load more
 * deals" button that appends the next page in place, and ?page=N links to every page so each is
 * reachable without script. The callers own the fragment and the empty state.
 */
export function ResultList({ edges, totalCount, pageSize, page, hasNext, isLoadingNext, loadNext, hrefFor }: ResultListProps) {
  const statusId = useId();
  const [loadFailed, setLoadFailed] = useState(false);
  const size = pageSize > 0 ? pageSize : 12;
  const pageCount = Math.max(1, Math.ceil(totalCount / size));
  const lastPage = Math.min(pageCount, page + Math.ceil(edges.length / size) - 1);
  return (
    <div className="deal-list">
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
        {loadFailed ? (
          <p className="result-list__error" role="alert">
            Sorry, we couldn’t load more deals. Please try again.
          </p>
        ) : null}
        {hasNext ? (
          <button
            type="button"
            className="button button--secondary button--wide"
            aria-busy={isLoadingNext}
            onClick={() => {
              // A second click while a page is on its way would skip or repeat a page.
              if (isLoadingNext) return;
              setLoadFailed(false);
              loadNext(size, { onComplete: (error) => setLoadFailed(error !== null && error !== undefined) });
            }}
          >
            {isLoadingNext ? <span className="spinner" aria-hidden="true" /> : null}
            {loadFailed ? 'Try again' : 'Load more deals'}
          </button>
        ) : null}
        <Pagination firstPage={page} lastPage={lastPage} pageCount={pageCount} hrefFor={hrefFor} />
      </div>
    </div>
  );
}
