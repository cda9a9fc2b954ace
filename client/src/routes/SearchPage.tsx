import { Suspense, useSyncExternalStore } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { NOINDEX_ROBOTS, parseSearchParams, searchHref, searchQueryString } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { SearchResults } from '../features/search/SearchResults.tsx';
import { SearchSkeleton } from '../features/search/SearchSkeleton.tsx';
import { SearchErrorBoundary } from '../features/search/SearchErrorBoundary.tsx';
import { searchVariables } from '../features/search/search-state.ts';
import { shopperLocation } from '../features/lists/shopper-location.ts';
import { Main } from '../ui/Main.tsx';
import { Seo } from '../ui/Seo.tsx';
import type { SearchPageQuery } from '../__generated__/SearchPageQuery.graphql';

// The search the latest loader started. Router updates render in a transition, which keeps the
// previous results on screen while the next ones load; this store tells them they are stale.
let requested = '';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const requestedSearch = () => requested;

/** /search?q=…: every parameter of spec §2 read from the URL, the query started here (render-as-you-fetch). */
export function loader({ request }: LoaderFunctionArgs) {
  const params = parseSearchParams(new URL(request.url).searchParams);
  requested = searchQueryString(params);
  listeners.forEach((l) => l());
  return preloadRouteQuery<SearchPageQuery>('search', query, searchVariables(params, shopperLocation()));
}

export function Component() {
  const queryRef = useLoaderData() as PreloadedQuery<SearchPageQuery>;
  return (
    <Main>
      <Suspense fallback={<SearchSkeleton />}>
        <SearchView queryRef={queryRef} />
      </Suspense>
    </Main>
  );
}

function SearchView({ queryRef }: { queryRef: PreloadedQuery<SearchPageQuery> }) {
  const data = usePreloadedQuery<SearchPageQuery>(query, queryRef);
  const { search } = useLocation();
  const params = parseSearchParams(search);
  const shown = searchQueryString(params);
  const latest = useSyncExternalStore(subscribe, requestedSearch);
  const title = params.q ? `Search results for "${params.q}"` : 'Search deals';
  return (
    <div className="container">
      <Seo
        title={params.page > 1 ? `${title} - page ${params.page}` : title}
        description={`Deals and vouchers${params.q ? ` for ${params.q}` : ''}: spa days, restaurants, activities, travel and gifts at up to 80% off.`}
        canonical={searchHref(params)}
        robots={NOINDEX_ROBOTS}
      />
      <SearchResults
        query={data}
        params={params}
        next={latest === shown ? params : parseSearchParams(latest)}
        place={data.place ?? null}
        placeSlug={queryRef.variables.place}
        pending={latest !== shown}
      />
    </div>
  );
}

export const ErrorBoundary = SearchErrorBoundary;

const query = graphql`
  query SearchPageQuery(
    $query: String
    $location: String
    $allLocations: Boolean!
    $categories: [String!]
    $category: String
    $subcategory: String
    $minPrice: Int
    $maxPrice: Int
    $tag: String
    $vip: Boolean
    $sort: SearchSort
    $order: SortDirection
    $first: Int!
    $page: Int
    $place: String!
  ) {
    # The location searched in (or the shopper's, when searching everywhere): its name and categories.
    place: location(slug: $place) {
      ...SearchResults_place
    }
    ...SearchResults_query
      @arguments(
        query: $query
        location: $location
        allLocations: $allLocations
        categories: $categories
        category: $category
        subcategory: $subcategory
        minPrice: $minPrice
        maxPrice: $maxPrice
        tag: $tag
        vip: $vip
        sort: $sort
        order: $order
        first: $first
        page: $page
      )
  }
`;
