import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { priceStepsFor, type SearchParams } from '@shop/domain';
import { formatCount } from '../../lib/text.ts';
import { PriceSlider, VipToggle, priceRangeText } from './PriceSlider.tsx';
import { ALL_LOCATIONS, clearedHref, hasFilters, hrefWith } from './search-state.ts';
import type { SearchFilters_search$data, SearchFilters_search$key } from '../../__generated__/SearchFilters_search.graphql';
import type { SearchFiltersActive_search$key } from '../../__generated__/SearchFiltersActive_search.graphql';

type Facet = SearchFilters_search$data['facets'][number];

interface FacetItem {
  key: string;
  label: string;
  href: string;
  count?: number;
  selected: boolean;
}

/** A group of facet links: each a real link (works without script), the chosen one marked. */
function FacetGroup({ title, items }: { title: string; items: FacetItem[] }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <div className="facet">
      <h3 id={id} className="filter-group__title">
        {title}
      </h3>
      <ul className="facet__list" aria-labelledby={id}>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              className="facet__link"
              to={item.href}
              aria-current={item.selected ? 'true' : undefined}
              preventScrollReset
              rel="nofollow"
            >
              <span className="facet__box" aria-hidden="true" />
              <span className="facet__label">{item.label}</span>
              {item.count !== undefined ? (
                <span className="facet__count">
                  <span className="visually-hidden">, </span>
                  {formatCount(item.count)}
                  <span className="visually-hidden">{item.count === 1 ? ' deal' : ' deals'}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const byCount = (a: Facet, b: Facet) => b.count - a.count || a.label.localeCompare(b.label);

/**
 * The search's filters (spec §2 query parameters): location (the shopper's, or all of them with a
 * count per location), category and the chosen category's sub-categories with their counts, the
 * price slider and VIP only. Every change is a new URL, so back, forward and shared links work.
 */
export function SearchFilters({
  search,
  params,
  placeSlug,
  placeName,
}: {
  search: SearchFilters_search$key;
  params: SearchParams;
  /** The location searched in, or the shopper's when searching everywhere. */
  placeSlug: string;
  placeName: string;
}) {
  const data = useFragment(
    graphql`
      fragment SearchFilters_search on SearchConnection {
        facets {
          type
          value
          label
          count
        }
      }
    `,
    search,
  );
  const navigate = useNavigate();
  const everywhere = params.location === ALL_LOCATIONS;
  const facets = (type: Facet['type']) => data.facets.filter((f) => f.type === type && f.count > 0).sort(byCount);

  // The shopper's location and "All locations"; searching everywhere lists each location's count.
  const locationFacets = everywhere ? facets('LOCATION') : [];
  const locationItems: FacetItem[] = [
    {
      key: 'here',
      label: placeName,
      href: hrefWith(params, { location: placeSlug }),
      count: locationFacets.find((f) => f.value === placeSlug)?.count,
      selected: !everywhere,
    },
    { key: ALL_LOCATIONS, label: 'All locations', href: hrefWith(params, { location: ALL_LOCATIONS }), selected: everywhere },
    ...locationFacets
      .filter((f) => f.value !== placeSlug)
      .map((f) => ({ key: f.value, label: f.label, href: hrefWith(params, { location: f.value }), count: f.count, selected: false })),
  ];

  const categoryFacets = facets('CATEGORY');
  const categoryItems: FacetItem[] = [
    { key: '', label: 'All categories', href: hrefWith(params, { category: undefined, subcategory: undefined, categories: [] }), selected: !params.category && params.categories.length === 0 },
    ...categoryFacets.map((f) => ({
      key: f.value,
      label: f.label,
      href: hrefWith(params, { category: f.value, subcategory: undefined, categories: [] }),
      count: f.count,
      selected: params.category === f.value,
    })),
  ];
  // The chosen category stays listed (and can be seen to be chosen) even when nothing matches it.
  if (params.category && !categoryFacets.some((f) => f.value === params.category)) {
    categoryItems.push({ key: params.category, label: labelOf(params.category), href: hrefWith(params, { category: params.category, subcategory: undefined }), selected: true });
  }

  const subcategoryItems: FacetItem[] = params.category
    ? facets('SUBCATEGORY').map((f) => ({
        key: f.value,
        label: f.label,
        href: hrefWith(params, { subcategory: params.subcategory === f.value ? undefined : f.value }),
        count: f.count,
        selected: params.subcategory === f.value,
      }))
    : [];

  return (
    <div className="search-filters__groups">
      <FacetGroup title="Location" items={locationItems} />
      <FacetGroup title="Category" items={categoryItems.length > 1 ? categoryItems : []} />
      <FacetGroup title="Sub-category" items={subcategoryItems} />
      <PriceSlider
        minPrice={params.minPrice}
        maxPrice={params.maxPrice}
        steps={priceStepsFor(placeSlug === 'travel' ? 'travel' : 'default')}
        onApply={(filter) => void navigate(hrefWith(params, { minPrice: filter.minPrice, maxPrice: filter.maxPrice }), { preventScrollReset: true })}
      />
      <div className="facet">
        <h3 className="filter-group__title">Membership</h3>
        <VipToggle checked={!!params.vip} onChange={(on) => void navigate(hrefWith(params, { vip: on || undefined }), { preventScrollReset: true })} />
      </div>
    </div>
  );
}

/** "food-drink" → "Food drink": a readable label for a slug the facets do not name. */
function labelOf(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The filters in force, each removable, and "Clear filters" (the words, the location and the
 * order stay).
 */
export function ActiveFilters({ search, params }: { search: SearchFiltersActive_search$key; params: SearchParams }) {
  const data = useFragment(
    graphql`
      fragment SearchFiltersActive_search on SearchConnection {
        facets {
          type
          value
          label
        }
      }
    `,
    search,
  );
  const id = useId();
  if (!hasFilters(params)) return null;
  const label = (type: Facet['type'], value: string) => data.facets.find((f) => f.type === type && f.value === value)?.label ?? labelOf(value);
  const chips: Array<{ key: string; text: string; href: string }> = [];
  if (params.category) chips.push({ key: 'category', text: label('CATEGORY', params.category), href: hrefWith(params, { category: undefined, subcategory: undefined }) });
  if (params.subcategory) chips.push({ key: 'subcategory', text: label('SUBCATEGORY', params.subcategory), href: hrefWith(params, { subcategory: undefined }) });
  for (const c of params.categories) {
    chips.push({ key: `categories-${c}`, text: label('CATEGORY', c), href: hrefWith(params, { categories: params.categories.filter((x) => x !== c) }) });
  }
  if (params.minPrice !== undefined || params.maxPrice !== undefined) {
    chips.push({ key: 'price', text: priceRangeText(params), href: hrefWith(params, { minPrice: undefined, maxPrice: undefined }) });
  }
  if (params.vip) chips.push({ key: 'vip', text: 'VIP only', href: hrefWith(params, { vip: undefined }) });
  if (params.searchTag) chips.push({ key: 'tag', text: `Tag: ${params.searchTag}`, href: hrefWith(params, { searchTag: undefined }) });
  return (
    <div className="active-filters">
      <h2 id={id} className="visually-hidden">
        Filters in use
      </h2>
      <ul className="chips" aria-labelledby={id}>
        {chips.map((c) => (
          <li key={c.key}>
            <Link className="chip chip--removable" to={c.href} preventScrollReset rel="nofollow">
              {c.text}
              <span className="chip__remove" aria-hidden="true">
                ×
              </span>
              <span className="visually-hidden">, remove this filter</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link className="active-filters__clear" to={clearedHref(params)} preventScrollReset rel="nofollow">
        Clear filters
      </Link>
    </div>
  );
}
