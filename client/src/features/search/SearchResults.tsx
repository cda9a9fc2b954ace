import { useId, useState } from 'react';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { SEARCH_PAGE_SIZE, searchHref, type SearchParams } from '@shop/domain';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { SortSelect } from '../../ui/SortSelect.tsx';
import { formatCount } from '../../lib/text.ts';
import { DealList } from '../deals/DealList.tsx';
import { ActiveFilters, SearchFilters } from './SearchFilters.tsx';
import { SponsoredResults } from './SponsoredResults.tsx';
import { ALL_LOCATIONS, SEARCH_SORT_OPTIONS, clearedHref, defaultSortOf, hasFilters, hrefWith, sortOf } from './search-state.ts';
import type { SearchResults_place$key } from '../../__generated__/SearchResults_place.graphql';
import type { SearchResults_query$key } from '../../__generated__/SearchResults_query.graphql';
import type { SearchResultsPaginationQuery } from '../../__generated__/SearchResultsPaginationQuery.graphql';
import './search.css';

/** Searches offered when nothing matched (what shoppers search for most). */
const POPULAR_SEARCHES = ['Spa day', 'Afternoon tea', 'Massage', 'Escape room', 'Hotel break', 'Cinema'];

interface SearchPlace {
  readonly slug: string;
  readonly name: string;
  readonly navigation: ReadonlyArray<{ readonly shortName: string; readonly linkText: string; readonly url: string }>;
}

/**
 * The results of a search: the heading with the count (and the corrected words when the service
 * corrected a typo), the filters, the order, the sponsored results, then the deals as a
 * pagination connection ("Load more deals" appends, ?page=N links for every page), or an empty
 * state that offers a way on.
 */
export function SearchResults({
  query,
  params,
  next,
  place: placeKey,
  placeSlug,
  pending,
}: {
  query: SearchResults_query$key;
  params: SearchParams;
  /**
   * The search the latest navigation asked for: the filters and the order show it at once, and
   * build on it, while its results load (the same as `params` once they are in).
   */
  next: SearchParams;
  /** The location searched in (or the shopper's, when searching everywhere): its name and categories. */
  place: SearchResults_place$key | null;
  /** The place's slug, for a stand-in when the location is unknown. */
  placeSlug: string;
  /** A new search is on its way: the results on screen are the previous ones. */
  pending: boolean;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<SearchResultsPaginationQuery, SearchResults_query$key>(
    graphql`
      fragment SearchResults_query on Query
      @refetchable(queryName: "SearchResultsPaginationQuery")
      @argumentDefinitions(
        query: { type: "String" }
        location: { type: "String" }
        allLocations: { type: "Boolean", defaultValue: false }
        categories: { type: "[String!]" }
        category: { type: "String" }
        subcategory: { type: "String" }
        minPrice: { type: "Int" }
        maxPrice: { type: "Int" }
        tag: { type: "String" }
        vip: { type: "Boolean" }
        sort: { type: "SearchSort" }
        order: { type: "SortDirection" }
        first: { type: "Int", defaultValue: 12 }
        after: { type: "String" }
        page: { type: "Int" }
      ) {
        search(
          query: $query
          location: $location
          allLocations: $allLocations
          categories: $categories
          category: $category
          subcategory: $subcategory
          minPrice: $minPrice
          maxPrice: $maxPrice
          tag: $tag
          vip: $vip
          sort: $sort
          order: $order
          first: $first
          after: $after
          page: $page
        ) @connection(key: "SearchResults_search") {
          totalCount
          pageSize
          correctedQuery
          strategy
          lowestPrice {
            formatted
          }
          ...SearchFilters_search
          ...SearchFiltersActive_search
          ...SponsoredResults_search
          edges {
            ...DealList_edges
          }
        }
      }
    `,
    query,
  );
  const known = useFragment(
    graphql`
      fragment SearchResults_place on Location {
        slug
        name
        navigation {
          shortName
          linkText
          url
        }
      }
    `,
    placeKey,
  );
  const place: SearchPlace = known ?? { slug: placeSlug, name: placeSlug.charAt(0).toUpperCase() + placeSlug.slice(1), navigation: [] };
  const navigate = useNavigate();
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const result = data.search;
  const everywhere = params.location === ALL_LOCATIONS;
  const where = everywhere ? 'across all locations' : `in ${place.name}`;
  const count = result.totalCount === 1 ? '1 deal' : `${formatCount(result.totalCount)} deals`;
  const corrected = result.correctedQuery && result.correctedQuery.toLowerCase() !== params.q.toLowerCase() ? result.correctedQuery : null;
  const filterCount =
    (next.category ? 1 : 0) +
    (next.subcategory ? 1 : 0) +
    next.categories.length +
    (next.minPrice !== undefined || next.maxPrice !== undefined ? 1 : 0) +
    (next.vip ? 1 : 0) +
    (next.searchTag ? 1 : 0);

  return (
    <div className="search-page" data-strategy={result.strategy}>
      <header className="page-header search-header">
        <PageHeading>{params.q ? `Results for "${params.q}"` : 'All deals'}</PageHeading>
        <p className="search-header__summary">
          <strong>{count}</strong> {where}
          {result.lowestPrice && result.totalCount > 0 ? <> · from {result.lowestPrice.formatted}</> : null}
        </p>
        {corrected ? (
          <p className="search-header__corrected">
            Showing results for <strong>{corrected}</strong>
          </p>
        ) : null}
      </header>

      <div className="search-layout">
        <aside className="search-filters" id={filtersId} data-open={filtersOpen ? '' : undefined} aria-labelledby={`${filtersId}-title`}>
          <div className="search-filters__head">
            <h2 id={`${filtersId}-title`} className="search-filters__title">
              Filter results
            </h2>
            {hasFilters(next) ? (
              <Link className="search-filters__clear" to={clearedHref(next)} preventScrollReset rel="nofollow">
                Clear filters
              </Link>
            ) : null}
          </div>
          <SearchFilters search={result} params={next} placeSlug={place.slug} placeName={place.name} />
          <button type="button" className="button button--primary search-filters__done" onClick={() => setFiltersOpen(false)}>
            Show {count}
          </button>
        </aside>

        <div className="search-results" aria-busy={pending}>
          <div className="search-results__progress" aria-hidden="true" />
          {pending ? (
            <p className="visually-hidden" role="status">
              Updating results…
            </p>
          ) : null}
          <div className="list-toolbar search-toolbar">
            <button
              type="button"
              className="button button--secondary search-filters__toggle"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              Filters{filterCount > 0 ? ` (${filterCount})` : ''}
            </button>
            {result.totalCount > 0 ? (
              <SortSelect
                options={SEARCH_SORT_OPTIONS}
                value={sortOf(next)}
                onChange={(order) => void navigate(hrefWith(next, { orderBy: order === defaultSortOf(next) ? undefined : order }), { preventScrollReset: true })}
              />
            ) : null}
          </div>
          <ActiveFilters search={result} params={next} />
          <SponsoredResults search={result} resultsKey={searchHref({ ...params, page: 1 })} />
          <DealList
            edges={result.edges}
            totalCount={result.totalCount}
            pageSize={result.pageSize}
            fallbackPageSize={SEARCH_PAGE_SIZE}
            paging={{ hasNext, isLoadingNext, loadNext }}
            empty={<EmptyResults params={params} place={place} corrected={result.correctedQuery ?? null} />}
            page={params.page}
            hrefFor={(p) => searchHref({ ...params, page: p })}
          />
        </div>
      </div>
    </div>
  );
}

/** Nothing matched: the corrected words, wider filters, popular searches and the location's categories. */
function EmptyResults({ params, place, corrected }: { params: SearchParams; place: SearchPlace; corrected: string | null }) {
  const searchesId = useId();
  const categoriesId = useId();
  const filtered = hasFilters(params);
  const everywhere = params.location === ALL_LOCATIONS;
  const categories = place.navigation.filter((n) => n.shortName !== 'all' && n.url !== `/deals/${place.slug}`).slice(0, 8);
  return (
    <div className="empty-state search-empty">
      <h2>{params.q ? `No deals found for "${params.q}"` : 'No deals match your filters'}</h2>
      <p>
        {filtered
          ? 'Try removing a filter or widening the price range.'
          : 'Check the spelling, try fewer or more general words, or browse one of these instead.'}
      </p>
      <div className="search-empty__actions">
        {corrected && corrected.toLowerCase() !== params.q.toLowerCase() ? (
          <Link className="button button--primary" to={searchHref({ q: corrected, location: params.location })}>
            Search for “{corrected}”
          </Link>
        ) : null}
        {filtered ? (
          <Link className="button button--primary" to={clearedHref(params)} rel="nofollow">
            Clear filters
          </Link>
        ) : null}
        {!everywhere && params.q ? (
          <Link className="button button--secondary" to={hrefWith(params, { location: ALL_LOCATIONS })} rel="nofollow">
            Search all locations
          </Link>
        ) : null}
      </div>
      <div className="search-empty__more">
        <div>
          <h3 id={searchesId}>Popular searches</h3>
          <ul className="chips" aria-labelledby={searchesId}>
            {POPULAR_SEARCHES.map((q) => (
              <li key={q}>
                <Link className="chip" to={searchHref({ q: q.toLowerCase(), location: params.location })}>
                  {q}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {categories.length > 0 ? (
          <div>
            <h3 id={categoriesId}>Popular in {place.name}</h3>
            <ul className="chips" aria-labelledby={categoriesId}>
              {categories.map((c) => (
                <li key={c.url}>
                  <Link className="chip" to={c.url}>
                    {c.linkText}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}
