/**
 * The header's basket count (Basket.itemCount): one small query when the header mounts, and
 * again when the shopper signs in or out (a guest basket merges into the customer's). It reads
 * the root `basket` of the Relay store, so adding to the basket (linkRootBasket) and every
 * checkout change (the same Basket record, by id) update the count without a refetch.
 *
 * Loaded on every page: keep it free of the checkout's code.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { createOperationDescriptor, fetchQuery, getRequest, graphql, type RecordSourceSelectorProxy } from 'relay-runtime';
import { environment } from '../../relay/environment.ts';
import type { basketCountQuery, basketCountQuery$data } from '../../__generated__/basketCountQuery.graphql';

const query = graphql`
  query basketCountQuery {
    basket {
      id
      itemCount
    }
  }
`;

let count = 0;
let started = false;
const listeners = new Set<() => void>();

function publish(data: basketCountQuery$data | null | undefined) {
  const next = data?.basket?.itemCount ?? 0;
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

function start() {
  if (started) return;
  started = true;
  const operation = createOperationDescriptor(getRequest(query), {});
  environment.retain(operation);
  environment.subscribe(environment.lookup(operation.fragment), (snapshot) => publish(snapshot.data as basketCountQuery$data | null));
}

/** Asks the server again (first mount, and after a sign-in or sign-out). An outage leaves the count as it is. */
export function refreshBasketCount(): void {
  start();
  fetchQuery<basketCountQuery>(environment, query, {}, { fetchPolicy: 'network-only' }).subscribe({ error: () => {} });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Deal units in the shopper's basket; refetched when `viewerId` changes. */
export function useBasketCount(viewerId: string | null): number {
  useEffect(() => {
    refreshBasketCount();
  }, [viewerId]);
  return useSyncExternalStore(subscribe, () => count);
}

/**
 * A mutation updater: the basket a basket mutation answered with (`BasketUpdated.basket`, or
 * `Checkout.basket`) becomes the store's root `basket`, which the header counts.
 */
export function linkRootBasket(store: RecordSourceSelectorProxy, rootField: string): void {
  const payload = store.getRootField(rootField);
  const basket = payload?.getLinkedRecord('basket');
  if (basket) store.getRoot().setLinkedRecord(basket, 'basket');
}

