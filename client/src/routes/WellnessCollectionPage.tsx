import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LOCATION, SEARCH_PAGE_SIZE, WELLNESS_CATEGORIES, locationPath } from '@shop/domain';
import { wellnessCollectionHead } from '@shop/domain/page-head';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageOf } from '../lib/list-params.ts';
import { WellnessDeals } from '../features/wellness/WellnessDeals.tsx';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { WellnessCollectionPageQuery } from '../__generated__/WellnessCollectionPageQuery.graphql';
import '../features/lists/lists.css';

/**
 * The wellness collection, /deals/wellness-collection and /wellness-collection (spec §2 page type
 * wellness-collection, its fixed title, domain wellnessCollectionHead; the wellness theme comes
 * with its location, domain themeFor): spa, beauty and fitness deals from every location.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  return { ref: preloadRouteQuery<WellnessCollectionPageQuery>('wellness-collection', query, { first: SEARCH_PAGE_SIZE, page: page > 1 ? page : null, categories: [...WELLNESS_CATEGORIES] }) };
}

type LoaderData = ReturnType<typeof loader>;

export function Component() {
  return (
    <MainWithSkeleton>
      <WellnessCollectionPage />
    </MainWithSkeleton>
  );
}

function WellnessCollectionPage() {
  const { ref } = useLoaderData() as LoaderData;
  const data = usePreloadedQuery<WellnessCollectionPageQuery>(query, ref as PreloadedQuery<WellnessCollectionPageQuery>);
  const { pathname } = useLocation();
  return (
    <div className="container">
      <Seo head={wellnessCollectionHead(pathname.replace(/\/+$/, ''))} />
      <header className="page-header">
        <p className="list-eyebrow">Spa, beauty and fitness</p>
        <PageHeading>The Wellness Collection</PageHeading>
        <p className="page-header__lede">Spa days and breaks, treatments, beauty and fitness from across Scotland and the UK, in one place.</p>
      </header>
      <WellnessDeals
        query={data}
        empty={
          <ListEmpty title="No wellness deals right now" actions={[{ href: locationPath(DEFAULT_LOCATION), label: 'See all deals' }]}>
            New spa and wellbeing deals arrive every week. In the meantime, there is plenty more to explore.
          </ListEmpty>
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query WellnessCollectionPageQuery($first: Int!, $page: Int, $categories: [String!]!) {
    ...WellnessDeals_query @arguments(first: $first, page: $page, categories: $categories)
  }
`;
