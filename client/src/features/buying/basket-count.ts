/**
 * The header's basket count (Basket.itemCount): one small query when the header mounts, and
 * again when the shopper signs in or out (a guest basket merges into the customer's) or pays. It
 * reads the root `basket` of the Relay store: every basket mutation answers the Basket by id, so
 * the count follows without a refetch, and the checkout page's query spreads the same fragment,
 * so a basket that addToBasket has just made (the root had none) shows once that page loads.
 *
 * Loaded on every page: keep it free of the checkout's code.
 */
import { useCallback, useEffect, useState } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor, createReaderSelector, fetchQuery, getFragment, getRequest, graphql, ROOT_ID, type IEnvironment } from 'relay-runtime';
import type { basketCount_query$data } from '../../__generated__/basketCount_query.graphql';
import type { basketCountQuery } from '../../__generated__/basketCountQuery.graphql';

const fragment = graphql`
  fragment basketCount_query on Query {
    basket {
      itemCount
    }
  }
`;

const query = graphql`
  query basketCountQuery {
    ...basketCount_query
  }
`;

/** Asks the server again. An outage leaves the count as it is. */
function refetch(environment: IEnvironment): void {
  fetchQuery<basketCountQuery>(environment, query, {}, { fetchPolicy: 'network-only' }).subscribe({ error: () => {} });
}

/** Reads the count again from the server: after the basket changed behind the store (an order took its lines). */
export function useRefreshBasketCount(): () => void {
  const environment = useRelayEnvironment();
  return useCallback(() => refetch(environment), [environment]);
}

/** Deal units in the shopper's basket; refetched when `viewerId` changes. */
export function useBasketCount(viewerId: string | null): number {
  const environment = useRelayEnvironment();
  const [count, setCount] = useState(0);
  // Keeps the root's basket in the store while the header shows, and follows its changes.
  useEffect(() => {
    const operation = createOperationDescriptor(getRequest(query), {});
    const retained = environment.retain(operation);
    const snapshot = environment.lookup(createReaderSelector(getFragment(fragment), ROOT_ID, {}, operation.request));
    const read = (data: unknown) => setCount((data as basketCount_query$data | null)?.basket?.itemCount ?? 0);
    read(snapshot.data);
    const subscription = environment.subscribe(snapshot, (next) => read(next.data));
    return () => {
      subscription.dispose();
      retained.dispose();
    };
  }, [environment]);
  useEffect(() => refetch(environment), [environment, viewerId]);
  return count;
}
