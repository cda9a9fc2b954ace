import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NOINDEX_ROBOTS, RECOMMENDATIONS_PAGE_SIZE, locationPath } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageOf } from '../lib/list-params.ts';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { LocationChips } from '../features/lists/LocationChips.tsx';
import { RecommendedDeals } from '../features/lists/RecommendedDeals.tsx';
import { asIdList, recentlyViewedIds } from '../features/lists/recently-viewed.ts';
import { inLocationName, shopperLocation } from '../features/lists/shopper-location.ts';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { RecommendedPageQuery } from '../__generated__/RecommendedPageQuery.graphql';
import '../features/lists/lists.css';

/**
 * /recommended-for-you (spec §2, §7, §9): deals picked from what the shopper looked at (the
 * browser's recently viewed list) and what is popular in their location; 25 a page, 40 in all.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const location = shopperLocation(search);
  const page = pageOf(search);
  const viewed = recentlyViewedIds(location);
  return {
    location,
    ref: preloadRouteQuery<RecommendedPageQuery>('recommended', query, {
      location,
      viewedDealIds: viewed.length > 0 ? asIdList(viewed) : null,
      first: RECOMMENDATIONS_PAGE_SIZE,
      page: page > 1 ? page : null,
    }),
  };
}

type LoaderData = ReturnType<typeof loader>;

export function Component() {
  return <MainWithSkeleton><RecommendedPage /></MainWithSkeleton>;
}

function RecommendedPage() {
  const { location, ref } = useLoaderData() as LoaderData;
  const data = usePreloadedQuery<RecommendedPageQuery>(query, ref as PreloadedQuery<RecommendedPageQuery>);
  const where = inLocationName(location);
  return (
    <div className="container">
      <Seo title="Recommended for you" description="Deals picked for you from what you’ve looked at and what’s popular near you." robots={NOINDEX_ROBOTS} />
      <header className="page-header">
        <PageHeading>Recommended for you</PageHeading>
        <p className="page-header__lede">Picked from the deals you’ve looked at and what’s popular {where}.</p>
      </header>
      <LocationChips current={location} label="Recommendations for" />
      <RecommendedDeals
        query={data}
        empty={
          <ListEmpty title="No recommendations yet" actions={[{ href: locationPath(location), label: `Browse deals ${where}` }, { href: '/early-bird', label: 'See early-bird deals' }]}>
            Have a look around: the deals you open help us pick ones you’ll like.
          </ListEmpty>
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query RecommendedPageQuery($location: String!, $viewedDealIds: [ID!], $first: Int!, $page: Int) {
    ...RecommendedDeals_query @arguments(location: $location, viewedDealIds: $viewedDealIds, first: $first, page: $page)
  }
`;
