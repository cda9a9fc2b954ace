import { useId, useState, type ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { formatCount } from '../../lib/text.ts';
import { VoucherCard } from './VoucherCard.tsx';
import type { VoucherList_viewer$key } from '../../__generated__/VoucherList_viewer.graphql';
import type { VoucherListPaginationQuery } from '../../__generated__/VoucherListPaginationQuery.graphql';

/** Spec §9 voucher feed: 10 a page. */
const VOUCHERS_PAGE_SIZE = 10;

/**
 * The viewer's vouchers, newest first, 10 at a time (spec §9 voucher feed): the cards, how many
 * show of how many, and "Show more vouchers", which appends the next page in place (ignored while
 * one is on its way; a failure offers to try again). `empty` shows instead when there are none.
 */
export function VoucherList({ viewer, empty }: { viewer: VoucherList_viewer$key; empty: ReactNode }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<VoucherListPaginationQuery, VoucherList_viewer$key>(
    graphql`
      fragment VoucherList_viewer on Customer
      @refetchable(queryName: "VoucherListPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 10 }, after: { type: "String" }, status: { type: "VoucherStatus" }) {
        vouchers(first: $first, after: $after, status: $status) @connection(key: "VoucherList_vouchers", filters: ["status"]) {
          totalCount
          edges {
            node {
              id
              ...VoucherCard_voucher
            }
          }
        }
      }
    `,
    viewer,
  );
  const statusId = useId();
  const headingPrefix = useId();
  const [loadFailed, setLoadFailed] = useState(false);
  const { edges, totalCount } = data.vouchers;
  if (edges.length === 0) return <>{empty}</>;
  const shownTotal = Math.max(totalCount, edges.length);
  return (
    <div className="voucher-list">
      <ul className="voucher-list__items" aria-label="Your vouchers" aria-describedby={statusId}>
        {edges.map((edge, i) => (
          <li key={edge.node.id}>
            <VoucherCard voucher={edge.node} headingId={`${headingPrefix}-${i}`} />
          </li>
        ))}
      </ul>
      <div className="voucher-list__more">
        <p id={statusId} role="status" className="voucher-list__status">
          Showing {formatCount(edges.length)} of {formatCount(shownTotal)} {shownTotal === 1 ? 'voucher' : 'vouchers'}
        </p>
        {loadFailed ? (
          <p className="voucher-list__error" role="alert">
            Sorry, we couldn’t load more vouchers. Please try again.
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
              loadNext(VOUCHERS_PAGE_SIZE, { onComplete: (error) => setLoadFailed(error !== null && error !== undefined) });
            }}
          >
            {isLoadingNext ? <span className="spinner" aria-hidden="true" /> : null}
            {isLoadingNext ? 'Loading more vouchers…' : loadFailed ? 'Try again' : 'Show more vouchers'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
