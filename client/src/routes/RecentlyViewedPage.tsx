import { Suspense, useRef, useState } from 'react';
import { graphql, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { NOINDEX_ROBOTS, RECENTLY_VIEWED_KEPT, locationPath } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { DealCard } from '../features/deals/DealCard.tsx';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { LocationChips } from '../features/lists/LocationChips.tsx';
import { asIdList, clearRecentlyViewed, recentlyViewedIds, useRecentlyViewedIds } from '../features/lists/recently-viewed.ts';
import { inLocationName, locationName, shopperLocation } from '../features/lists/shopper-location.ts';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { DealGridSkeleton } from '../ui/Skeleton.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { RecentlyViewedPageQuery } from '../__generated__/RecentlyViewedPageQuery.graphql';
import '../features/lists/lists.css';

/**
 * /recently-viewed (spec §2): the deals the shopper looked at in a location, newest first (the
 * browser keeps 5 per location, spec §9), with a button that clears the history. The history is
 * the browser's own (localStorage), so this list is at most 5 deals: one page, no paging.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const location = shopperLocation(new URL(request.url).searchParams);
  const ids = recentlyViewedIds(location);
  return {
    location,
    deals: ids.length > 0 ? preloadRouteQuery<RecentlyViewedPageQuery>('recently-viewed', query, { dealIds: asIdList(ids), first: RECENTLY_VIEWED_KEPT }) : null,
  };
}

type LoaderData = ReturnType<typeof loader>;

export function Component() {
  return <MainWithSkeleton><RecentlyViewedPage /></MainWithSkeleton>;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

function RecentlyViewedPage() {
  const { location, deals } = useLoaderData() as LoaderData;
  const { search } = useLocation();
  const ids = asIdList(useRecentlyViewedIds(location));
  const [cleared, setCleared] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const where = inLocationName(location);
  const page = new URLSearchParams(search).has('location') ? `/recently-viewed?location=${location}` : '/recently-viewed';

  return (
    <div className="container">
      <Seo title="Recently viewed deals" description="The deals you looked at most recently on Thistle Deals." canonical={page} robots={NOINDEX_ROBOTS} />
      <header className="page-header list-header">
        <div>
          <PageHeading>Recently viewed</PageHeading>
          <p className="page-header__lede">
            Up to {RECENTLY_VIEWED_KEPT} deals you looked at {where}, newest first. This list stays in this browser.
          </p>
        </div>
        {ids.length > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              clearRecentlyViewed();
              setCleared(true);
              // The button goes away with the list: keep keyboard focus on the news instead.
              requestAnimationFrame(() => statusRef.current?.focus());
            }}
          >
            Clear history
          </button>
        ) : null}
      </header>
      <LocationChips current={location} label="Recently viewed in" />
      <p ref={statusRef} tabIndex={-1} role="status" className={cleared ? 'list-notice' : 'visually-hidden'}>
        {cleared ? 'Your recently viewed history is cleared.' : ''}
      </p>
      {ids.length === 0 ? (
        <ListEmpty
          title={cleared ? 'Nothing here now' : `You haven’t viewed any deals ${where} yet`}
          actions={[{ href: locationPath(location), label: `Browse deals ${where}` }, { href: '/recommended-for-you', label: 'See recommendations' }]}
        >
          Deals you open show up here, so you can find your way back to them.
        </ListEmpty>
      ) : (
        <Suspense fallback={<DealGridSkeleton count={Math.min(ids.length, 3)} />}>
          {deals && sameIds(deals.variables.dealIds as readonly string[], ids) ? <PreloadedList queryRef={deals} location={location} /> : <LazyList dealIds={ids} location={location} />}
        </Suspense>
      )}
    </div>
  );
}

function PreloadedList({ queryRef, location }: { queryRef: PreloadedQuery<RecentlyViewedPageQuery>; location: string }) {
  const data = usePreloadedQuery<RecentlyViewedPageQuery>(query, queryRef);
  return <ViewedList data={data} location={location} />;
}

function LazyList({ dealIds, location }: { dealIds: string[]; location: string }) {
  const data = useLazyLoadQuery<RecentlyViewedPageQuery>(query, { dealIds, first: RECENTLY_VIEWED_KEPT }, { fetchPolicy: 'store-or-network' });
  return <ViewedList data={data} location={location} />;
}

function ViewedList({ data, location }: { data: RecentlyViewedPageQuery['response']; location: string }) {
  const { edges } = data.recentlyViewedDeals;
  if (edges.length === 0) {
    return (
      <ListEmpty title="Those deals have ended" actions={[{ href: locationPath(location), label: `See today’s deals ${inLocationName(location)}` }]}>
        The deals you looked at in {locationName(location)} have closed or sold out. New deals arrive every day.
      </ListEmpty>
    );
  }
  return (
    <ul className="deal-grid" aria-label="Recently viewed">
      {edges.map((edge, i) => (
        <li key={edge.node.id}>
          <DealCard deal={edge.node} eager={i < 3} />
        </li>
      ))}
    </ul>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query RecentlyViewedPageQuery($dealIds: [ID!]!, $first: Int!) {
    recentlyViewedDeals(dealIds: $dealIds, first: $first) {
      edges {
        node {
          id
          ...DealCard_deal
        }
      }
    }
  }
`;
