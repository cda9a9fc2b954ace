/**
 * A value the header reads from a root field of the Relay store (the basket's item count, the wish
 * list's count): one small query when the header mounts and again when `refetchKey` changes (the
 * shopper signs in or out), and every later change to that root field (a mutation's updater, a
 * page's query spreading the same fragment) followed without a refetch. An outage leaves the
 * value as it is.
 */
import { useCallback, useEffect, useState } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor, createReaderSelector, fetchQuery, getFragment, getRequest, ROOT_ID, type GraphQLTaggedNode, type IEnvironment, type OperationType } from 'relay-runtime';

export interface RootValueSource<T> {
  /** A query of no variables spreading `fragment` (on Query). */
  query: GraphQLTaggedNode;
  fragment: GraphQLTaggedNode;
  /** The value from the fragment's data (null when not in the store yet). */
  read(data: unknown): T;
}

function refetch(environment: IEnvironment, query: GraphQLTaggedNode): void {
  fetchQuery<OperationType>(environment, query, {}, { fetchPolicy: 'network-only' }).subscribe({ error: () => {} });
}

/** Asks the server again (after a change behind the store). */
export function useRefetchRootValue(query: GraphQLTaggedNode): () => void {
  const environment = useRelayEnvironment();
  return useCallback(() => refetch(environment, query), [environment, query]);
}

export function useRootValue<T>(source: RootValueSource<T>, refetchKey: string | null): T {
  const environment = useRelayEnvironment();
  const { query, fragment, read } = source;
  const [value, setValue] = useState<T>(() => read(null));
  // Keeps the root field in the store while the header shows, and follows its changes.
  useEffect(() => {
    const operation = createOperationDescriptor(getRequest(query), {});
    const retained = environment.retain(operation);
    const snapshot = environment.lookup(createReaderSelector(getFragment(fragment), ROOT_ID, {}, operation.request));
    const follow = (data: unknown) => setValue(read(data));
    follow(snapshot.data);
    const subscription = environment.subscribe(snapshot, (next) => follow(next.data));
    return () => {
      subscription.dispose();
      retained.dispose();
    };
  }, [environment, query, fragment, read]);
  useEffect(() => refetch(environment, query), [environment, query, refetchKey]);
  return value;
}
