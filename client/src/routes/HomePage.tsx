import { graphql, usePreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { DEALS_PAGE_SIZE, homepageHead, homepageTitle } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageOf } from '../lib/list-params.ts';
import { TEXT_LIMITS, truncate } from '../lib/text.ts';
import { DealGrid } from '../features/deals/DealGrid.tsx';
import { FeaturedDeal } from '../features/deals/FeaturedDeal.tsx';
import { RecentlyViewedPanel, preloadRecentlyViewedPanel } from '../features/lists/RecentlyViewedPanel.tsx';
import { RecommendedPanel, preloadRecommendedPanel } from '../features/lists/RecommendedPanel.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { HomePageQuery } from '../__generated__/HomePageQuery.graphql';

/**
 * /deals/:location — a location's homepage: its top deal, the shopper's recently viewed deals,
 * all the location's deals, then deals recommended for them. The panels' queries start beside
 * the page's own, so they cost no extra round trip.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  const location = params.location!;
  return {
    page: preloadRouteQuery<HomePageQuery>('home', query, {
      location,
      page: page > 1 ? page : null,
      first: DEALS_PAGE_SIZE,
    }),
    recentlyViewed: preloadRecentlyViewedPanel(location),
    recommended: preloadRecommendedPanel(location),
  };
}

type LoaderData = ReturnType<typeof loader>;

export function Component() {
  const { search } = useLocation();
  const refs = useLoaderData() as LoaderData;
  const data = usePreloadedQuery<HomePageQuery>(query, refs.page);
  const location = data.location;
  if (!location) return <NotFoundView what="location" />;
  // The top deal is never one whose business averages below 3.5 (spec §9 reviews; issue 19 point 9).
  // Lists still show every deal; only this promoted slot skips a business below the average.
  const featured = location.featured.edges.find((e) => e.node.merchant.promotable)?.node;
  const page = pageOf(new URLSearchParams(search));
  const where = location.isNational || location.isTravel ? location.name : `in ${location.name}`;
  const title = homepageTitle(location);
  return (
    <div className="container">
      <Seo head={homepageHead(location, page)} />
      <header className="page-header">
        <PageHeading>{title}</PageHeading>
        {location.description ? <p className="page-header__lede">{truncate(location.description, TEXT_LIMITS.subtitle)}</p> : null}
      </header>
      {featured && page <= 1 ? <FeaturedDeal deal={featured} eyebrow={`Top deal ${where}`} /> : null}
      <RecentlyViewedPanel location={location.slug} queryRef={refs.recentlyViewed} />
      <section aria-labelledby="all-deals" className="section">
        <h2 id="all-deals" className="section__title">
          {location.isNational || location.isTravel ? `All ${location.name.toLowerCase()} deals` : `All deals ${where}`}
        </h2>
        <DealGrid location={location} emptyHref="/deals/shop" />
      </section>
      <RecommendedPanel queryRef={refs.recommended} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query HomePageQuery($location: String!, $page: Int, $first: Int!) {
    location(slug: $location) {
      slug
      name
      description
      isNational
      isTravel
      # featured: the hero, the biggest saving of the location whose business may be promoted
      # (merchant.promotable: no reviews, or an average of at least 3.5), from the first 5
      featured: deals(first: 5, sort: DISCOUNT_PERCENTAGE) {
        edges {
          node {
            merchant {
              promotable
            }
            ...FeaturedDeal_deal
          }
        }
      }
      ...DealGrid_location @arguments(first: $first, page: $page)
    }
  }
`;
