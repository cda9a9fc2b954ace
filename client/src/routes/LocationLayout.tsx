import { Suspense } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Outlet, useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { preloadRouteQuery } from '../relay/preload.ts';
import { CategoryNav } from '../features/navigation/CategoryNav.tsx';
import { TravelNav } from '../features/navigation/TravelNav.tsx';
import { Main } from '../ui/Main.tsx';
import { NavSkeleton, PageSkeleton } from '../ui/Skeleton.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { LocationLayoutQuery } from '../__generated__/LocationLayoutQuery.graphql';

/** /deals/:location/* : the location's category bar above every page of that location. */
export function loader({ params }: LoaderFunctionArgs) {
  return preloadRouteQuery<LocationLayoutQuery>('location-layout', query, { location: params.location! });
}

// The navigation only depends on the location: keep it across category and deal pages.
export function shouldRevalidate({ currentUrl, nextUrl, currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate; // "Try again"
  return currentParams.location !== nextParams.location;
}

export function Component() {
  const queryRef = useLoaderData() as PreloadedQuery<LocationLayoutQuery>;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // A placeholder on route change to a different path (spec §2), while the next page's code
  // loads; once it renders, the keyed Suspense below shows the same placeholder until its data is in.
  const changingPath = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  return (
    <>
      <Suspense fallback={<NavSkeleton />}>
        <LocationNav queryRef={queryRef} />
      </Suspense>
      <Main>
        <Suspense key={pathname} fallback={<PageSkeleton />}>
          {changingPath ? <PageSkeleton /> : <Outlet />}
        </Suspense>
      </Main>
    </>
  );
}

function LocationNav({ queryRef }: { queryRef: PreloadedQuery<LocationLayoutQuery> }) {
  const data = usePreloadedQuery<LocationLayoutQuery>(query, queryRef);
  if (!data.location) return null;
  return (
    <>
      <CategoryNav location={data.location} />
      <TravelNav location={data.location} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query LocationLayoutQuery($location: String!) {
    location(slug: $location) {
      ...CategoryNav_location
      ...TravelNav_location
    }
  }
`;
