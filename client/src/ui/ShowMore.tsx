import { useState, type ReactNode } from 'react';

export interface ShowMoreProps {
  /** The connection's paging, from usePaginationFragment. */
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number, options: { onComplete: (error: Error | null | undefined) => void }) => unknown;
  pageSize: number;
  /** What the list holds, in the failure message: "Sorry, we couldn’t load more {what}. Please try again." */
  what: string;
  /** The "Showing N …" line (a polite status, so a screen reader hears the list grow); its id describes the list. */
  status?: { id: string; text: ReactNode };
  /** The button's words (default "Show more"; "Loading more…" while a page is on its way, "Try again" after a failure). */
  label?: string;
  loadingLabel?: string;
  className?: string;
}

/**
 * The end of an account list read as a Relay connection (vouchers, wallet history, points activity,
 * referrals): the status line, an alert when the next page failed, and the "Show more" button. A
 * click while a page is on its way is ignored: it would skip or repeat a page.
 */
export function ShowMore({ hasNext, isLoadingNext, loadNext, pageSize, what, status, label = 'Show more', loadingLabel = 'Loading more…', className = 'show-more' }: ShowMoreProps) {
  const [loadFailed, setLoadFailed] = useState(false);
  return (
    <div className={className}>
      {status ? (
        <p id={status.id} role="status" className="show-more__status">
          {status.text}
        </p>
      ) : null}
      {loadFailed ? (
        <p className="error-message" role="alert">
          Sorry, we couldn’t load more {what}. Please try again.
        </p>
      ) : null}
      {hasNext ? (
        <button
          type="button"
          className="button button--secondary button--wide"
          aria-busy={isLoadingNext}
          onClick={() => {
            if (isLoadingNext) return;
            setLoadFailed(false);
            loadNext(pageSize, { onComplete: (error) => setLoadFailed(error !== null && error !== undefined) });
          }}
        >
          {isLoadingNext ? <span className="spinner" aria-hidden="true" /> : null}
          {isLoadingNext ? loadingLabel : loadFailed ? 'Try again' : label}
        </button>
      ) : null}
    </div>
  );
}
