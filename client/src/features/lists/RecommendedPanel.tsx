import { Suspense } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { DealRail, DealRailSkeleton } from './DealRail.tsx';
import { QuietBoundary } from './QuietBoundary.tsx';
import { asIdList, recentlyViewedIds } from './recently-viewed.ts';
import type { RecommendedPanelQuery } from '../../__generated__/RecommendedPanelQuery.graphql';

/** Deals in the homepage panel; the full list is /recommended-for-you. */
const RECOMMENDED_PANEL_SIZE = 8;

const query = graphql`
  query RecommendedPanelQuery($location: String!, $viewedDealIds: [ID!], $first: Int!) {
    recommendedDeals(location: $location, viewedDealIds: $viewedDealIds, first: $first) {
      edges {
        ...DealRail_edges
      }
    }
  }
`;

const frame = { title: 'Recommended for you', seeAllHref: '/recommended-for-you', seeAllName: 'recommended deals' };

/** Starts the panel's query from the homepage's loader: fed by the location's recently viewed ids. */
export function preloadRecommendedPanel(location: string): PreloadedQuery<RecommendedPanelQuery> {
  const viewed = recentlyViewedIds(location);
  return preloadRouteQuery<RecommendedPanelQuery>('recommended-panel', query, {
    location,
    viewedDealIds: viewed.length > 0 ? asIdList(viewed) : null,
    first: RECOMMENDED_PANEL_SIZE,
  });
}

/**
 * "Recommended for you" on the location homepage (spec §7 recommendations): one scrollable row,
 * "See all" to the full list. Left out when there is nothing to recommend or it fails to load.
 */
export function RecommendedPanel({ queryRef }: { queryRef: PreloadedQuery<RecommendedPanelQuery> }) {
  return (
    <QuietBoundary>
      <Suspense fallback={<DealRailSkeleton {...frame} count={4} />}>
        <Panel queryRef={queryRef} />
      </Suspense>
    </QuietBoundary>
  );
}

function Panel({ queryRef }: { queryRef: PreloadedQuery<RecommendedPanelQuery> }) {
  const data = usePreloadedQuery<RecommendedPanelQuery>(query, queryRef);
  return <DealRail {...frame} edges={data.recommendedDeals.edges} />;
}
