import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { categoryPath, displayLocation } from '@shop/domain';
import { notFoundProblem, problemResponse, validationProblem } from '@shop/platform';
import type { DealsResponse } from '../contract.ts';
import type { DealsDeps } from '../lib/deps.ts';
import { parseIdList } from '../lib/http.ts';
import * as locations from '../locations/locations.store.ts';
import { decodeCursor, encodeCursor, type Cursor } from './cursor.ts';
import { hydrateDeals, type Catalogue } from './deal-mapper.ts';
import * as routes from './deals.routes.ts';
import * as store from './deals.store.ts';

type DealsQuery = {
  page?: number | undefined;
  pageSize: number;
  offset?: number | undefined;
  after?: string | undefined;
  sort: (typeof routes.DealsQuery)['_output']['sort'];
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  vip?: 'true' | 'false' | undefined;
  location?: string | undefined;
  category?: string | undefined;
  subcategory?: string | undefined;
};

interface ListParams {
  location: string;
  category?: string | undefined;
  subcategory?: string | undefined;
}

async function loadCatalogue(deps: DealsDeps): Promise<Catalogue & { categoryList: locations.CategoryRecord[] }> {
  const [locs, cats] = await Promise.all([locations.listLocations(deps.db), locations.listCategories(deps.db)]);
  return { locations: new Map(locs.map((l) => [l.id, l])), categories: new Map(cats.map((c) => [c.id, c])), categoryList: cats };
}

const badField = (c: Context, field: string, message: string) => problemResponse(c, validationProblem([{ field, message }]));

/** One list handler for the three deals routes: path segments and query filters are alternatives. */
async function listDeals(c: Context, deps: DealsDeps, params: ListParams, query: DealsQuery) {
  if (query.location && displayLocation(query.location) !== displayLocation(params.location)) {
    return badField(c, 'location', 'The location filter does not match the location in the path.');
  }
  for (const key of ['category', 'subcategory'] as const) {
    if (params[key] && query[key] && params[key] !== query[key]) return badField(c, key, `The ${key} filter does not match the ${key} in the path.`);
  }
  const categorySlug = params.category ?? query.category;
  const subcategorySlug = params.subcategory ?? query.subcategory;
  if (subcategorySlug && !categorySlug) return badField(c, 'subcategory', 'A sub-category needs its category.');

  const location = await locations.findLocation(deps.db, params.location);
  if (!location) return problemResponse(c, notFoundProblem('Sorry, we could not find that location.'));
  const catalogue = await loadCatalogue(deps);
  const category = categorySlug
    ? catalogue.categoryList.find((x) => x.parentId === null && x.slug === categorySlug && x.scope === location.scope)
    : undefined;
  if (categorySlug && !category) return problemResponse(c, notFoundProblem('Sorry, we could not find that category.'));
  const subcategory = subcategorySlug ? catalogue.categoryList.find((x) => x.parentId === category!.id && x.slug === subcategorySlug) : undefined;
  if (subcategorySlug && !subcategory) return problemResponse(c, notFoundProblem('Sorry, we could not find that sub-category.'));

  let cursor: Cursor | null = null;
  if (query.after !== undefined) {
    cursor = decodeCursor(query.after);
    if (!cursor) return badField(c, 'after', 'Not a valid cursor.');
    if (cursor.sort !== query.sort) return badField(c, 'after', 'The cursor belongs to a different sort order.');
  }

  const filter: store.DealFilter = {
    locationId: location.id,
    categoryId: category?.id,
    subcategoryId: subcategory?.id,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    vip: query.vip === undefined ? undefined : query.vip === 'true',
    now: deps.now(),
  };
  const offset = cursor ? cursor.position : (query.offset ?? (query.page ?? 0) * query.pageSize);
  const [{ rows, hasMore }, facets] = await Promise.all([
    store.listDealRows(deps.db, filter, { sort: query.sort, limit: query.pageSize, offset, after: cursor ?? undefined }),
    store.countFacets(deps.db, filter),
  ]);
  const total = facets.reduce((sum, f) => sum + f.count, 0);
  const deals = await hydrateDeals(deps.db, rows, catalogue, deps.basePath);

  const { column } = store.SORT_COLUMNS[query.sort];
  const last = rows[rows.length - 1];
  const nextCursor =
    hasMore && last ? encodeCursor({ sort: query.sort, value: column === 'created_at' ? new Date(last[column]) : Number(last[column]), id: last.id, position: offset + rows.length }) : null;
  const page = Math.floor(offset / query.pageSize);

  const path = categoryPath(location.slug, category?.slug ?? '', subcategory?.slug).replace(/\/$/, '');
  const listPath = category ? path : `/deals/${location.slug}`;
  const canonicalUrl = page > 0 ? `${listPath}?page=${page + 1}` : listPath;
  const first = rows[0];
  const body: DealsResponse = {
    deals,
    mainDeal: first
      ? { price: { amount: Number(first.price_pence), currency: 'GBP' }, vipPrice: first.vip_price_pence === null ? null : { amount: Number(first.vip_price_pence), currency: 'GBP' } }
      : null,
    canonicalUrl,
    evergreenUrl: null,
    // National urls are rewritten to shop (spec §2).
    redirectUrl: params.location !== location.slug ? canonicalUrl : null,
    facetedNavigation: {
      navigations: facets
        .map((f) => {
          const cat = catalogue.categories.get(f.categoryId)!;
          const parent = cat.parentId === null ? null : catalogue.categories.get(cat.parentId)!;
          return {
            shortName: cat.shortName,
            linkText: cat.name,
            url: parent ? categoryPath(location.slug, parent.slug, cat.slug) : categoryPath(location.slug, cat.slug),
            count: f.count,
          };
        })
        .sort((a, b) => b.count - a.count || a.linkText.localeCompare(b.linkText)),
      count: total,
    },
    searchResult: { totalResults: total, page, pageSize: query.pageSize, nextCursor },
    location: locations.toPublicLocation(location),
    category: category ? locations.toPublicCategory(category) : null,
    subCategory: subcategory ? locations.toPublicCategory(subcategory) : null,
  };
  return c.json(body, 200);
}

export function registerDealRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(routes.listDeals, (c) => listDeals(c, deps, c.req.valid('param'), c.req.valid('query')));
  app.openapi(routes.listCategoryDeals, (c) => listDeals(c, deps, c.req.valid('param'), c.req.valid('query')));
  app.openapi(routes.listSubcategoryDeals, (c) => listDeals(c, deps, c.req.valid('param'), c.req.valid('query')));

  app.openapi(routes.getDeal, async (c) => {
    const id = Number(c.req.valid('param').dealId);
    const rows = await store.findDealRowsByIds(deps.db, [id]);
    if (rows.length === 0) return problemResponse(c, notFoundProblem('Sorry, we could not find that deal.'));
    const [deal] = await hydrateDeals(deps.db, rows, await loadCatalogue(deps), deps.basePath);
    return c.json(deal!, 200);
  });

  app.openapi(routes.getDealsByIds, async (c) => {
    const ids = parseIdList(c.req.valid('query').ids);
    const rows = await store.findDealRowsByIds(deps.db, ids);
    return c.json({ deals: await hydrateDeals(deps.db, rows, await loadCatalogue(deps), deps.basePath) }, 200);
  });
}
