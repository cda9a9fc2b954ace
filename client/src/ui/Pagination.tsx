import { Link } from 'react-router';

export interface PaginationProps {
  /** First page shown (the ?page= the list started at). */
  firstPage: number;
  /** Last page whose deals are shown (grows with "Load more deals"). */
  lastPage: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}

/** Page numbers around the current ones, with gaps: 1 … 4 5 6 … 20. */
function pagesToShow(first: number, last: number, count: number): Array<number | 'gap'> {
  const pages = new Set<number>([1, count]);
  for (let p = first - 1; p <= last + 1; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/**
 * Real ?page=N links, so every page of a list is reachable without script (crawlers) and
 * each page has its own url. The pages already on screen are marked.
 */
export function Pagination({ firstPage, lastPage, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="pagination">
      <ul>
        {firstPage > 1 ? (
          <li>
            <Link className="pagination__step" to={hrefFor(firstPage - 1)} rel="prev">
              <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
            </Link>
          </li>
        ) : null}
        {pagesToShow(firstPage, lastPage, pageCount).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                className="pagination__page"
                aria-current={p === firstPage ? 'page' : undefined}
                data-shown={p >= firstPage && p <= lastPage ? '' : undefined}
              >
                <span className="visually-hidden">Page </span>
                {p}
              </Link>
            </li>
          ),
        )}
        {lastPage < pageCount ? (
          <li>
            <Link className="pagination__step" to={hrefFor(lastPage + 1)} rel="next">
              Next<span className="visually-hidden"> page</span>
              <span aria-hidden="true"> ›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
