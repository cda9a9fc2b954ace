import { loadQuery, type GraphQLTaggedNode, type PreloadedQuery } from 'react-relay';
import type { OperationType } from 'relay-runtime';
import { environment } from './environment.ts';

const current = new Map<string, PreloadedQuery<OperationType>>();

/**
 * Starts a route's query from its loader (render-as-you-fetch) and returns the ref for
 * `usePreloadedQuery`. The previous ref of the same route is disposed here: by then the page
 * that used it is either gone or retains its data itself while it stays mounted, so at most
 * one ref per route is ever held.
 */
export function preloadRouteQuery<T extends OperationType>(
  route: string,
  query: GraphQLTaggedNode,
  variables: T['variables'],
): PreloadedQuery<T> {
  current.get(route)?.dispose();
  const ref = loadQuery<T>(environment, query, variables, { fetchPolicy: 'store-or-network' });
  current.set(route, ref as PreloadedQuery<OperationType>);
  return ref;
}
