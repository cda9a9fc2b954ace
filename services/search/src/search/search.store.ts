/**
 * The search queries. Every value from a request travels as a parameter; sort columns and
 * directions come only from the allowlists below (reliability V4).
 *
 * A search is summarised by one statement, then its page is fetched by id (so a summary can be
 * cached and paged through). With words, the statement reads the match set once:
 *  - `m`: documents matching the words (GIN on the weighted tsvector of search.deal_match, the
 *    narrow copy of the documents: facet slugs, filter and sort columns, vectors), live, in the
 *    location, with the filters other than the category dimension (materialised once);
 *  - facet counts per (location, category, sub-category) over `m`;
 *  - the ordered ids: relevance ranks a bounded candidate set only (performance.md B6): the top
 *    CANDIDATES matches by a cheap order (title match, then popularity, then id), then ts_rank on
 *    those rows alone. Deals past the cap follow in the cheap order, so deep pages stay stable;
 *    column sorts end in id, a unique tie-break;
 *  - the sponsored deals: active campaigns whose deal matches the words and location, highest
 *    bid first.
 * Without words the same parts read the btree indexes (sort keys, covering facet index).
 */
import { sql, type RawBuilder } from 'kysely';
import type { SearchSort, SearchStrategy } from '../contract.ts';
import type { SearchDb } from '../db/database.ts';

/**
 * How many matches relevance ranks with ts_rank (the first 10 pages of 12); the rest follow in
 * the cheap order.
 */
export const CANDIDATES = 120;
/** Sponsored deals shown with a search. */
export const SPONSORED_PER_SEARCH = 2;

/** The one place a sort parameter becomes a column and a default direction. */
export const SORT_COLUMNS = {
  popularity: { column: 'sold_count', direction: 'desc' },
  price: { column: 'price_pence', direction: 'desc' },
  pricelow: { column: 'price_pence', direction: 'asc' },
  discountPercentage: { column: 'discount_percentage', direction: 'desc' },
  recentlyAdded: { column: 'created_at', direction: 'desc' },
} as const satisfies Record<Exclude<SearchSort, 'relevance'>, { column: string; direction: 'asc' | 'desc' }>;

/** How the words match: full text (tsquery), or title trigram similarity (the typo fallback). */
export type Matcher = 'fts' | 'trigram';

export interface SearchFilter {
  /** Normalised-later words; '' means no words. */
  q: string;
  matcher: Matcher;
  /** null: every location. */
  location: string | null;
  category?: string | undefined;
  subcategory?: string | undefined;
  /** Any of these categories. */
  categories: string[];
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  vip?: boolean | undefined;
  tag?: string | undefined;
  excludeCategories: string[];
  excludeDeals: number[];
  now: Date;
}

export interface SummaryRequest {
  sort: SearchSort;
  /** Direction override for the column sorts. */
  order?: 'asc' | 'desc' | undefined;
  strategy: SearchStrategy;
  /** How many deals of the ordered result to return ids for (page offset + page size at least). */
  depth: number;
  /** The page whose deals come back with the summary (saves a round trip on a cache miss). */
  offset: number;
  limit: number;
}

export interface FacetGroup {
  location: string;
  category: string;
  subcategory: string | null;
  count: number;
}

export interface RankedId {
  id: number;
  /** Relevance score (candidates only); null for column sorts and past the candidate cap. */
  score: number | null;
}

export interface SponsoredRow {
  id: number;
  adId: number;
  url: string;
}

/**
 * What a search found, before paging: matching-deal counts per (location, category,
 * sub-category) with every filter but the category dimension, the first `depth` deals in
 * result order, and the sponsored deals.
 */
export interface SearchSummary {
  groups: FacetGroup[];
  ids: RankedId[];
  sponsored: SponsoredRow[];
  /** The cheapest deal of the whole result (every page), by headline price then id; null when none. */
  cheapest: CheapestRow | null;
}

export interface CheapestRow {
  id: number;
  price: number;
  vipPrice: number | null;
  currency: string;
}

/** A summary and the deals of the page asked for with it. */
export interface SummaryWithPage {
  summary: SearchSummary;
  rows: PageRow[];
}

export interface PageRow {
  id: number;
  title: string;
  headline: string;
  url: string;
  price: number;
  currency: string;
  vipPrice: number | null;
  discountPercentage: number;
  locationSlug: string;
  categorySlug: string;
  subcategorySlug: string | null;
}

const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** Filters other than the words, location and the category dimension (applied to facets too). */
function otherFilters(f: SearchFilter, alias: string): RawBuilder<unknown>[] {
  const c = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: RawBuilder<unknown>[] = [];
  if (f.minPrice !== undefined) parts.push(sql`${c('price_pence')} >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) parts.push(sql`${c('price_pence')} <= ${f.maxPrice}`);
  if (f.vip !== undefined) parts.push(sql`${c('vip_exclusive')} = ${f.vip}`);
  if (f.tag !== undefined) parts.push(sql`${c('tags')} @> cast(${[f.tag]} as text[])`);
  if (f.excludeCategories.length) parts.push(sql`not (${c('category_slug')} = any(cast(${f.excludeCategories} as text[])))`);
  if (f.excludeDeals.length) parts.push(sql`not (${c('id')} = any(cast(${f.excludeDeals} as int[])))`);
  return parts;
}

/** The category dimension: category, sub-category, categories. */
function categoryFilters(f: SearchFilter, alias: string): RawBuilder<unknown>[] {
  const c = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: RawBuilder<unknown>[] = [];
  if (f.category !== undefined) parts.push(sql`${c('category_slug')} = ${f.category}`);
  if (f.subcategory !== undefined) parts.push(sql`${c('subcategory_slug')} = ${f.subcategory}`);
  if (f.categories.length) parts.push(sql`${c('category_slug')} = any(cast(${f.categories} as text[]))`);
  return parts;
}

function liveAndLocation(f: SearchFilter, alias: string): RawBuilder<unknown>[] {
  const c = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: RawBuilder<unknown>[] = [sql`(${c('closing_date')} is null or ${c('closing_date')} > ${f.now})`];
  if (f.location !== null) parts.push(sql`${c('location_slug')} = ${f.location}`);
  return parts;
}

/** The column sort: allowlisted column, direction, then id the same way (a unique tie-break). */
function columnOrder(sort: Exclude<SearchSort, 'relevance'>, order: 'asc' | 'desc' | undefined, alias: string): RawBuilder<unknown> {
  const { column, direction } = SORT_COLUMNS[sort];
  const dir = (order ?? direction) === 'asc' ? sql`asc` : sql`desc`;
  return sql`${sql.ref(`${alias}.${column}`)} ${dir}, ${sql.ref(`${alias}.id`)} ${dir}`;
}

interface RawSummary {
  groups: FacetGroup[] | null;
  ids: Array<[number, number | null]> | null;
  sponsored: Array<{ id: number; adId: number; url: string }> | null;
  rows: PageRow[] | null;
  cheapest: CheapestRow | null;
}

const GROUPS = (from: RawBuilder<unknown>) => sql`(select json_agg(g) from (
  select x.location_slug as location, x.category_slug as category, x.subcategory_slug as subcategory, count(*) as count
  from ${from} group by x.location_slug, x.category_slug, x.subcategory_slug) g)`;

/** Facet groups by facet id (one integer per row of `from`, aliased x), named from search.facet. */
const FACET_GROUPS = (from: RawBuilder<unknown>) => sql`(select json_agg(g) from (
  select f.location_slug as location, f.category_slug as category, f.subcategory_slug as subcategory, n.count
  from (select x.facet_id, count(*) as count from ${from} group by x.facet_id) n join search.facet f on f.id = n.facet_id) g)`;

/** A tsquery of one lexeme as written (quoted: spaces, quotes and backslashes stay in it). */
const lexeme = (text: string) => sql`cast(${`'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`} as tsquery)`;

/**
 * What search.deal_match.match_vector must match: the words (if any), and the lexemes of the
 * location and the tag asked for, so the GIN index intersects them (null: nothing to match).
 */
function matchQuery(f: SearchFilter, words: RawBuilder<unknown> | null): RawBuilder<unknown> | null {
  const parts = [...(words ? [words] : []), ...(f.location !== null ? [lexeme(`@loc:${f.location}`)] : []), ...(f.tag !== undefined ? [lexeme(`@tag:${f.tag}`)] : [])];
  return parts.length ? sql`(${sql.join(parts, sql` && `)})` : null;
}

/** Sponsored deals: active campaigns (with their copy of the deal's match columns), highest bid first. */
const SPONSORED = (where: RawBuilder<unknown>) => sql`(select json_agg(json_build_object('id', s.deal_id, 'adId', s.ad_id, 'url', s.url) order by s.bid_pence desc, s.ad_id)
  from (
    select c.deal_id, c.ad_id, c.bid_pence, c.url from search.sponsored_campaign c
    where c.active and ${where}
    order by c.bid_pence desc, c.ad_id limit ${SPONSORED_PER_SEARCH}
  ) s)`;

/**
 * The cheapest deal of a result: `ordered` lists (id, price) of every result (not only the
 * ordered depth), the min taken by the database (ties by id).
 */
const CHEAPEST = (ordered: RawBuilder<unknown>) => sql`(select json_build_object('id', d.id, 'price', d.price_pence, 'vipPrice', d.vip_price_pence, 'currency', d.currency)
  from (${ordered} limit 1) c join search.deal_document d on d.id = c.id)`;

function finish(raw: RawSummary | undefined): SummaryWithPage {
  const cheapest = raw?.cheapest ?? null;
  return {
    summary: {
      groups: (raw?.groups ?? []).map((g) => ({ ...g, count: Number(g.count) })),
      ids: (raw?.ids ?? []).map(([id, score]) => ({ id: Number(id), score: score === null ? null : Number(score) })),
      sponsored: (raw?.sponsored ?? []).map((s) => ({ id: Number(s.id), adId: Number(s.adId), url: s.url })),
      cheapest: cheapest && { id: Number(cheapest.id), price: Number(cheapest.price), vipPrice: cheapest.vipPrice === null ? null : Number(cheapest.vipPrice), currency: cheapest.currency },
    },
    rows: (raw?.rows ?? []).map(toPageRow),
  };
}

const toPageRow = (r: PageRow): PageRow => ({ ...r, price: Number(r.price), vipPrice: r.vipPrice === null ? null : Number(r.vipPrice) });

/** The ids (and scores) of `o`, in order, and the live deals of the page [offset, offset + limit). */
function idsAndPage(r: SummaryRequest, now: Date) {
  return sql`
    (select json_agg(json_build_array(o.id, o.score) order by o.rn) from o) as ids,
    (select json_agg(json_build_object(
        'id', d.id, 'title', d.title, 'headline', d.headline, 'url', d.url, 'price', d.price_pence, 'currency', d.currency,
        'vipPrice', d.vip_price_pence, 'discountPercentage', d.discount_percentage, 'locationSlug', d.location_slug,
        'categorySlug', d.category_slug, 'subcategorySlug', d.subcategory_slug))
      from o join search.deal_document d on d.id = o.id
      where o.rn > ${r.offset} and o.rn <= ${r.offset + r.limit} and (d.closing_date is null or d.closing_date > ${now})) as rows`;
}

/**
 * A search with words, in one statement over the match set `m` (read once, narrow rows): facet
 * groups, the ordered ids, and the sponsored deals (campaigns in bid order whose deal matches the
 * words and location, whatever the other filters).
 */
export async function summariseWithWords(db: SearchDb, f: SearchFilter, r: SummaryRequest): Promise<SummaryWithPage> {
  const trigram = f.matcher === 'trigram';
  // The query is written out where used (not read from a CTE) so the planner folds it to a
  // constant: real row estimates, and an index scan for the trigram fallback.
  const tsq = sql`websearch_to_tsquery('search.english_unaccent', ${f.q})`;
  const nq = sql`search.norm(${f.q})`;
  // Full text reads search.deal_match (narrow rows); in one location the query also asks for the
  // location's lexeme, so the GIN index yields only that location's matches.
  const match = trigram ? sql`${nq} <% d.title_norm` : sql`d.match_vector @@ ${matchQuery(f, tsq) ?? tsq}`;
  const inTitle = trigram ? sql`true` : sql`d.title_vector @@ ${tsq}`;
  const cats = and(categoryFilters(f, 'm'));
  // `m` carries only what the order needs (the title-match test only for strategy a's relevance).
  const sortColumns =
    r.sort !== 'relevance'
      ? sql.ref(`d.${SORT_COLUMNS[r.sort].column}`)
      : r.strategy === 'a'
        ? sql`d.sold_count, ${inTitle} as in_title`
        : sql`d.created_at`;

  let ordered: RawBuilder<unknown>;
  if (r.sort === 'relevance') {
    // Strategy a: title match first, then popularity; ts_rank (or title similarity) on the
    // candidates only. Strategy b: the newest matches are the candidates, ranked by title
    // trigram similarity blended with discount and recency.
    const cheapOrder = r.strategy === 'a' ? sql`h.in_title desc, h.sold_count desc, h.id` : sql`h.created_at desc, h.id desc`;
    const popularity = sql`ln(1 + d.sold_count) / ln(10001)`;
    const score =
      r.strategy === 'a'
        ? trigram
          ? sql`word_similarity(${nq}, d.title_norm) + 0.15 * ${popularity}`
          : sql`(case when c.in_title then 1 else 0 end) + ts_rank(d.search_vector, ${tsq}, 32) + 0.15 * ${popularity}`
        : sql`0.55 * word_similarity(${nq}, d.title_norm) + 0.25 * d.discount_percentage / 100.0
              + 0.2 * exp(-greatest(0, extract(epoch from (cast(${f.now} as timestamptz) - d.created_at))) / 7776000.0)`;
    // Only the candidates are read again (for their vector); the rest keep the cheap order.
    ordered = sql`
      select x.id, x.score, row_number() over (order by (x.pos > ${CANDIDATES}), x.score desc, x.pos) as rn
      from (
        select c.id, c.pos,
          case when c.pos <= ${CANDIDATES} then (select (${score})::float8 from search.deal_document d where d.id = c.id) end as score
        from (
          select h.id, ${r.strategy === 'a' ? sql`h.in_title` : sql`false as in_title`}, row_number() over (order by ${cheapOrder}) as pos
          from (select * from hits h order by ${cheapOrder} limit ${r.depth}) h
        ) c
      ) x`;
  } else {
    ordered = sql`
      select h.id, null::float8 as score, row_number() over (order by ${columnOrder(r.sort, r.order, 'h')}) as rn
      from (select * from hits h order by ${columnOrder(r.sort, r.order, 'h')} limit ${r.depth}) h`;
  }

  // Sponsored deals match the words and location only, whatever the other filters.
  const sponsoredMatch = sql`${trigram ? sql`${nq} <% c.title_norm` : sql`c.search_vector @@ ${tsq}`} and ${and(liveAndLocation(f, 'c'))}`;
  const result = await sql<RawSummary>`
    with m as materialized (
      select d.id, ${trigram ? sql`d.location_slug` : sql`d.facet_id`}, d.category_slug, d.subcategory_slug, d.price_pence as headline_pence, ${sortColumns}
      from ${trigram ? sql`search.deal_document d` : sql`search.deal_match d`}
      where ${match} and ${and([...liveAndLocation(f, 'd'), ...otherFilters(f, 'd')])}
    ),
    hits as (select * from m where ${cats}),
    o as materialized (${ordered})
    select
      ${trigram ? GROUPS(sql`m as x`) : FACET_GROUPS(sql`m as x`)} as groups,
      ${idsAndPage(r, f.now)},
      ${CHEAPEST(sql`select h.id from hits h order by h.headline_pence, h.id`)} as cheapest,
      ${SPONSORED(sponsoredMatch)} as sponsored`.execute(db);
  return finish(result.rows[0]);
}

/** A search without words: browse the location with the filters, on the btree indexes. */
export async function summariseWithoutWords(db: SearchDb, f: SearchFilter, r: SummaryRequest): Promise<SummaryWithPage> {
  const sort = r.sort === 'relevance' ? 'popularity' : r.sort;
  const base = and([...liveAndLocation(f, 'x'), ...otherFilters(f, 'x')]);
  // With a tag the covering facet index cannot count (tags are not in it): the narrow copies of
  // the documents with the location's and the tag's lexemes are counted instead.
  const tagged = f.tag !== undefined ? matchQuery(f, null) : null;
  const groups = tagged
    ? FACET_GROUPS(sql`search.deal_match x where x.match_vector @@ ${tagged} and ${base}`)
    : GROUPS(sql`search.deal_document x where ${base}`);
  const all = and([...liveAndLocation(f, 'd'), ...otherFilters(f, 'd'), ...categoryFilters(f, 'd')]);
  const result = await sql<RawSummary>`
    with o as materialized (
      select d.id, null::float8 as score, row_number() over (order by ${columnOrder(sort, r.order, 'd')}) as rn
      from search.deal_document d where ${all} order by ${columnOrder(sort, r.order, 'd')} limit ${r.depth}
    )
    select
      ${groups} as groups,
      ${idsAndPage(r, f.now)},
      ${CHEAPEST(sql`select d.id from search.deal_document d where ${all} order by d.price_pence, d.id`)} as cheapest,
      ${SPONSORED(and(liveAndLocation(f, 'c')))} as sponsored`.execute(db);
  return finish(result.rows[0]);
}

/** The deals of a page, by id, live ones only (in any order). */
export async function fetchRows(db: SearchDb, ids: number[], now: Date): Promise<PageRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .withSchema('search')
    .selectFrom('deal_document as d')
    .select([
      'd.id',
      'd.title',
      'd.headline',
      'd.url',
      'd.price_pence as price',
      'd.currency',
      'd.vip_price_pence as vipPrice',
      'd.discount_percentage as discountPercentage',
      'd.location_slug as locationSlug',
      'd.category_slug as categorySlug',
      'd.subcategory_slug as subcategorySlug',
    ])
    .where('d.id', 'in', ids)
    .where((eb) => eb.or([eb('d.closing_date', 'is', null), eb('d.closing_date', '>', now)]))
    .execute();
  return rows.map(toPageRow);
}

export interface WordCorrection {
  word: string;
  /** The closest term at least as similar as asked (null: none, or the word is known or a stop word). */
  best: string | null;
  similarity: number | null;
  /** The word matches some document as it is. */
  known: boolean;
  /** A stop word ('the', 'for'): never corrected. */
  stop: boolean;
}

/**
 * Per word of the query: is it a stop word, is it known to the index, and for an unknown word of
 * 3+ characters the most similar single-word term of the vocabulary (search.term) at least
 * `minSimilarity` similar (pg_trgm), or null: search.correct_words() (see its migration).
 */
export async function correctWords(db: SearchDb, words: string[], minSimilarity: number): Promise<WordCorrection[]> {
  if (words.length === 0) return [];
  const result = await sql<{ word: string; best: string | null; similarity: number | null; known: boolean; stop: boolean }>`
    select * from search.correct_words(cast(${words} as text[]), ${minSimilarity})`.execute(db);
  return result.rows.map((r) => ({ word: r.word, best: r.best, similarity: r.similarity === null ? null : Number(r.similarity), known: r.known, stop: r.stop }));
}

export interface LocationRecord {
  slug: string;
  name: string;
}

export async function listLocations(db: SearchDb): Promise<LocationRecord[]> {
  return db.withSchema('search').selectFrom('location').select(['slug', 'name']).orderBy('position').execute();
}

/** Category and sub-category names by slug ('' as the sub-category of a category itself). */
export async function listCategoryNames(db: SearchDb): Promise<Array<{ category: string; subcategory: string; name: string }>> {
  return db.withSchema('search').selectFrom('category').select(['category_slug as category', 'subcategory_slug as subcategory', 'name']).execute();
}
