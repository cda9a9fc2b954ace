import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { SEARCH_PAGE_SIZE } from '@shop/domain';
import { vipCategoryHead } from '@shop/domain/page-head';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageOf } from '../lib/list-params.ts';
import { VipDeals } from '../features/vip/VipDeals.tsx';
import { VipCategoryChips } from '../features/vip/VipCategoryChips.tsx';
import { useAuthState } from '../features/accounts/auth.ts';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { VipCategoryPageQuery } from '../__generated__/VipCategoryPageQuery.graphql';
import '../features/lists/lists.css';
import '../features/vip/vip.css';

/**
 * /deals/vip/{category} (spec §2 page type vipCategory: a list-type first segment, a second
 * segment starting with vip): one category's VIP deals, every location, at most 60 (spec §9
 * "VIP limit 60"), with their VIP prices. A category is a page while it has VIP deals (the
 * chips on /deals/vip link only those); any other slug is not found.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  return {
    ref: preloadRouteQuery<VipCategoryPageQuery>('deals-vip-category', query, { category: params.category!, first: SEARCH_PAGE_SIZE, page: page > 1 ? page : null }),
  };
}

type LoaderData = ReturnType<typeof loader>;

export function Component() {
  return (
    <MainWithSkeleton>
      <VipCategoryPage />
    </MainWithSkeleton>
  );
}

function VipCategoryPage() {
  const { ref } = useLoaderData() as LoaderData;
  const data = usePreloadedQuery<VipCategoryPageQuery>(query, ref as PreloadedQuery<VipCategoryPageQuery>);
  const auth = useAuthState();
  const { category } = ref.variables;
  // The category facet is counted over the other filters, so it names this category as well as the others.
  const facet = data.vipCategories.facets.find((f) => f.type === 'CATEGORY' && f.value === category && f.count > 0);
  if (!facet) return <NotFoundView what="VIP category" />;
  return (
    <div className="container">
      <Seo head={vipCategoryHead(facet.label, category)} />
      <header className="page-header">
        <p className="list-eyebrow">VIP members</p>
        <PageHeading>VIP {facet.label} deals</PageHeading>
        <p className="page-header__lede">
          {auth.vip ? (
            'Your VIP prices on these deals: choose the VIP option when you buy.'
          ) : (
            <>
              VIP members save up to an extra 10% on these deals. <Link to="/deals/vip">Join VIP</Link>
            </>
          )}
        </p>
      </header>
      <VipCategoryChips search={data.vipCategories} />
      <VipDeals
        query={data}
        label={`VIP ${facet.label} deals`}
        empty={
          <ListEmpty title="No VIP deals here right now" actions={[{ href: '/deals/vip', label: 'See all VIP deals' }]}>
            New VIP options arrive with new deals.
          </ListEmpty>
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query VipCategoryPageQuery($category: String!, $first: Int!, $page: Int) {
    vipCategories: search(vip: true, allLocations: true, first: 1) {
      facets {
        type
        value
        label
        count
      }
      ...VipCategoryChips_search
    }
    ...VipDeals_query @arguments(first: $first, page: $page, category: $category)
  }
`;
