import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { DEALS_PAGE_SIZE, hyperlocalHead, locationPath } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageOf } from '../lib/list-params.ts';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { NearMeAreaDeals } from '../features/lists/NearMeAreaDeals.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { NearMeAreaPageQuery } from '../__generated__/NearMeAreaPageQuery.graphql';
import '../features/lists/lists.css';

/** /near-me/:location/:area (spec §2 hyperlocal page): an area's deals, nearest first. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  return preloadRouteQuery<NearMeAreaPageQuery>('near-me-area', query, {
    location: params.location!,
    area: params.area!,
    first: DEALS_PAGE_SIZE,
    page: page > 1 ? page : null,
  });
}

export function Component() {
  return <MainWithSkeleton><NearMeAreaPage /></MainWithSkeleton>;
}

/** 1.5 km → "1 mile"; UK shoppers think in miles. */
function milesOf(km: number): string {
  const miles = km * 0.621371;
  const rounded = miles < 1 ? Math.round(miles * 10) / 10 : Math.round(miles * 2) / 2;
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'}`;
}

function NearMeAreaPage() {
  const { nearMeArea: area } = usePreloadedQuery<NearMeAreaPageQuery>(query, useLoaderData() as PreloadedQuery<NearMeAreaPageQuery>);
  const { pathname } = useLocation();
  if (!area) return <NotFoundView what="area" />;
  const { location } = area;
  return (
    <div className="container">
      <Seo head={hyperlocalHead(pathname, { location: location.name, area: area.name })!} />
      <Breadcrumbs items={[{ label: 'Near me', href: '/near-me' }, { label: location.name, href: `/near-me/${location.slug}` }, { label: area.name }]} />
      <header className="page-header">
        <p className="list-eyebrow">Near me</p>
        <PageHeading>
          Deals near {area.name}, {location.name}
        </PageHeading>
        <p className="page-header__lede">
          Local deals within {milesOf(area.radiusKm)} of {area.name}, nearest first.
        </p>
      </header>
      <NearMeAreaDeals
        area={area}
        label={`Offers near ${area.name}`}
        empty={
          <ListEmpty
            title={`Nothing near ${area.name} right now`}
            actions={[{ href: `/near-me/${location.slug}`, label: `Other areas of ${location.name}` }, { href: locationPath(location.slug), label: `All deals in ${location.name}` }]}
          >
            New local deals arrive every day. Try a neighbouring area in the meantime.
          </ListEmpty>
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query NearMeAreaPageQuery($location: String!, $area: String!, $first: Int!, $page: Int) {
    nearMeArea(location: $location, area: $area) {
      name
      radiusKm
      location {
        slug
        name
      }
      ...NearMeAreaDeals_area @arguments(first: $first, page: $page)
    }
  }
`;
