import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { DEALS_PAGE_SIZE, categoryHead, categoryPath, inLocation as inLocationOf, locationPath } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { ORDER_BY_PARAM, pageOf, sortParamOf, sortValueOf } from '../lib/list-params.ts';
import { TEXT_LIMITS, truncate } from '../lib/text.ts';
import { FilteredDealGrid } from '../features/search/FilteredDealGrid.tsx';
import { ListFilters, hasListFilters, listFilterVariables, withoutListFilters } from '../features/search/ListFilters.tsx';
import { SubcategoryChips } from '../features/navigation/SubcategoryChips.tsx';
import { RecentlyViewedPanel } from '../features/lists/RecentlyViewedPanel.tsx';
import { Breadcrumbs, type Crumb } from '../ui/Breadcrumbs.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { SortSelect } from '../ui/SortSelect.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { CategoryPageQuery } from '../__generated__/CategoryPageQuery.graphql';

/** /deals/:location/:category[/:subcategory] — a category's deals, sorted as ?orderBy= says. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const page = pageOf(search);
  return preloadRouteQuery<CategoryPageQuery>('category', query, {
    location: params.location!,
    category: params.category!,
    subcategory: params.subcategory ?? null,
    sort: sortValueOf(sortParamOf(search)),
    page: page > 1 ? page : null,
    first: DEALS_PAGE_SIZE,
    // The price (pounds in the URL, pence here) and VIP filters.
    ...listFilterVariables(search),
  });
}

export function Component() {
  const data = usePreloadedQuery<CategoryPageQuery>(query, useLoaderData() as PreloadedQuery<CategoryPageQuery>);
  const params = useParams();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const location = data.location;
  const category = location?.category;
  if (!location || !category) return <NotFoundView what="category" />;

  const searchParams = new URLSearchParams(search);
  const sort = sortParamOf(searchParams);
  const page = pageOf(searchParams);
  const parent = category.parent;
  const inLocation = inLocationOf(location);
  const heading = truncate(`${category.name} deals${inLocation}`, TEXT_LIMITS.categoryTitle);
  const crumbs: Crumb[] = [
    { label: location.name, href: locationPath(location.slug) },
    ...(parent ? [{ label: parent.name, href: categoryPath(location.slug, params.category!) }] : []),
    { label: category.name },
  ];

  return (
    <div className="container">
      <Seo head={categoryHead(location, category, { category: params.category!, subcategory: params.subcategory ?? null }, page)} />
      <Breadcrumbs items={crumbs} />
      <header className="page-header">
        <PageHeading>{heading}</PageHeading>
        {category.description ? <p className="page-header__lede">{truncate(category.description, TEXT_LIMITS.subtitle)}</p> : null}
      </header>
      <SubcategoryChips location={location} category={params.category!} />
      <FilteredDealGrid
        location={location}
        emptyHref={locationPath(location.slug)}
        filtered={hasListFilters(search)}
        clearHref={withoutListFilters(pathname, search)}
        controls={
          <>
            <ListFilters />
            <SortSelect
              value={sort}
              onChange={(next) => {
                const nextParams = new URLSearchParams(search);
                nextParams.delete('page'); // a new order starts at the first page
                if (next === 'popularity') nextParams.delete(ORDER_BY_PARAM);
                else nextParams.set(ORDER_BY_PARAM, next);
                const qs = nextParams.toString();
                void navigate(qs ? `${pathname}?${qs}` : pathname, { preventScrollReset: true });
              }}
            />
          </>
        }
      />
      <RecentlyViewedPanel location={location.slug} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query CategoryPageQuery(
    $location: String!
    $category: String!
    $subcategory: String
    $sort: DealSort!
    $page: Int
    $first: Int!
    $minPrice: Int
    $maxPrice: Int
    $vip: Boolean
  ) {
    location(slug: $location) {
      slug
      name
      # domain's categoryHead and inLocation read these
      # eslint-disable-next-line relay/unused-fields
      isNational
      # eslint-disable-next-line relay/unused-fields
      isTravel
      category(slug: $category, subcategory: $subcategory) {
        name
        # eslint-disable-next-line relay/unused-fields -- categoryHead's title
        metaTitle
        description
        parent {
          name
        }
      }
      ...SubcategoryChips_location
      ...FilteredDealGrid_location
        @arguments(
          first: $first
          page: $page
          category: $category
          subcategory: $subcategory
          sort: $sort
          minPrice: $minPrice
          maxPrice: $maxPrice
          vip: $vip
        )
    }
  }
`;
