import { loadQuery, type GraphQLTaggedNode, type PreloadedQuery } from 'react-relay';
import type { OperationType } from 'relay-runtime';
import { environment } from './environment.ts';

/** Refs of each route, newest last. */
const held = new Map<string, Array<PreloadedQuery<OperationType>>>();
/**
 * How many refs of one route stay retained: the page on screen and the one loading. A ref is
 * disposed only once a newer navigation has replaced both, because while a navigation is
 * pending React may still render the page on screen (a quick back, a pending transition), and a
 * disposed ref's data can already be gone from the store.
 */
const KEPT_PER_ROUTE = 2;

/**
 * Starts a route's query from its loader (render-as-you-fetch) and returns the ref for
 * `usePreloadedQuery`. At most two refs per route are held (see KEPT_PER_ROUTE); a mounted
 * page retains its own data anyway.
 */
export function preloadRouteQuery<T extends OperationType>(
  route: string,
  query: GraphQLTaggedNode,
  variables: T['variables'],
): PreloadedQuery<T> {
  const refs = held.get(route) ?? [];
  const ref = loadQuery<T>(environment, query, variables, { fetchPolicy: 'store-or-network' });
  refs.push(ref as PreloadedQuery<OperationType>);
  while (refs.length > KEPT_PER_ROUTE) refs.shift()!.dispose();
  held.set(route, refs);
  return ref;
}
