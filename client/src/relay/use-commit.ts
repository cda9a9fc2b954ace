import { useCallback, useState } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { commitAsync } from './commit.ts';

/**
 * react-relay's useMutation (the environment from context), as a stable function giving a promise
 * of the answer, read by `read` (the result union as the caller handles it). Errors a shopper can
 * act on come back as data; a rejection means the request itself failed (network, outage), for the
 * caller to report.
 */
export function useCommit<T extends MutationParameters, R>(mutation: GraphQLTaggedNode, read: (response: T['response']) => R) {
  const [commit, inFlight] = useMutation<T>(mutation);
  // The reader is a pure function of the answer: the first one serves, so the function stays the same.
  const [reader] = useState(() => read);
  const run = useCallback(async (variables: T['variables']) => reader(await commitAsync(commit, { variables })), [commit, reader]);
  return [run, inFlight] as const;
}
