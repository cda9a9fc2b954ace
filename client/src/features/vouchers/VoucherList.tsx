import { useId, type ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { ShowMore } from '../../ui/ShowMore.tsx';
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
      <ShowMore
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={loadNext}
        pageSize={VOUCHERS_PAGE_SIZE}
        what="vouchers"
        label="Show more vouchers"
        loadingLabel="Loading more vouchers…"
        status={{ id: statusId, text: `Showing ${formatCount(edges.length)} of ${formatCount(shownTotal)} ${shownTotal === 1 ? 'voucher' : 'vouchers'}` }}
      />
    </div>
  );
}
