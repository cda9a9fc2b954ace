import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { DEALS_PAGE_SIZE, DEFAULT_LOCATION, locationPath } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageHref, pageOf, pagedTitle } from '../lib/list-params.ts';
import { EarlyBirdDeals } from '../features/lists/EarlyBirdDeals.tsx';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { LocationChips } from '../features/lists/LocationChips.tsx';
import { inLocationName, shopperLocation } from '../features/lists/shopper-location.ts';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { EarlyBirdPageQuery } from '../__generated__/EarlyBirdPageQuery.graphql';
import '../features/lists/lists.css';

/**
 * /early-bird (spec §2): the early-bird deals of the shopper's location (?location=, else the
 * location they last browsed), newest first, with a switcher for the other locations.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const location = shopperLocation(search);
  const page = pageOf(search);
  return {
    location,
    page,
    ref: preloadRouteQuery<EarlyBirdPageQuery>('early-bird', query, { location, first: DEALS_PAGE_SIZE, page: page > 1 ? page : null }),
  };
}

type LoaderData = ReturnType<typeof loader>;

export function Component() {
  return <MainWithSkeleton><EarlyBirdPage /></MainWithSkeleton>;
}

function EarlyBirdPage() {
  const { location, page, ref } = useLoaderData() as LoaderData;
  const data = usePreloadedQuery<EarlyBirdPageQuery>(query, ref as PreloadedQuery<EarlyBirdPageQuery>);
  const where = inLocationName(location);
  const canonical = pageHref('/early-bird', new URLSearchParams({ location }), page);
  return (
    <div className="container">
      <Seo
        title={pagedTitle(`Early-bird deals ${where}`, page)}
        description={`Be first to the newest deals ${where}: early-bird offers at their best prices, for a short time only.`}
        canonical={canonical}
      />
      <header className="page-header">
        <p className="list-eyebrow">New in, for a short time</p>
        <PageHeading>Early-bird deals {where}</PageHeading>
        <p className="page-header__lede">Be first to our newest deals, at early-bird prices before they go up.</p>
      </header>
      <LocationChips current={location} label="Early-bird deals in" />
      <EarlyBirdDeals
        query={data}
        empty={
          <ListEmpty
            title={`No early-bird deals ${where} right now`}
            actions={[{ href: locationPath(location), label: `See all deals ${where}` }, ...(location === DEFAULT_LOCATION ? [] : [{ href: `/early-bird?location=${DEFAULT_LOCATION}`, label: 'Early-bird deals in Glasgow' }])]}
          >
            New early-bird offers arrive most days. Have a look at the other locations, or at everything on today.
          </ListEmpty>
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query EarlyBirdPageQuery($location: String!, $first: Int!, $page: Int) {
    ...EarlyBirdDeals_query @arguments(location: $location, first: $first, page: $page)
  }
`;
