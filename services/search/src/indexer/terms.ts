/**
 * The suggestion vocabulary (search.term) and the category names (search.category), rebuilt
 * from the documents after each sync, in one transaction. The vocabulary, from live deals: tags, category and sub-category names per location, location names, frequent
 * title words, merchant names, and the most popular deals of each location. Earlier sources win
 * when two give the same text (a tag and a title word 'spa' are one term).
 */
import { sql, type RawBuilder } from 'kysely';
import type { SearchDb } from '../db/database.ts';

/** Title words that appear in at least this many live deals become terms. */
const MIN_WORD_DEALS = 2;
const MAX_WORDS = 3000;
/** Deals suggested by title: the most popular of each location. */
const DEALS_PER_LOCATION = 300;

export async function rebuildTerms(db: SearchDb, now: Date): Promise<number> {
  const live = sql`(d.closing_date is null or d.closing_date > ${now})`;
  return db.transaction().execute(async (trx) => {
    await sql`delete from search.category`.execute(trx);
    await sql`
      insert into search.category (category_slug, subcategory_slug, name)
      select d.category_slug, '', min(d.category_name) from search.deal_document d group by d.category_slug
      union all
      select d.category_slug, d.subcategory_slug, min(d.subcategory_name) from search.deal_document d
      where d.subcategory_slug is not null group by d.category_slug, d.subcategory_slug`.execute(trx);
    await sql`delete from search.term`.execute(trx);
    const insert = (select: RawBuilder<unknown>) =>
      sql`insert into search.term (kind, source, text, weight, url, deal_id, location_slug) ${select} on conflict do nothing`.execute(trx);

    await insert(sql`
      select 'term', 'tag', t.tag, count(*)::int, null, null, null
      from search.deal_document d cross join lateral unnest(d.tags) as t(tag)
      where ${live} group by t.tag`);
    await insert(sql`
      select 'category', 'category', min(d.category_name), count(*)::int, '/deals/' || d.location_slug || '/' || d.category_slug, null, d.location_slug
      from search.deal_document d where ${live} group by d.location_slug, d.category_slug order by count(*) desc`);
    await insert(sql`
      select 'category', 'subcategory', min(d.subcategory_name), count(*)::int,
        '/deals/' || d.location_slug || '/' || d.category_slug || '/' || d.subcategory_slug, null, d.location_slug
      from search.deal_document d where ${live} and d.subcategory_slug is not null
      group by d.location_slug, d.category_slug, d.subcategory_slug order by count(*) desc`);
    await insert(sql`
      select 'location', 'location', l.name, coalesce(c.n, 0), '/deals/' || l.slug, null, null
      from search.location l
      left join (select d.location_slug, count(*)::int as n from search.deal_document d where ${live} group by 1) c on c.location_slug = l.slug`);
    await insert(sql`
      select 'term', 'word', w.word, w.n, null, null, null from (
        select t.word, count(distinct d.id)::int as n
        from search.deal_document d
        cross join lateral unnest(tsvector_to_array(to_tsvector('simple', d.title_norm))) as t(word)
        where ${live} and char_length(t.word) >= 3 and t.word ~ '^[a-z]+$'
        group by t.word having count(distinct d.id) >= ${MIN_WORD_DEALS}
      ) w
      where numnode(plainto_tsquery('english', w.word)) > 0
      order by w.n desc, w.word limit ${MAX_WORDS}`);
    await insert(sql`
      select 'term', 'merchant', d.merchant_name, count(*)::int, null, null, d.location_slug
      from search.deal_document d where ${live} group by d.location_slug, d.merchant_name order by count(*) desc`);
    await insert(sql`
      select 'deal', 'deal', x.title, x.sold_count, x.url, x.id, x.location_slug from (
        select d.id, d.title, d.url, d.sold_count, d.location_slug,
          row_number() over (partition by d.location_slug order by d.sold_count desc, d.id) as rn
        from search.deal_document d where ${live}
      ) x where x.rn <= ${DEALS_PER_LOCATION} order by x.sold_count desc, x.id`);
    const count = await sql<{ n: number }>`select count(*)::int as n from search.term`.execute(trx);
    return Number(count.rows[0]?.n ?? 0);
  });
}
