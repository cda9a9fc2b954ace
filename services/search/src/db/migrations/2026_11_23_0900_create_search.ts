/**
 * The search schema: deal documents (denormalised from the deals service's index feed, with a
 * weighted tsvector and trigram columns), the suggestion vocabulary, the locations, and the
 * sponsored-search campaigns, sessions and events. Frozen in time: never import app code here.
 *
 * Words are stemmed with the 'english' configuration after folding accents (a copy of it,
 * search.english_unaccent, with the unaccent dictionary in front of english_stem): queries use
 * the same configuration, so 'Café massages' and 'cafe massage' meet.
 * unaccent() itself is only STABLE, so the trigram columns use search.norm(), which names the
 * dictionary explicitly and is declared IMMUTABLE (the usual PostgreSQL idiom); queries normalise
 * with the same function, so both sides always agree.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

/** Document vector: title A, tags and merchant B, headline C, category names D. */
export async function up(db: MigrationDb): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  const unaccentSchema = await extensionSchema(db, 'unaccent');
  const trgm = await extensionSchema(db, 'pg_trgm');

  await sql
    .raw(
      `create or replace function search.norm(text) returns text
       language sql immutable parallel safe strict
       as $$ select lower(${unaccentSchema}.unaccent('${unaccentSchema}.unaccent'::regdictionary, $1)) $$`,
    )
    .execute(db);
  // English stemming with accents folded first: to_tsvector(regconfig, text) is immutable, so the
  // weighted vector is a plain generated column computed in C (no SQL function per row).
  await sql`create text search configuration search.english_unaccent (copy = english)`.execute(db);
  await sql
    .raw(`alter text search configuration search.english_unaccent alter mapping for hword, hword_part, word with ${unaccentSchema}.unaccent, english_stem`)
    .execute(db);
  await sql`
    create or replace function search.tags_text(text[]) returns text
    language sql immutable parallel safe strict
    as $$ select array_to_string($1, ' ') $$`.execute(db);

  await sql`
    create table search.location (
      slug text primary key,
      name text not null,
      short_name text not null,
      is_travel boolean not null,
      is_national boolean not null,
      position integer not null
    )`.execute(db);

  // One row: bumped by each sync that changed something, so the app drops its cached results.
  await sql`
    create table search.index_state (
      id integer primary key default 1 check (id = 1),
      version bigint not null,
      synced_at timestamptz not null
    )`.execute(db);
  await sql`insert into search.index_state (id, version, synced_at) values (1, 0, now())`.execute(db);

  // Names of the categories and sub-categories in the index (subcategory_slug '' for a category).
  await sql`
    create table search.category (
      category_slug text not null,
      subcategory_slug text not null,
      name text not null,
      primary key (category_slug, subcategory_slug)
    )`.execute(db);

  await sql`
    create table search.deal_document (
      id integer primary key,
      title text not null,
      headline text not null,
      merchant_name text not null,
      location_slug text not null,
      is_travel boolean not null,
      is_national boolean not null,
      category_slug text not null,
      category_name text not null,
      subcategory_slug text,
      subcategory_name text,
      tags text[] not null default '{}',
      price_pence integer not null,
      vip_price_pence integer,
      currency text not null,
      discount_percentage integer not null,
      sold_count integer not null,
      created_at timestamptz not null,
      closing_date timestamptz,
      vip_exclusive boolean not null,
      url text not null,
      lat double precision not null,
      lon double precision not null,
      doc_hash text not null,
      indexed_at timestamptz not null default now(),
      title_norm text generated always as (search.norm(title)) stored,
      title_vector tsvector generated always as (to_tsvector('search.english_unaccent'::regconfig, title)) stored,
      search_vector tsvector generated always as (
        setweight(to_tsvector('search.english_unaccent'::regconfig, title), 'A') ||
        setweight(to_tsvector('search.english_unaccent'::regconfig, coalesce(search.tags_text(tags), '') || ' ' || merchant_name), 'B') ||
        setweight(to_tsvector('search.english_unaccent'::regconfig, headline), 'C') ||
        setweight(to_tsvector('search.english_unaccent'::regconfig, category_name || ' ' || coalesce(subcategory_name, '')), 'D')
      ) stored
    )`.execute(db);
  await createDocumentIndexes(db);

  await sql`
    create table search.term (
      id integer generated always as identity primary key,
      kind text not null check (kind in ('term', 'category', 'location', 'deal')),
      source text not null,
      text text not null,
      norm text generated always as (search.norm(text)) stored,
      weight integer not null,
      url text,
      deal_id integer,
      location_slug text
    )`.execute(db);
  await sql`create unique index term_kind_norm_key on search.term (kind, location_slug, norm) nulls not distinct`.execute(db);
  await sql`create index term_prefix_idx on search.term (norm text_pattern_ops)`.execute(db);
  // GiST, not GIN: suggestions and corrections ask for the nearest terms (KNN, `<->` ordered
  // with a limit), which GiST answers by walking the tree in distance order; a GIN `<%` scan
  // reads the long posting lists of common trigrams ('  m', ' ma') for every keystroke. Deal
  // titles (long) are suggested by prefix only, so they stay out of it.
  await sql.raw(`create index term_trgm_idx on search.term using gist (norm ${trgm}.gist_trgm_ops) where kind <> 'deal'`).execute(db);

  // A campaign carries a copy of its deal's match columns (refreshed by every sync), so the
  // sponsored deals of a search are found on this small table alone, whatever else is asked.
  await sql`
    create table search.sponsored_campaign (
      ad_id integer primary key,
      deal_id integer not null unique,
      bid_pence integer not null check (bid_pence > 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      location_slug text,
      closing_date timestamptz,
      url text,
      title_norm text,
      search_vector tsvector
    )`.execute(db);
  await sql`create index sponsored_campaign_bid_idx on search.sponsored_campaign (bid_pence desc, ad_id) where active`.execute(db);
  await sql`create index sponsored_campaign_search_idx on search.sponsored_campaign using gin (search_vector) where active`.execute(db);

  await sql`
    create table search.sponsored_session (
      session_id uuid primary key,
      customer_token text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sponsored_session_customer_idx on search.sponsored_session (customer_token) where customer_token is not null`.execute(db);

  await sql`
    create table search.sponsored_event (
      id bigint generated always as identity primary key,
      session_id uuid not null references search.sponsored_session (session_id),
      type text not null check (type in ('click', 'impression')),
      ad_id integer not null,
      deal_id integer not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sponsored_event_session_idx on search.sponsored_event (session_id, at)`.execute(db);
}

/** The secondary indexes of search.deal_document: the indexer drops them for a bulk first load. */
export function documentIndexes(trgmSchema: string): Array<{ name: string; definition: string }> {
  const list = [
    { name: 'deal_document_search_idx', definition: 'using gin (search_vector)' },
    { name: 'deal_document_title_trgm_idx', definition: `using gin (title_norm ${trgmSchema}.gin_trgm_ops)` },
    { name: 'deal_document_tags_idx', definition: 'using gin (tags)' },
    // Facet counts without words: an index-only scan per location.
    { name: 'deal_document_facet_idx', definition: '(location_slug, category_slug, subcategory_slug, closing_date) include (price_pence, vip_exclusive)' },
  ];
  // Browsing without words: one btree per sort key, by location and across all, ending in id.
  for (const [key, column] of [['pop', 'sold_count'], ['price', 'price_pence'], ['disc', 'discount_percentage'], ['new', 'created_at']] as const) {
    list.push({ name: `deal_document_loc_${key}_idx`, definition: `(location_slug, ${column}, id)` });
    list.push({ name: `deal_document_${key}_idx`, definition: `(${column}, id)` });
  }
  return list;
}

export async function extensionSchema(db: MigrationDb, name: 'pg_trgm' | 'unaccent'): Promise<string> {
  const result = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = ${name}`.execute(db);
  const schema = result.rows[0]?.schema;
  if (!schema || !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`extension ${name} is not installed`);
  return schema;
}

export async function createDocumentIndexes(db: MigrationDb): Promise<void> {
  const trgm = await extensionSchema(db, 'pg_trgm');
  for (const index of documentIndexes(trgm)) {
    await sql.raw(`create index if not exists ${index.name} on search.deal_document ${index.definition}`).execute(db);
  }
}

export async function dropDocumentIndexes(db: MigrationDb): Promise<void> {
  for (const index of documentIndexes('public')) await sql.raw(`drop index if exists search.${index.name}`).execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['sponsored_event', 'sponsored_session', 'sponsored_campaign', 'term', 'deal_document', 'category', 'location', 'index_state']) {
    await sql.raw(`drop table if exists search.${table}`).execute(db);
  }
  await sql`drop function if exists search.tags_text(text[])`.execute(db);
  await sql`drop text search configuration if exists search.english_unaccent`.execute(db);
  await sql`drop function if exists search.norm(text)`.execute(db);
}
