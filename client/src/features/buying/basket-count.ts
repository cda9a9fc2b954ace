/**
 * The header's basket count (Basket.itemCount): one small query when the header mounts, and
 * again when the shopper signs in or out (a guest basket merges into the customer's) or pays. It
 * reads the root `basket` of the Relay store (relay/root-value.ts): every basket mutation answers
 * the Basket by id, so the count follows without a refetch, and the checkout page's query spreads
 * the same fragment, so a basket that addToBasket has just made (the root had none) shows once
 * that page loads.
 *
 * Loaded on every page: keep it free of the checkout's code.
 */
import { graphql } from 'relay-runtime';
import { useRefetchRootValue, useRootValue, type RootValueSource } from '../../relay/root-value.ts';
import type { basketCount_query$data } from '../../__generated__/basketCount_query.graphql';

const source: RootValueSource<number> = {
  fragment: graphql`
    fragment basketCount_query on Query {
      basket {
        itemCount
      }
    }
  `,
  query: graphql`
    query basketCountQuery {
      ...basketCount_query
    }
  `,
  read: (data) => (data as basketCount_query$data | null)?.basket?.itemCount ?? 0,
};

/** Reads the count again from the server: after the basket changed behind the store (an order took its lines). */
export function useRefreshBasketCount(): () => void {
  return useRefetchRootValue(source.query);
}

/** Deal units in the shopper's basket; refetched when `viewerId` changes. */
export function useBasketCount(viewerId: string | null): number {
  return useRootValue(source, viewerId);
}
