import { Suspense } from 'react';
import { graphql, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { RECENTLY_VIEWED_PANEL_SIZE } from '@shop/domain';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { DealRail, DealRailSkeleton } from './DealRail.tsx';
import { QuietBoundary } from './QuietBoundary.tsx';
import { asIdList, recentlyViewedIds, useRecentlyViewedIds } from './recently-viewed.ts';
import type { RecentlyViewedPanelQuery } from '../../__generated__/RecentlyViewedPanelQuery.graphql';

const query = graphql`
  query RecentlyViewedPanelQuery($dealIds: [ID!]!, $first: Int!) {
    recentlyViewedDeals(dealIds: $dealIds, first: $first) {
      edges {
        ...DealRail_edges
      }
    }
  }
`;

const TITLE = 'Recently viewed';
const frame = { title: TITLE, seeAllHref: '/recently-viewed', seeAllName: 'recently viewed deals' };

/**
 * Starts the panel's query from a route loader (the homepage), so it loads beside the page's
 * own; null when nothing was viewed in the location.
 */
export function preloadRecentlyViewedPanel(location: string): PreloadedQuery<RecentlyViewedPanelQuery> | null {
  const ids = recentlyViewedIds(location);
  if (ids.length === 0) return null;
  return preloadRouteQuery<RecentlyViewedPanelQuery>('recently-viewed-panel', query, { dealIds: asIdList(ids), first: RECENTLY_VIEWED_PANEL_SIZE });
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * "Recently viewed" (spec §9: 4 deals in the panel, newest first) on the location homepage and
 * category pages. Hidden when nothing was viewed; while the deals load, a placeholder of the
 * same height holds the space, so nothing jumps. `queryRef` comes from the route's loader; without
 * one (or when the history changed since), the panel asks for its deals itself.
 */
export function RecentlyViewedPanel({ location, queryRef = null }: { location: string; queryRef?: PreloadedQuery<RecentlyViewedPanelQuery> | null }) {
  const ids = asIdList(useRecentlyViewedIds(location));
  if (ids.length === 0) return null;
  const count = Math.min(ids.length, RECENTLY_VIEWED_PANEL_SIZE);
  return (
    <QuietBoundary>
      <Suspense fallback={<DealRailSkeleton {...frame} count={count} />}>
        {queryRef && sameIds(queryRef.variables.dealIds as readonly string[], ids) ? <PreloadedPanel queryRef={queryRef} /> : <LazyPanel dealIds={ids} />}
      </Suspense>
    </QuietBoundary>
  );
}

function PreloadedPanel({ queryRef }: { queryRef: PreloadedQuery<RecentlyViewedPanelQuery> }) {
  const data = usePreloadedQuery<RecentlyViewedPanelQuery>(query, queryRef);
  return <DealRail {...frame} edges={data.recentlyViewedDeals.edges} />;
}

function LazyPanel({ dealIds }: { dealIds: string[] }) {
  const data = useLazyLoadQuery<RecentlyViewedPanelQuery>(query, { dealIds, first: RECENTLY_VIEWED_PANEL_SIZE }, { fetchPolicy: 'store-or-network' });
  return <DealRail {...frame} edges={data.recentlyViewedDeals.edges} />;
}
