/**
 * The header's suggestions query (Query.searchSuggestions), loaded on the first keystroke so the
 * header on every page carries none of it until the shopper types.
 */
import { fetchQuery, graphql } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { suggestQuery, suggestQuery$data } from '../../__generated__/suggestQuery.graphql';

export type Suggestion = suggestQuery$data['searchSuggestions'][number];

/** How many suggestions the listbox shows at most. */
const SUGGESTIONS = 8;

/** Fetches the suggestions for some words; returns the function that cancels the request. */
export function fetchSuggestions(
  environment: Environment,
  query: string,
  location: string | null,
  onResult: (suggestions: readonly Suggestion[]) => void,
  onError: (error: Error) => void,
): () => void {
  /* eslint-disable relay/unused-fields -- a query outside any component: SearchBox reads these fields from the Suggestion type */
  const subscription = fetchQuery<suggestQuery>(
    environment,
    graphql`
      query suggestQuery($query: String!, $location: String, $first: Int!) {
        searchSuggestions(query: $query, location: $location, first: $first) {
          kind
          text
          url
          deal {
            id
            headlinePrice {
              formatted
            }
            image {
              url
              alt
              width
              height
              srcSet
              sources {
                type
                srcSet
              }
            }
          }
        }
      }
    `,
    /* eslint-enable relay/unused-fields */
    { query, location, first: SUGGESTIONS },
    { fetchPolicy: 'store-or-network' },
  ).subscribe({
    next: (data) => onResult(data.searchSuggestions),
    error: (error: Error) => onError(error),
  });
  return () => subscription.unsubscribe();
}
