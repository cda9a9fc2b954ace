/**
 * Gift-finder queries (issue 19 point 3): live deals whose gift_tags hold every chosen tag
 * (gift_tags @> array[...], the GIN index) and whose headline price is in the chosen band. Values
 * travel as parameters; the sort comes from the allowlist below.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { GIFT_CARD_DEAL_ID, GIFT_PRICE_BANDS, type GiftPriceBand } from '@shop/domain';
import type { DealsDatabase, DealsDb } from '../db/database.ts';
import type { DealRow } from '../deals/deals.table.ts';
import { isLive, offsetOf, type Paging } from '../lists/common.ts';

export interface GiftFilter {
  /** null: every location. */
  locationIds: readonly number[] | null;
  /** Tags the deal must all carry (a recipient's and a personality's). */
  tags: readonly string[];
  band: GiftPriceBand | null;
  now: Date;
}

export type GiftSort = 'popularity' | 'discountPercentage';

type Q<O> = SelectQueryBuilder<DealsDatabase, 'deal', O>;

function inBand(band: GiftPriceBand) {
  return (eb: ExpressionBuilder<DealsDatabase, 'deal'>) =>
    band.maxPence === null
      ? eb('deal.headline_price_pence', '>=', band.minPence)
      : eb.and([eb('deal.headline_price_pence', '>=', band.minPence), eb('deal.headline_price_pence', '<', band.maxPence)]);
}

function applyFilter<O>(q: Q<O>, f: Omit<GiftFilter, 'band'> & { band?: GiftPriceBand | null }): Q<O> {
  let out = q.where('deal.gift_tags', 'is not', null).where(isLive(f.now));
  if (f.locationIds) out = out.where('deal.location_id', 'in', [...f.locationIds]);
  if (f.tags.length > 0) out = out.where(sql<boolean>`deal.gift_tags @> ${[...f.tags]}::text[]`);
  // Without a tag, a deal is a gift when it has any gift tag at all.
  else out = out.where(sql<boolean>`cardinality(deal.gift_tags) > 0`);
  if (f.band) out = out.where(inBand(f.band));
  return out;
}

const from = (db: DealsDb) => db.withSchema('deals').selectFrom('deal');

/** One page of gifts and how many there are. */
export async function giftsPage(db: DealsDb, filter: GiftFilter, sort: GiftSort, paging: Paging): Promise<{ rows: DealRow[]; total: number }> {
  let q = applyFilter(from(db).selectAll('deal'), filter);
  q =
    sort === 'popularity'
      ? // The shop's own gift card first (it suits everyone), then the most sold.
        q.orderBy(sql`(deal.id = ${GIFT_CARD_DEAL_ID})`, 'desc').orderBy('deal.sold_count', 'desc').orderBy('deal.id', 'asc')
      : q.orderBy('deal.headline_discount_percentage', 'desc').orderBy('deal.sold_count', 'desc').orderBy('deal.id', 'asc');
  const [rows, count] = await Promise.all([
    q.limit(paging.pageSize).offset(offsetOf(paging)).execute(),
    applyFilter(from(db).select(sql<number>`count(*)::int`.as('n')), filter).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** How many live gifts carry each of `tags`, with the other filters applied. */
export async function countByTag(db: DealsDb, filter: GiftFilter, tags: readonly string[]): Promise<Map<string, number>> {
  const rows = await applyFilter(from(db), filter)
    .innerJoin(sql<{ tag: string }>`unnest(deal.gift_tags)`.as('t'), (join) => join.onTrue())
    .select([sql<string>`t`.as('tag'), sql<number>`count(*)::int`.as('n')])
    .where(sql<boolean>`t = any(${[...tags]}::text[])`)
    .groupBy(sql`t`)
    .execute();
  return new Map(rows.map((r) => [r.tag, Number(r.n)]));
}

/** How many live gifts fall in each price band, with the other filters applied. */
export async function countByBand(db: DealsDb, filter: Omit<GiftFilter, 'band'>): Promise<Map<string, number>> {
  const bandOf = sql<string>`case ${sql.join(
    GIFT_PRICE_BANDS.map((b) => (b.maxPence === null ? sql`when deal.headline_price_pence >= ${b.minPence} then ${b.id}` : sql`when deal.headline_price_pence >= ${b.minPence} and deal.headline_price_pence < ${b.maxPence} then ${b.id}`)),
    sql` `,
  )} end`;
  const rows = await applyFilter(from(db), { ...filter, band: null })
    .select([bandOf.as('band'), sql<number>`count(*)::int`.as('n')])
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.filter((r) => r.band !== null).map((r) => [r.band, Number(r.n)]));
}
