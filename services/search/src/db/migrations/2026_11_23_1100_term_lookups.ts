/**
 * search.suggest_terms(): the suggestion lookup as one PL/pgSQL function (performance.md B6). A
 * suggestion cost ~1.2 ms of PostgreSQL CPU, most of it the trigram tier: a KNN scan ranks every
 * term of the GiST index by distance to keep 30, and planning the `%` operator (which would let
 * the index skip dissimilar terms) runs it over the column statistics, ~0.5 ms a plan. Here each
 * statement is planned once per connection (plan_cache_mode = force_generic_plan) and written to
 * need no constants from the request:
 *  - prefix tier: the btree range [norm, the next text after every text starting with norm) on
 *    term_prefix_idx (text_pattern_ops compares bytes, and UTF-8 bytes order as code points do),
 *    then starts_with(); the shopper's text is matched literally (no LIKE, nothing to escape);
 *  - trigram tier (trigram_rows > 0): the non-deal terms at least min_similarity similar (`%`, a
 *    bitmap scan of the GiST trigram index, with pg_trgm.similarity_threshold set just under
 *    min_similarity for the call), nearest first: the rows the KNN kept (the nearest
 *    trigram_rows, then those similar enough), at about half the cost.
 * Rows are (kind, text, norm, url, deal_id, location_slug, weight, tier, similarity), prefix
 * matches (tier 0, similarity 1) first.
 *
 * search.correct_words(): per word of a query that found (almost) nothing, whether it is a stop
 * word, whether some document knows it, and for an unknown word of 3+ characters the closest
 * single-word term at least min_similarity similar (nearest, then most used, then by text), or
 * null. The `%` operator (pg_trgm.similarity_threshold set just under min_similarity) finds the
 * candidates on the GiST trigram index: ordering every term by distance to each word took a
 * sequential scan and ~4 ms a word.
 *
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';
import { extensionSchema } from './2026_11_23_0900_create_search.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  const trgm = await extensionSchema(db, 'pg_trgm');
  await sql
    .raw(
      `create or replace function search.suggest_terms(q text, location text, prefix_rows integer, trigram_rows integer, min_similarity real)
       returns table (kind text, text text, norm text, url text, deal_id integer, location_slug text, weight integer, tier integer, similarity real)
       language plpgsql stable
       set plan_cache_mode = force_generic_plan
       set pg_trgm.similarity_threshold = 0.3
       as $fn$
       #variable_conflict use_column
       declare
         n text := search.norm(q);
         hi text := n;
         c integer;
       begin
         if n is null or n = '' then
           return;
         end if;
         -- hi: n with its last character replaced by the next code point (surrogates are not
         -- characters; a last character that has no next one is dropped and the one before moves on).
         loop
           c := ascii(right(hi, 1));
           if c < 1114111 then
             hi := left(hi, -1) || chr(case when c + 1 between 55296 and 57343 then 57344 else c + 1 end);
             exit;
           end if;
           hi := left(hi, -1);
           exit when hi = '';
         end loop;
         if hi = '' then
           return query
             select t.kind, t.text, t.norm, t.url, t.deal_id, t.location_slug, t.weight, 0, 1::real
             from search.term t
             where t.norm operator(pg_catalog.~>=~) n and starts_with(t.norm, n)
               and (location is null or t.location_slug is null or t.location_slug = location)
             order by t.weight desc, t.norm
             limit prefix_rows;
         else
           return query
             select t.kind, t.text, t.norm, t.url, t.deal_id, t.location_slug, t.weight, 0, 1::real
             from search.term t
             where t.norm operator(pg_catalog.~>=~) n and t.norm operator(pg_catalog.~<~) hi and starts_with(t.norm, n)
               and (location is null or t.location_slug is null or t.location_slug = location)
             order by t.weight desc, t.norm
             limit prefix_rows;
         end if;
         if trigram_rows > 0 then
           -- Restored when the function returns (the SET clause above). A hair below min_similarity:
           -- the % operator only narrows the candidates, the filter below decides (as real, like the column).
           perform set_config('pg_trgm.similarity_threshold', (min_similarity::float8 - 1e-6)::text, true);
           return query
             select y.kind, y.text, y.norm, y.url, y.deal_id, y.location_slug, y.weight, 1, y.similarity from (
               select t.kind, t.text, t.norm, t.url, t.deal_id, t.location_slug, t.weight,
                 (1 - (t.norm operator(${trgm}.<->) n))::real as similarity
               from search.term t
               where t.kind <> 'deal' and t.norm operator(${trgm}.%) n
                 and (location is null or t.location_slug is null or t.location_slug = location)
               order by t.norm operator(${trgm}.<->) n
               limit trigram_rows
             ) y
             where y.similarity >= min_similarity;
         end if;
       end
       $fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function search.correct_words(words text[], min_similarity real)
       returns table (word text, best text, similarity real, known boolean, stop boolean)
       language plpgsql stable
       set plan_cache_mode = force_generic_plan
       set pg_trgm.similarity_threshold = 0.3
       as $fn$
       #variable_conflict use_column
       begin
         -- Restored when the function returns (the SET clause above); the filter below decides.
         perform set_config('pg_trgm.similarity_threshold', (min_similarity::float8 - 1e-6)::text, true);
         return query
           select k.word, b.norm, b.sim, k.known, k.stop
           from (
             select w.ord, n.word,
               numnode(plainto_tsquery('english', n.word)) = 0 as stop,
               exists (select 1 from search.deal_document d where d.search_vector @@ plainto_tsquery('search.english_unaccent', n.word)) as known
             from unnest(words) with ordinality as w(word, ord)
             cross join lateral (select search.norm(w.word) as word) n
           ) k
           left join lateral (
             select t.norm, ${trgm}.similarity(t.norm, k.word) as sim
             from search.term t
             where not k.known and not k.stop and char_length(k.word) >= 3
               and t.kind = 'term' and t.kind <> 'deal' and strpos(t.norm, ' ') = 0
               and t.norm operator(${trgm}.%) k.word and ${trgm}.similarity(t.norm, k.word) >= min_similarity
             order by t.norm operator(${trgm}.<->) k.word, t.weight desc, t.norm
             limit 1
           ) b on true
           order by k.ord;
       end
       $fn$`,
    )
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop function if exists search.suggest_terms(text, text, integer, integer, real)`.execute(db);
  await sql`drop function if exists search.correct_words(text[], real)`.execute(db);
}
