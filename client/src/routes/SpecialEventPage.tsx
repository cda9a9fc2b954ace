import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { DEALS_PAGE_SIZE, TEXT_LIMITS, truncate } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageHref, pageOf, pagedTitle } from '../lib/list-params.ts';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { Prose } from '../features/lists/Prose.tsx';
import { SpecialEventDeals } from '../features/lists/SpecialEventDeals.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { SpecialEventPageQuery } from '../__generated__/SpecialEventPageQuery.graphql';
import '../features/lists/lists.css';

/** /deals/:location/special/:slug (spec §2 special event page): the event, then its deals. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  return preloadRouteQuery<SpecialEventPageQuery>('special-event', query, {
    location: params.location!,
    slug: params.slug!,
    first: DEALS_PAGE_SIZE,
    page: page > 1 ? page : null,
  });
}

export function Component() {
  const { specialEvent: event } = usePreloadedQuery<SpecialEventPageQuery>(query, useLoaderData() as PreloadedQuery<SpecialEventPageQuery>);
  const { pathname, search } = useLocation();
  if (!event) return <NotFoundView what="event" />;
  const page = pageOf(new URLSearchParams(search));
  return (
    <div className="container">
      <Seo
        title={pagedTitle(event.title, page)}
        description={truncate(event.description || event.title, TEXT_LIMITS.text)}
        canonical={pageHref(pathname, new URLSearchParams(), page)}
      />
      <Breadcrumbs items={[{ label: event.location.name, href: event.location.url }, { label: event.title }]} />
      <header className="page-header event-header">
        <p className="list-eyebrow">Special event</p>
        <PageHeading>{event.title}</PageHeading>
        <Prose text={event.description} className="page-header__lede" />
      </header>
      <SpecialEventDeals
        event={event}
        label="Event offers"
        empty={
          <ListEmpty title="This event’s deals have all gone" actions={[{ href: event.location.url, label: `See all deals in ${event.location.name}` }]}>
            They were popular. There are plenty more deals to explore today.
          </ListEmpty>
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query SpecialEventPageQuery($location: String!, $slug: String!, $first: Int!, $page: Int) {
    specialEvent(location: $location, slug: $slug) {
      title
      description
      location {
        name
        url
      }
      ...SpecialEventDeals_event @arguments(first: $first, page: $page)
    }
  }
`;
