import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DealList, type DealEdgeLike, type Paging } from '../deals/DealList.tsx';
import { pageHref, pageOf } from '../../lib/list-params.ts';
import './lists.css';

export type { DealEdgeLike, Paging };

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
 * The list of a deals connection on any type, read from the route's fragment
 * (usePaginationFragment): its empty state when it has no deals, else the shared DealList with
 * ?page=N links on the current url.
 */
export function PagedDealList<E extends DealEdgeLike>({ label, connection, paging, pageSize, limit, empty, cardNote }: PagedDealListProps<E>) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  if (connection.edges.length === 0) return <>{empty}</>;
  return (
    <DealList
      edges={connection.edges}
      totalCount={connection.totalCount}
      pageSize={connection.pageSize}
      fallbackPageSize={pageSize}
      page={pageOf(params)}
      paging={paging}
      hrefFor={(p) => pageHref(pathname, params, p)}
      label={label}
      {...(limit !== undefined ? { limit } : {})}
      {...(cardNote ? { cardNote } : {})}
    />
  );
}
