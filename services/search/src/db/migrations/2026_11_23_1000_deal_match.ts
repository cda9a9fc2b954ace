/**
 * search.deal_match: a narrow copy of each deal document holding only what a search with words
 * reads per match, fixed-width columns first (performance.md B6). A common word matches ~15,000
 * documents; filtering, counting and ordering them on the wide deal_document rows (about 9 a page,
 * the slugs behind many variable-length columns) cost ~3× the same work on these rows.
 *  - match_vector: the document's weighted vector plus lexemes naming its location and tags
 *    ('@loc:glasgow', '@tag:couples': no query text can produce them), so a search in one
 *    location or with a tag reads only those documents' matches from the GIN index;
 *  - facet_id: the (location, category, sub-category) of the deal in search.facet, so facet
 *    counts group by one integer.
 * Kept in step with deal_document by statement-level triggers (insert, update, delete, truncate):
 * the indexer writes deal_document only. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

/** Columns copied as they are from deal_document. */
const COPIED = ['sold_count', 'price_pence', 'discount_percentage', 'created_at', 'closing_date', 'vip_exclusive', 'location_slug', 'category_slug', 'subcategory_slug', 'tags', 'title_vector'];

/** The statement copying `rows` (deal_document rows) into deal_match, facets first. */
function copyStatement(rows: string): string {
  const cols = ['id', 'facet_id', ...COPIED, 'match_vector'].join(', ');
  const values = ['r.id', 'f.id', ...COPIED.map((c) => `r.${c}`), `r.search_vector || array_to_tsvector(array['@loc:' || r.location_slug] || array(select '@tag:' || t from unnest(r.tags) t))`].join(', ');
  const set = ['facet_id', ...COPIED, 'match_vector'].map((c) => `${c} = excluded.${c}`).join(', ');
  return `
    insert into search.facet (location_slug, category_slug, subcategory_slug)
    select distinct r.location_slug, r.category_slug, r.subcategory_slug from ${rows} r
    on conflict do nothing;
    insert into search.deal_match (${cols})
    select ${values} from ${rows} r
    join search.facet f on f.location_slug = r.location_slug and f.category_slug = r.category_slug
      and f.subcategory_slug is not distinct from r.subcategory_slug
    on conflict (id) do update set ${set};`;
}

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table search.facet (
      id integer generated always as identity primary key,
      location_slug text not null,
      category_slug text not null,
      subcategory_slug text,
      unique nulls not distinct (location_slug, category_slug, subcategory_slug)
    )`.execute(db);
  await sql`
    create table search.deal_match (
      id integer primary key,
      facet_id integer not null,
      sold_count integer not null,
      price_pence integer not null,
      discount_percentage integer not null,
      created_at timestamptz not null,
      closing_date timestamptz,
      vip_exclusive boolean not null,
      location_slug text not null,
      category_slug text not null,
      subcategory_slug text,
      tags text[] not null,
      title_vector tsvector not null,
      match_vector tsvector not null
    )`.execute(db);
  await sql`create index deal_match_search_idx on search.deal_match using gin (match_vector)`.execute(db);
  // The indexer clusters the table on it after a first load: a location's or a category's
  // matches then sit on few pages.
  await sql`create index deal_match_facet_idx on search.deal_match (facet_id)`.execute(db);

  await sql
    .raw(
      `create function search.deal_match_upsert() returns trigger language plpgsql as $$
       begin
         ${copyStatement('changed_rows')}
         return null;
       end $$`,
    )
    .execute(db);
  await sql`
    create function search.deal_match_delete() returns trigger language plpgsql as $$
    begin
      delete from search.deal_match m using removed_rows r where m.id = r.id;
      return null;
    end $$`.execute(db);
  await sql`
    create function search.deal_match_truncate() returns trigger language plpgsql as $$
    begin
      truncate search.deal_match;
      return null;
    end $$`.execute(db);
  await sql`create trigger deal_match_insert after insert on search.deal_document referencing new table as changed_rows
    for each statement execute function search.deal_match_upsert()`.execute(db);
  await sql`create trigger deal_match_update after update on search.deal_document referencing new table as changed_rows
    for each statement execute function search.deal_match_upsert()`.execute(db);
  await sql`create trigger deal_match_delete after delete on search.deal_document referencing old table as removed_rows
    for each statement execute function search.deal_match_delete()`.execute(db);
  await sql`create trigger deal_match_truncate after truncate on search.deal_document
    for each statement execute function search.deal_match_truncate()`.execute(db);
  // The documents already indexed (one statement at a time: not every driver takes several).
  for (const statement of copyStatement('search.deal_document').split(';')) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const t of ['deal_match_insert', 'deal_match_update', 'deal_match_delete', 'deal_match_truncate']) {
    await sql.raw(`drop trigger if exists ${t} on search.deal_document`).execute(db);
  }
  for (const f of ['deal_match_upsert', 'deal_match_delete', 'deal_match_truncate']) await sql.raw(`drop function if exists search.${f}()`).execute(db);
  await sql`drop table if exists search.deal_match`.execute(db);
  await sql`drop table if exists search.facet`.execute(db);
}
