import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { GIFT_SEND_MAX_MONTHS } from '@shop/domain/gift-send-date';
import { GIFT_FINDER_PAGE_SIZE, POSTED_GIFT_WORKING_DAYS, giftFinderFiltersOf, giftFinderHead, giftFinderPageOf, giftFinderPath, giftFinderTitle } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageOf } from '../lib/list-params.ts';
import { GiftFinderFilters } from '../features/giftfinder/GiftFinderFilters.tsx';
import { GiftFinderDeals } from '../features/giftfinder/GiftFinderDeals.tsx';
import { GiftCarousel } from '../features/giftfinder/GiftCarousel.tsx';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { GiftFinderPageQuery } from '../__generated__/GiftFinderPageQuery.graphql';
import '../features/lists/lists.css';
import '../features/giftfinder/giftfinder.css';

/**
 * The gift finder (issue 19 point 3; spec §2 page types gifts and gift-finder): /gifts[/gifts-for-{who}]
 * (every location) and /deals/{location}/gift-finder[/gifts-for-{who}] (the location's gifts and
 * national ones). The recipient is in the path; ?personality= and ?price= (domain gift-finder.ts)
 * and ?page=N in the query. Unknown query values are dropped; an unknown recipient or location is
 * a not-found page.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const finder = giftFinderPageOf(url.pathname);
  if (!finder) return { ref: null };
  const filters = giftFinderFiltersOf(url.searchParams);
  const page = pageOf(url.searchParams);
  return {
    ref: preloadRouteQuery<GiftFinderPageQuery>('gift-finder', query, {
      location: finder.location,
      recipient: finder.recipient?.id ?? null,
      personality: filters.personality,
      price: filters.price,
      first: GIFT_FINDER_PAGE_SIZE,
      page: page > 1 ? page : null,
    }),
  };
}

type LoaderData = ReturnType<typeof loader>;

export function Component() {
  const { ref } = useLoaderData() as LoaderData;
  if (!ref) return <NotFoundView />;
  return (
    <MainWithSkeleton>
      <GiftFinderPage queryRef={ref} />
    </MainWithSkeleton>
  );
}

function GiftFinderPage({ queryRef }: { queryRef: PreloadedQuery<GiftFinderPageQuery> }) {
  const data = usePreloadedQuery<GiftFinderPageQuery>(query, queryRef);
  const { pathname, search } = useLocation();
  const finder = data.giftFinder;
  const page = giftFinderPageOf(pathname);
  if (!finder || !page) return <NotFoundView />;
  const locationName = finder.location?.name ?? null;
  const clearAll = giftFinderPath(finder.location?.slug ?? null, null);
  return (
    <div className="container gift-finder">
      <Seo head={giftFinderHead(page, locationName, pageOf(new URLSearchParams(search)))} />
      <header className="page-header">
        <p className="list-eyebrow">Gift finder</p>
        <PageHeading>{giftFinderTitle(page, locationName)}</PageHeading>
        <p className="page-header__lede">
          Choose who it is for, what they are like and what you want to spend. E-gifts arrive by email today, or on a day you choose up to {GIFT_SEND_MAX_MONTHS} months ahead; posted gifts
          arrive within {POSTED_GIFT_WORKING_DAYS} working days.
        </p>
      </header>
      <GiftFinderFilters finder={finder} />
      <GiftFinderDeals
        query={data}
        empty={
          <ListEmpty title="No gifts match all of that" actions={[{ href: clearAll, label: 'Clear the filters' }]}>
            Try another personality or price, or see every gift{locationName ? ` in ${locationName}` : ''}.
          </ListEmpty>
        }
      />
      <GiftCarousel finder={finder} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query GiftFinderPageQuery($location: String, $recipient: String, $personality: String, $price: String, $first: Int!, $page: Int) {
    giftFinder(location: $location, recipient: $recipient, personality: $personality, price: $price) {
      location {
        slug
        name
      }
      ...GiftFinderFilters_finder
      ...GiftCarousel_finder
    }
    ...GiftFinderDeals_query @arguments(location: $location, recipient: $recipient, personality: $personality, price: $price, first: $first, page: $page)
  }
`;
