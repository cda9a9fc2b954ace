/**
 * The headline price on the deal row (issue 6 point 10): list pages sort and filter by the price a
 * card shows, postage included, so "£97.99 incl. £4.99 postage" sorts and filters at £97.99.
 *
 * deals.refresh_deal_headline(ids) is the one SQL place that computes it, the same rule as
 * domain/src/headline-price.ts dealHeadline (headline-price.test.ts in the deals service checks
 * every seeded deal against it):
 * - the products it is taken from: the enabled ones, the public ones unless every enabled one is
 *   VIP-exclusive (deal-pricing.ts headlinePriceProducts);
 * - each one's headline: price + its postage (the catalogue has one delivery choice per product,
 *   so a posted product's postage is mandatory); the saving on the same basis, original + postage,
 *   whole percent rounded down;
 * - the cheapest headline wins, on a tie the smaller original; a deal with no enabled product
 *   keeps its own stored price and discount (as the index feed does).
 * A trigger on deals.product calls it whenever a product's price, original price, postage, VIP
 * flag, enabled flag or deal changes, or a product comes or goes (stock moves, remaining, do not
 * fire it); one on deals.deal when the deal's own price or discount changes (the fallback). The seed writes the columns itself from the domain function and skips the trigger.
 *
 * Frozen in time: no app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

/** The keyset indexes of the two headline sorts, per list scope (as in create_catalogue). */
const HEADLINE_INDEXES: Array<{ name: string; old: string; columns: string }> = [];
for (const [scopeName, scopeCols] of [
  ['loc', 'location_id'],
  ['cat', 'location_id, category_id'],
  ['sub', 'location_id, subcategory_id'],
] as const) {
  HEADLINE_INDEXES.push({ name: `deal_${scopeName}_hprice_idx`, old: `deal_${scopeName}_price_idx`, columns: `${scopeCols}, headline_price_pence, id` });
  HEADLINE_INDEXES.push({ name: `deal_${scopeName}_hdisc_idx`, old: `deal_${scopeName}_disc_idx`, columns: `${scopeCols}, headline_discount_percentage, id` });
}

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table deals.deal add column headline_price_pence integer, add column headline_discount_percentage integer`.execute(db);

  await sql`create function deals.refresh_deal_headline(deal_ids integer[]) returns void language sql as $$
    with shown as (
      select p.deal_id,
             p.price_pence::bigint + coalesce(p.postage_pence, 0) as price,
             p.original_price_pence::bigint + coalesce(p.postage_pence, 0) as original,
             p.vip_exclusive,
             bool_or(not p.vip_exclusive) over (partition by p.deal_id) as has_public
        from deals.product p
       where p.deal_id = any(deal_ids) and not p.disabled
    ), best as (
      select distinct on (deal_id) deal_id, price, original
        from shown
       where not (vip_exclusive and has_public)
       order by deal_id, price, original
    ), headline as (
      select d.id,
             coalesce(b.price, d.price_pence) as price,
             coalesce(case when b.deal_id is null then null
                           when b.original <= 0 or b.price >= b.original then 0
                           else (b.original - b.price) * 100 / b.original end,
                      d.discount_percentage) as discount
        from deals.deal d left join best b on b.deal_id = d.id
       where d.id = any(deal_ids)
    )
    update deals.deal d
       set headline_price_pence = h.price, headline_discount_percentage = h.discount
      from headline h
     where d.id = h.id
       and (d.headline_price_pence is distinct from h.price or d.headline_discount_percentage is distinct from h.discount)
  $$`.execute(db);

  await sql`create function deals.product_headline_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform deals.refresh_deal_headline(array[old.deal_id]);
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.deal_id is distinct from old.deal_id) then
        perform deals.refresh_deal_headline(array[new.deal_id]);
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger product_headline_trg
    after insert or delete or update of deal_id, price_pence, original_price_pence, postage_pence, vip_exclusive, disabled
    on deals.product for each row execute function deals.product_headline_changed()`.execute(db);
  // A deal with no enabled product shows its own price: keep that case right too.
  await sql`create function deals.deal_price_changed() returns trigger language plpgsql as $$
    begin
      perform deals.refresh_deal_headline(array[new.id]);
      return null;
    end
  $$`.execute(db);
  await sql`create trigger deal_headline_trg after update of price_pence, discount_percentage on deals.deal
    for each row execute function deals.deal_price_changed()`.execute(db);

  // Backfill, then the columns are never empty.
  await sql`select deals.refresh_deal_headline(array(select id from deals.deal))`.execute(db);
  await sql`alter table deals.deal alter column headline_price_pence set not null, alter column headline_discount_percentage set not null`.execute(db);

  for (const index of HEADLINE_INDEXES) {
    await sql.raw(`create index if not exists ${index.name} on deals.deal (${index.columns})`).execute(db);
    await sql.raw(`drop index if exists deals.${index.old}`).execute(db);
  }
  // The facet counts apply the price filter: keep them index-only on the headline price.
  await sql`drop index if exists deals.deal_facet_idx`.execute(db);
  await sql`create index deal_facet_idx on deals.deal
    (location_id, category_id, subcategory_id, closing_date) include (headline_price_pence, vip_exclusive)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists deals.deal_facet_idx`.execute(db);
  await sql`create index deal_facet_idx on deals.deal
    (location_id, category_id, subcategory_id, closing_date) include (price_pence, vip_exclusive)`.execute(db);
  for (const index of HEADLINE_INDEXES) {
    const columns = index.columns.replace('headline_price_pence', 'price_pence').replace('headline_discount_percentage', 'discount_percentage');
    await sql.raw(`create index if not exists ${index.old} on deals.deal (${columns})`).execute(db);
    await sql.raw(`drop index if exists deals.${index.name}`).execute(db);
  }
  await sql`drop trigger if exists deal_headline_trg on deals.deal`.execute(db);
  await sql`drop function if exists deals.deal_price_changed()`.execute(db);
  await sql`drop trigger if exists product_headline_trg on deals.product`.execute(db);
  await sql`drop function if exists deals.product_headline_changed()`.execute(db);
  await sql`drop function if exists deals.refresh_deal_headline(integer[])`.execute(db);
  await sql`alter table deals.deal drop column if exists headline_price_pence, drop column if exists headline_discount_percentage`.execute(db);
}
