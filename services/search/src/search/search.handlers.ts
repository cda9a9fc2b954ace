import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { displayLocation } from '@shop/domain';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { SearchResponse, SearchSort, SearchStrategy } from '../contract.ts';
import type { SearchDeps } from '../lib/deps.ts';
import type { IndexNames } from '../lib/index-state.ts';
import * as routes from './search.routes.ts';
import * as store from './search.store.ts';

/** Fewer matches than this and the words are checked for typos. */
const CORRECT_BELOW = 3;
/** A vocabulary word replaces a typed word only this similar (pg_trgm similarity). */
const MIN_CORRECTION_SIMILARITY = 0.4;
const MAX_CORRECTED_WORDS = 8;
/**
 * Ordered ids a summary keeps: the first 20 pages of 12 (5 of 48). Deeper pages are summarised
 * to their own depth and not cached.
 */
export const SUMMARY_DEPTH = 240;

const gbp = (amount: number, currency: string) => ({ amount, currency: currency === 'EUR' ? ('EUR' as const) : ('GBP' as const) });
const WORD_CHARS = /[\p{L}\p{N}]/u;

/**
 * A search as resolved: what it found, the deals of the page asked for when it was resolved, and
 * the corrected words when the typed ones found (almost) nothing.
 */
export interface ResolvedSearch {
  summary: store.SearchSummary;
  rows: store.PageRow[];
  correctedQuery: string | null;
}

function inCategoryDimension(g: store.FacetGroup, f: store.SearchFilter): boolean {
  if (f.category !== undefined && g.category !== f.category) return false;
  if (f.subcategory !== undefined && g.subcategory !== f.subcategory) return false;
  if (f.categories.length && !f.categories.includes(g.category)) return false;
  return true;
}

const totalOf = (s: store.SearchSummary, f: store.SearchFilter) => s.groups.filter((g) => inCategoryDimension(g, f)).reduce((n, g) => n + g.count, 0);

function sumBy(groups: store.FacetGroup[], key: (g: store.FacetGroup) => string | null, label: (slug: string, g: store.FacetGroup) => string) {
  const out = new Map<string, { linkText: string; count: number }>();
  for (const g of groups) {
    const k = key(g);
    if (k === null) continue;
    const entry = out.get(k) ?? { linkText: label(k, g), count: 0 };
    entry.count += g.count;
    out.set(k, entry);
  }
  return [...out.entries()]
    .map(([shortName, v]) => ({ shortName, linkText: v.linkText, count: v.count }))
    .sort((a, b) => b.count - a.count || a.linkText.localeCompare(b.linkText));
}

type Navigation = SearchResponse['facetedNavigation']['navigations'][number];

/**
 * Facet counts: per category over every filter but the category dimension (so they add up to
 * the total when no category is chosen); per sub-category of the chosen category; per location
 * when searching every location.
 */
function facets(groups: store.FacetGroup[], f: store.SearchFilter, names: IndexNames): Navigation[] {
  const navigations: Navigation[] = sumBy(groups, (g) => g.category, (slug) => names.categories.get(slug) ?? slug).map((n) => ({ type: 'category', ...n }));
  if (f.category !== undefined) {
    const inCategory = groups.filter((g) => g.category === f.category);
    navigations.push(
      ...sumBy(inCategory, (g) => g.subcategory, (slug, g) => names.categories.get(`${g.category}/${slug}`) ?? slug).map((n) => ({ type: 'subcategory' as const, ...n })),
    );
  }
  if (f.location === null) {
    const matching = groups.filter((g) => inCategoryDimension(g, f));
    navigations.push(...sumBy(matching, (g) => g.location, (slug) => names.locations.get(slug) ?? slug).map((n) => ({ type: 'location' as const, ...n })));
  }
  return navigations;
}

export function registerSearchRoutes(app: OpenAPIHono, deps: SearchDeps): void {
  /** The words with typos replaced by the closest vocabulary word, or null when nothing changes. */
  async function correctQuery(q: string): Promise<string | null> {
    const words = q.split(/[^\p{L}\p{N}']+/u).filter(Boolean).slice(0, MAX_CORRECTED_WORDS);
    if (words.length === 0) return null;
    const corrections = await store.correctWords(deps.db, words, MIN_CORRECTION_SIMILARITY);
    let changed = false;
    const out = corrections.map((c) => {
      if (c.known || c.stop || c.best === null || (c.similarity ?? 0) < MIN_CORRECTION_SIMILARITY || c.best === c.word) return c.word;
      changed = true;
      return c.best;
    });
    return changed ? out.join(' ') : null;
  }

  /** Summarises a search; with words too few matches try corrected words, then title trigrams. */
  async function resolve(filter: store.SearchFilter, request: store.SummaryRequest): Promise<ResolvedSearch> {
    if (!filter.q) return { ...(await store.summariseWithoutWords(deps.db, filter, request)), correctedQuery: null };
    // Nothing searchable (punctuation, symbols): no match, and nothing to send to the database.
    if (!WORD_CHARS.test(filter.q)) return { summary: { groups: [], ids: [], sponsored: [], cheapest: null }, rows: [], correctedQuery: null };
    let found = await store.summariseWithWords(deps.db, filter, request);
    let total = totalOf(found.summary, filter);
    let correctedQuery: string | null = null;
    if (total < CORRECT_BELOW) {
      const corrected = await correctQuery(filter.q);
      if (corrected) {
        const retry = await store.summariseWithWords(deps.db, { ...filter, q: corrected }, request);
        const retryTotal = totalOf(retry.summary, filter);
        if (retryTotal > total) {
          found = retry;
          total = retryTotal;
          correctedQuery = corrected;
        }
      }
    }
    if (total === 0 && filter.q.replace(/[^\p{L}\p{N}]/gu, '').length >= 3) {
      // Last resort: titles whose words are trigram-similar to what was typed.
      const fuzzy = await store.summariseWithWords(deps.db, { ...filter, matcher: 'trigram' }, request);
      if (totalOf(fuzzy.summary, filter) > 0) found = fuzzy;
    }
    return { ...found, correctedQuery };
  }

  async function handle(c: Context, strategy: SearchStrategy, location: string, query: routes.SearchQueryInput) {
    const q = (query.q ?? '').trim().replace(/\s+/g, ' ');
    const version = await deps.index.version();
    deps.cache?.setVersion(version);
    const names = await deps.index.names();
    const all = query.allLocations === 'true' || location === 'all';
    const slug = displayLocation(location);
    if (!all && !names.locations.has(slug)) return problemResponse(c, notFoundProblem('Sorry, we could not find that location.'));

    const filter: store.SearchFilter = {
      q,
      matcher: 'fts',
      location: all ? null : slug,
      category: query.category,
      subcategory: query.subcategory,
      categories: query.categories ? [...new Set(query.categories.split(','))].sort() : [],
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      vip: query.vip === undefined ? undefined : query.vip === 'true',
      tag: query.tag === undefined ? undefined : query.tag.trim().toLowerCase().replace(/\s+/g, ' '),
      excludeCategories: query.excludeCategories ? [...new Set(query.excludeCategories.split(','))].sort() : [],
      excludeDeals: query.excludeDeals ? [...new Set(query.excludeDeals.split(',').map(Number))].sort((a, b) => a - b) : [],
      now: deps.now(),
    };
    const sort: SearchSort = query.sort ?? (q ? 'relevance' : 'popularity');
    const order = sort === 'relevance' ? undefined : query.order;
    const offset = query.page * query.pageSize;
    const depth = Math.max(SUMMARY_DEPTH, offset + query.pageSize);
    const request: store.SummaryRequest = { sort, order, strategy, depth, offset, limit: query.pageSize };

    const { now: _now, ...keyed } = filter;
    const key = JSON.stringify([strategy, sort, order ?? null, depth, keyed]);
    const cached = deps.cache && depth === SUMMARY_DEPTH ? await deps.cache.get(key, () => resolve(filter, request)) : null;
    const resolved = cached ? cached.value : await resolve(filter, request);
    const { summary, correctedQuery } = resolved;
    c.header('x-search-cache', cached ? (cached.hit ? 'hit' : 'miss') : 'off');

    // A fresh summary came with this page's deals; a cached one gets them by id, with the
    // clock of this request (a deal that closed since is left out).
    const pageIds = summary.ids.slice(offset, offset + query.pageSize);
    const fresh = !cached || !cached.hit;
    const rows = new Map((fresh ? resolved.rows : await store.fetchRows(deps.db, pageIds.map((r) => r.id), filter.now)).map((r) => [r.id, r]));
    const page = pageIds.flatMap((r) => {
      const row = rows.get(r.id);
      return row ? [{ ...row, score: r.score }] : [];
    });
    const total = totalOf(summary, filter);
    const cheapest = summary.cheapest;
    const direction = sort === 'relevance' ? 'desc' : (order ?? store.SORT_COLUMNS[sort].direction);
    const body: SearchResponse = {
      deals: page.map((r, i) => ({
        id: r.id,
        title: r.title,
        headline: r.headline,
        url: r.url,
        price: gbp(r.price, r.currency),
        discountPercentage: r.discountPercentage,
        locationSlug: r.locationSlug,
        categorySlug: r.categorySlug,
        subcategorySlug: r.subcategorySlug,
        rank: offset + i + 1,
        score: r.score,
      })),
      facetedNavigation: { navigations: query.facetedNavigation === 'false' ? [] : facets(summary.groups, filter, names), count: total },
      searchResult: { totalResults: total, page: query.page, pageSize: query.pageSize, query: q, correctedQuery, sort, order: direction, strategy },
      sponsored: { deals: summary.sponsored.map((s) => ({ id: s.id, adId: s.adId, urlPath: s.url, isSponsored: true as const })), sessionId: null },
      // The cheapest deal of every page (spec §3 mainDeal, the 'from £X' of the results header).
      mainDeal: cheapest && total > 0 ? { price: gbp(cheapest.price, cheapest.currency), vipPrice: cheapest.vipPrice === null ? null : gbp(cheapest.vipPrice, cheapest.currency) } : null,
    };
    return c.json(body, 200);
  }

  app.openapi(routes.search, (c) => handle(c, 'a', c.req.valid('param').location, c.req.valid('query')));
  app.openapi(routes.searchB, (c) => handle(c, 'b', c.req.valid('param').location, c.req.valid('query')));
}
