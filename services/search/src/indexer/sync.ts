/**
 * The indexer: reads the deals service's REST API (GET /locations, then GET /index/deals page by
 * page in id order) and brings the search schema up to date.
 *  - Per feed page, the indexed hashes of the same id range are read first: new and changed
 *    documents are upserted in batches, unchanged ones are left alone (a second run over the
 *    same catalogue writes nothing), and indexed ids of the range the page does not carry are
 *    deleted (the feed is in id order, so those deals are gone).
 *  - Then the suggestion vocabulary is rebuilt, and sponsored campaigns are seeded once.
 * The next page is fetched while the current one is written.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { LocationsResponseSchema } from '@shop/deals/contract';
import { INDEX_FEED_MAX_LIMIT, IndexDealsResponseSchema, type IndexDeal, type IndexDealsResponse } from '@shop/deals/index-feed/index-feed.contract';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import type { SearchDb } from '../db/database.ts';
import { createDocumentIndexes, dropDocumentIndexes } from '../db/migrations/2026_11_23_0900_create_search.ts';
import type { NewDealDocument } from '../db/tables.ts';
import type { Logger } from '../lib/deps.ts';
import { rebuildTerms } from './terms.ts';
import { refreshCampaignCopies, seedCampaigns } from './campaigns.ts';

/** Where the deals service is: its own process (HTTP), or an app in this process. */
export type DealsSource = { baseUrl: string } | { app: { fetch(request: Request): Response | Promise<Response> } };

export interface SyncSearchIndexOptions {
  db: SearchDb;
  deals: DealsSource;
  /** Sent in x-service-token to the deals service. */
  serviceToken: string;
  /** Documents per feed page (default and most: 1000). */
  pageSize?: number;
  /** The clock, for which deals count as live in the vocabulary (default: now). */
  now?: () => Date;
  log?: Logger;
}

export interface SyncReport {
  /** Deals in the feed. */
  deals: number;
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** Rows of the rebuilt suggestion vocabulary. */
  terms: number;
  /** Campaigns created (only when there were none). */
  campaignsSeeded: number;
  pages: number;
  /** A first load into an empty index (secondary indexes built once at the end). */
  bulk: boolean;
  /** Time spent writing documents (and building indexes after a first load), waiting for feed pages. */
  writeMs: number;
  waitMs: number;
  /** Time spent after the walk: clustering and vacuuming, the vocabulary, the campaigns. */
  finishMs: number;
  ms: number;
}

class DealsFeedError extends Error {
  constructor(path: string, status: number) {
    super(`deals service answered ${status} to GET ${path}`);
    this.name = 'DealsFeedError';
  }
}

function fetcher(source: DealsSource, serviceToken: string) {
  return async (path: string): Promise<unknown> => {
    const headers = { accept: 'application/json', [SERVICE_TOKEN_HEADER]: serviceToken };
    const response =
      'baseUrl' in source
        ? await fetch(source.baseUrl.replace(/\/+$/, '') + path, { headers, signal: AbortSignal.timeout(60_000) })
        : await source.app.fetch(new Request(`http://deals${path}`, { headers }));
    if (!response.ok) {
      await response.body?.cancel();
      throw new DealsFeedError(path, response.status);
    }
    return response.json();
  };
}

const DOC_FIELDS = (d: IndexDeal) => [
  d.title, d.headline, d.merchantName, d.locationSlug, d.isTravel, d.isNational, d.categorySlug, d.categoryName, d.subcategorySlug, d.subcategoryName,
  d.tags, d.price, d.headlinePrice, d.vipPrice, d.discountPercentage, d.headlineDiscountPercentage, d.soldCount, d.createdAt, d.closingDate, d.vipExclusive, d.url, d.lat, d.lon,
];

function toDocument(d: IndexDeal): NewDealDocument {
  return {
    id: d.id,
    title: d.title,
    headline: d.headline,
    merchant_name: d.merchantName,
    location_slug: d.locationSlug,
    is_travel: d.isTravel,
    is_national: d.isNational,
    category_slug: d.categorySlug,
    category_name: d.categoryName,
    subcategory_slug: d.subcategorySlug,
    subcategory_name: d.subcategoryName,
    tags: d.tags.map((t) => t.toLowerCase()),
    // The index's price is the headline (postage included): what results show, sort and filter on.
    price_pence: d.headlinePrice.amount,
    vip_price_pence: d.vipPrice?.amount ?? null,
    currency: d.price.currency,
    discount_percentage: d.headlineDiscountPercentage,
    sold_count: d.soldCount,
    created_at: d.createdAt,
    closing_date: d.closingDate,
    vip_exclusive: d.vipExclusive,
    url: d.url,
    lat: d.lat,
    lon: d.lon,
    doc_hash: createHash('sha1').update(JSON.stringify(DOC_FIELDS(d))).digest('base64url'),
  };
}

/** Documents per INSERT: the batch travels as one JSON parameter (json_to_recordset). */
const UPSERT_BATCH = 1000;

/**
 * Inserts or updates documents. One parameter per batch keeps both sides cheap (no 25,000-value
 * bind); the generated columns (vectors, trigram text) are computed by PostgreSQL.
 */
async function upsertDocuments(db: SearchDb, docs: NewDealDocument[]): Promise<void> {
  for (let i = 0; i < docs.length; i += UPSERT_BATCH) {
    const batch = JSON.stringify(docs.slice(i, i + UPSERT_BATCH));
    await sql`
      insert into search.deal_document (id, title, headline, merchant_name, location_slug, is_travel, is_national, category_slug, category_name,
        subcategory_slug, subcategory_name, tags, price_pence, vip_price_pence, currency, discount_percentage, sold_count, created_at, closing_date,
        vip_exclusive, url, lat, lon, doc_hash)
      select x.id, x.title, x.headline, x.merchant_name, x.location_slug, x.is_travel, x.is_national, x.category_slug, x.category_name,
        x.subcategory_slug, x.subcategory_name, x.tags, x.price_pence, x.vip_price_pence, x.currency, x.discount_percentage, x.sold_count, x.created_at, x.closing_date,
        x.vip_exclusive, x.url, x.lat, x.lon, x.doc_hash
      from json_to_recordset(cast(${batch} as json)) as x(id integer, title text, headline text, merchant_name text, location_slug text, is_travel boolean,
        is_national boolean, category_slug text, category_name text, subcategory_slug text, subcategory_name text, tags text[], price_pence integer,
        vip_price_pence integer, currency text, discount_percentage integer, sold_count integer, created_at timestamptz, closing_date timestamptz,
        vip_exclusive boolean, url text, lat double precision, lon double precision, doc_hash text)
      on conflict (id) do update set
        title = excluded.title, headline = excluded.headline, merchant_name = excluded.merchant_name, location_slug = excluded.location_slug,
        is_travel = excluded.is_travel, is_national = excluded.is_national, category_slug = excluded.category_slug, category_name = excluded.category_name,
        subcategory_slug = excluded.subcategory_slug, subcategory_name = excluded.subcategory_name, tags = excluded.tags, price_pence = excluded.price_pence,
        vip_price_pence = excluded.vip_price_pence, currency = excluded.currency, discount_percentage = excluded.discount_percentage,
        sold_count = excluded.sold_count, created_at = excluded.created_at, closing_date = excluded.closing_date, vip_exclusive = excluded.vip_exclusive,
        url = excluded.url, lat = excluded.lat, lon = excluded.lon, doc_hash = excluded.doc_hash, indexed_at = now()
      where search.deal_document.doc_hash <> excluded.doc_hash`.execute(db);
  }
}

/** The hashes of the documents indexed with an id in (after, upTo] (upTo null: no upper bound). */
async function indexedHashes(db: SearchDb, after: number, upTo: number | null): Promise<Map<number, string>> {
  let q = db.withSchema('search').selectFrom('deal_document').select(['id', 'doc_hash']).where('id', '>', after);
  if (upTo !== null) q = q.where('id', '<=', upTo);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r.doc_hash]));
}

async function deleteDocuments(db: SearchDb, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.withSchema('search').deleteFrom('deal_document').where(sql<boolean>`id = any(cast(${ids} as int[]))`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function syncLocations(db: SearchDb, get: (path: string) => Promise<unknown>): Promise<void> {
  const { locations } = LocationsResponseSchema.parse(await get('/locations'));
  await db.transaction().execute(async (trx) => {
    const slugs = locations.map((l) => l.slug);
    if (slugs.length) await trx.withSchema('search').deleteFrom('location').where('slug', 'not in', slugs).execute();
    for (const [i, l] of locations.entries()) {
      const row = { slug: l.slug, name: l.name, short_name: l.shortName, is_travel: l.isTravel, is_national: l.isNational, position: i + 1 };
      await trx
        .withSchema('search')
        .insertInto('location')
        .values(row)
        .onConflict((oc) => oc.column('slug').doUpdateSet({ name: row.name, short_name: row.short_name, is_travel: row.is_travel, is_national: row.is_national, position: row.position }))
        .execute();
    }
  });
}

async function walkFeed(db: SearchDb, feedPage: (after: number) => Promise<IndexDealsResponse>, report: SyncReport): Promise<void> {
  let after = 0;
  let next: Promise<IndexDealsResponse> | null = feedPage(after);
  while (next) {
    const waitStarted = performance.now();
    const page: IndexDealsResponse = await next;
    const writeStarted = performance.now();
    report.waitMs += writeStarted - waitStarted;
    report.pages++;
    // Fetch the next page while this one is written.
    next = page.nextAfter !== null ? feedPage(page.nextAfter) : null;
    next?.catch(() => {});
    // The feed is in id order: an indexed id in (after, this page's last id] that the page does
    // not carry is a deal that is gone. Unchanged documents (same hash) are not written.
    const upTo = page.nextAfter;
    const indexed = await indexedHashes(db, after, upTo);
    const docs = page.deals.map(toDocument);
    const changed = docs.filter((d) => indexed.get(d.id) !== d.doc_hash);
    await upsertDocuments(db, changed);
    const inFeed = new Set(docs.map((d) => d.id));
    const updated = changed.filter((d) => indexed.has(d.id)).length;
    report.deals += docs.length;
    report.inserted += changed.length - updated;
    report.updated += updated;
    report.unchanged += docs.length - changed.length;
    report.deleted += await deleteDocuments(db, [...indexed.keys()].filter((id) => !inFeed.has(id)));
    if (page.nextAfter !== null) after = page.nextAfter;
    report.writeMs += performance.now() - writeStarted;
  }
}

/** One sync at a time per database handle (a second caller waits for the first). */
const running = new WeakMap<object, Promise<unknown>>();

/**
 * Brings the search index up to date with the deals service. Idempotent: a second run over an
 * unchanged catalogue rewrites no document.
 */
export async function syncSearchIndex(options: SyncSearchIndexOptions): Promise<SyncReport> {
  const previous = running.get(options.db);
  const run = (previous ?? Promise.resolve()).catch(() => {}).then(() => runSync(options));
  running.set(options.db, run);
  try {
    return await run;
  } finally {
    if (running.get(options.db) === run) running.delete(options.db);
  }
}

async function runSync(options: SyncSearchIndexOptions): Promise<SyncReport> {
  const started = performance.now();
  const { db } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const limit = Math.min(INDEX_FEED_MAX_LIMIT, Math.max(1, options.pageSize ?? INDEX_FEED_MAX_LIMIT));
  const get = fetcher(options.deals, options.serviceToken);
  const feedPage = async (after: number): Promise<IndexDealsResponse> => IndexDealsResponseSchema.parse(await get(`/index/deals?after=${after}&limit=${limit}`));

  await syncLocations(db, get);
  const report: SyncReport = { deals: 0, inserted: 0, updated: 0, unchanged: 0, deleted: 0, terms: 0, campaignsSeeded: 0, pages: 0, bulk: false, writeMs: 0, waitMs: 0, finishMs: 0, ms: 0 };
  // A first load into an empty index builds the secondary indexes once at the end: several times
  // cheaper than maintaining three GIN and nine btree indexes row by row.
  report.bulk = (await db.withSchema('search').selectFrom('deal_document').select('id').limit(1).execute()).length === 0;
  if (report.bulk) await dropDocumentIndexes(db);
  try {
    await walkFeed(db, feedPage, report);
  } finally {
    if (report.bulk) {
      const indexStarted = performance.now();
      await createDocumentIndexes(db);
      report.writeMs += performance.now() - indexStarted;
    }
  }

  const finishStarted = performance.now();
  const changed = report.inserted + report.updated + report.deleted;
  // After a first load, store the documents in (location, category, sub-category) order: the
  // words of a query go with its categories, so its matches sit on a few pages, not one each.
  if (report.bulk && report.inserted > 0) {
    await sql`cluster search.deal_document using deal_document_facet_idx`.execute(db);
    // Likewise the narrow copies searches with words read (filled by triggers, in id order).
    await sql`cluster search.deal_match using deal_match_facet_idx`.execute(db);
  }
  // Fresh statistics, and the visibility map set so facet counts without words are index-only.
  if (changed > 0) await sql`vacuum analyze search.deal_document, search.deal_match, search.facet`.execute(db);
  report.terms = await rebuildTerms(db, now());
  // The rebuild deletes and re-inserts every term: clear the dead rows at once, or every
  // suggestion's nearest-term scan wades through them.
  await sql`vacuum analyze search.term, search.category`.execute(db);
  report.campaignsSeeded = await seedCampaigns(db);
  await refreshCampaignCopies(db);
  // Tell the apps serving searches to drop what they cached (the vocabulary is rebuilt anyway).
  await sql`update search.index_state set version = version + 1, synced_at = now() where id = 1`.execute(db);
  report.finishMs = Math.round(performance.now() - finishStarted);
  report.writeMs = Math.round(report.writeMs);
  report.waitMs = Math.round(report.waitMs);
  report.ms = Math.round(performance.now() - started);
  log('[search] index synced', { ...report });
  return report;
}
