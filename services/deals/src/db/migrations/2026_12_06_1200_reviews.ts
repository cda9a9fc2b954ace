/**
 * Reviews of merchants (issue 19 point 9; spec §9 reviews). Until now a merchant had a fixed
 * `rating` and `review_count` with no review behind them; they become real rows of deals.review:
 *
 * - `source` 'voucher': written by the holder of a redeemed voucher of the merchant, once per
 *   voucher (`voucher_id` unique: the database refuses a second one, whatever races; UK DMCC Act
 *   2024). 'seed': the catalogue's own reviews, made from the old figures.
 * - merchant.review_count and merchant.rating_total are kept by the insert's transaction (one
 *   conditional update each), so the average (total / count) is read without scanning reviews.
 *
 * Each merchant that had a rating keeps its average: min(review_count, 20) reviews whose stars add
 * up to round(rating × n) (domain spreadRatings, written here in SQL), so their mean is the old
 * rating (exactly for 20 reviews). Then `rating` goes. Frozen in time: no app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table deals.review (
      id bigint generated always as identity primary key,
      merchant_id integer not null references deals.merchant (id),
      deal_id integer references deals.deal (id),
      source text not null check (source in ('voucher', 'seed')),
      voucher_id uuid unique,
      reviewer_name text not null check (char_length(reviewer_name) between 1 and 80),
      rating smallint not null check (rating between 1 and 5),
      body text not null check (char_length(body) between 1 and 2000),
      created_at timestamptz not null,
      check ((source = 'voucher') = (voucher_id is not null))
    )`.execute(db);
  // A merchant's reviews newest first, 10 a page (keyset on created_at, id).
  await sql`create index review_merchant_idx on deals.review (merchant_id, created_at desc, id desc)`.execute(db);
  await sql`alter table deals.merchant add column rating_total integer not null default 0 check (rating_total >= 0)`.execute(db);

  await sql`
    with m as (
      select id, least(review_count, 20) as n,
             least(5 * least(review_count, 20), greatest(least(review_count, 20), round(rating * least(review_count, 20))::int)) as total
        from deals.merchant where rating is not null and review_count > 0
    )
    insert into deals.review (merchant_id, source, reviewer_name, rating, body, created_at)
    select m.id, 'seed',
           (array['Morag T.', 'Callum R.', 'Aisha K.', 'Fraser M.', 'Isla B.', 'Ewan D.', 'Priya S.', 'Kirsty W.', 'Rory G.', 'Eilidh C.', 'Hamish L.', 'Zara P.'])[1 + (m.id * 7 + i) % 12],
           r.stars,
           (array['Disappointing, not what we expected.', 'Not the best visit, but the staff tried.', 'Fine for the price. Nothing special.', 'Lovely experience, would go back.', 'Fantastic, great value and friendly staff.'])[r.stars],
           now() - make_interval(days => i * 11 + m.id % 9, mins => m.id % 600)
      from m
      cross join generate_series(1, m.n) as i
      cross join lateral (select (m.total / m.n) + case when i - 1 < m.total - (m.total / m.n) * m.n then 1 else 0 end as stars) r`.execute(db);
  await sql`
    update deals.merchant m set review_count = coalesce(s.n, 0), rating_total = coalesce(s.total, 0)
      from (select mm.id, count(r.id)::int as n, coalesce(sum(r.rating), 0)::int as total
              from deals.merchant mm left join deals.review r on r.merchant_id = mm.id group by mm.id) s
     where s.id = m.id`.execute(db);
  await sql`alter table deals.merchant drop column rating`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table deals.merchant add column rating double precision`.execute(db);
  await sql`update deals.merchant set rating = round((rating_total::numeric / review_count), 1) where review_count > 0`.execute(db);
  await sql`alter table deals.merchant drop column rating_total`.execute(db);
  await sql`drop table deals.review`.execute(db);
}
