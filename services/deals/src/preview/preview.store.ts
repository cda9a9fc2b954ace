/**
 * Deals that are not live yet (issue 19 point 6): read for the preview, moved into the live
 * tables when due, and the demo seed. Nothing here is read by a list, the search feed, the
 * sitemap, a basket or a hold: those read deals.deal and deals.product only.
 */
import { sql } from 'kysely';
import { catalogueMerchants } from '../merchants/merchants.store.ts';
import type { DealsDb } from '../db/database.ts';
import type { DealRow, ProductRow } from '../deals/deals.table.ts';
import type { NewUpcomingDeal, NewUpcomingProduct, UpcomingDealRow } from './preview.table.ts';
import { ensureGiftTags } from '../gifts/gift-tags.ts';

/** The most upcoming deals one merchants' list returns. */
export const UPCOMING_LIST_MAX = 100;

export async function findUpcomingDeal(db: DealsDb, id: number): Promise<UpcomingDealRow | undefined> {
  return db.withSchema('deals').selectFrom('upcoming_deal').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The upcoming deals of these catalogue merchants: scheduled first by when they go live, then drafts, by id. */
export async function upcomingDealsOfMerchants(db: DealsDb, merchantIds: number[]): Promise<UpcomingDealRow[]> {
  if (merchantIds.length === 0) return [];
  return db
    .withSchema('deals')
    .selectFrom('upcoming_deal')
    .selectAll()
    .where('merchant_id', 'in', merchantIds)
    .orderBy(sql`live_from asc nulls last`)
    .orderBy('id')
    .limit(UPCOMING_LIST_MAX)
    .execute();
}

/** The products of upcoming deals (hydrateDeals' loadProducts for them). */
export async function findUpcomingProductRows(db: DealsDb, dealIds: number[]): Promise<ProductRow[]> {
  if (dealIds.length === 0) return [];
  const rows = await db.withSchema('deals').selectFrom('upcoming_product').selectAll().where('deal_id', 'in', dealIds).orderBy('deal_id').orderBy('position').execute();
  return rows as ProductRow[];
}

/** An upcoming deal read as a deal row (the mapper's input); the status and live_from are the preview's own. */
export function asDealRow(row: UpcomingDealRow): DealRow {
  const { status: _status, live_from: _liveFrom, ...deal } = row;
  return deal as DealRow;
}

/** The columns the two tables share, in the live table's order (information_schema: never from a request). */
async function sharedColumns(db: DealsDb, live: 'deal' | 'product', upcoming: 'upcoming_deal' | 'upcoming_product'): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    select l.column_name from information_schema.columns l
      join information_schema.columns u on u.table_schema = l.table_schema and u.column_name = l.column_name and u.table_name = ${upcoming}
     where l.table_schema = 'deals' and l.table_name = ${live}
     order by l.ordinal_position`.execute(db);
  return rows.map((r) => r.column_name);
}

/**
 * Moves every scheduled deal whose live_from has come into deals.deal and deals.product, keeping
 * its ids, in one transaction (the rows are locked and skipped by a concurrent run, so two shop
 * processes never move one twice), tagged for the gift finder in the same transaction. Returns
 * the ids moved. The search index learns of them at its next sync (SEARCH_SYNC_EVERY_S, or a start).
 */
export async function publishDueDeals(db: DealsDb, now: Date): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const due = await sql<{ id: number }>`
      select id from deals.upcoming_deal where status = 'scheduled' and live_from <= ${now}
       order by id for update skip locked`.execute(trx);
    const ids = due.rows.map((r) => Number(r.id));
    if (ids.length === 0) return [];
    const dealColumns = await sharedColumns(trx, 'deal', 'upcoming_deal');
    const productColumns = await sharedColumns(trx, 'product', 'upcoming_product');
    const list = (columns: string[]) => sql.join(columns.map((c) => sql.id(c)));
    await sql`insert into deals.deal (${list(dealColumns)}) select ${list(dealColumns)} from deals.upcoming_deal where id = any(${ids}::int[])`.execute(trx);
    await sql`insert into deals.product (${list(productColumns)}) select ${list(productColumns)} from deals.upcoming_product where deal_id = any(${ids}::int[])`.execute(trx);
    await sql`delete from deals.upcoming_deal where id = any(${ids}::int[])`.execute(trx);
    // Live deals carry their gift finder tags (gift_tags null would keep them out of it until the next start).
    await ensureGiftTags(trx);
    return ids;
  });
}

/** The demo upcoming deals go to the lowest-id local merchants of each city (the demo merchants' businesses, merchants seed). */
const DEMO_MERCHANTS_PER_CITY = 3;
const DEMO_CITIES = ['glasgow', 'edinburgh', 'aberdeen'];
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The demo's deals that are not live yet, so the preview has something to show: for each of the
 * three lowest-id local merchants of Glasgow, Edinburgh and Aberdeen, one deal scheduled 21 days
 * ahead and one draft, made from the merchant's first live deal (its place, category and image).
 * Idempotent: nothing is written when the table has any deal. True when written.
 */
export async function ensureUpcomingDeals(db: DealsDb, now = new Date()): Promise<boolean> {
  const d = db.withSchema('deals');
  if (await d.selectFrom('upcoming_deal').select('id').limit(1).executeTakeFirst()) return false;
  const merchants = (await catalogueMerchants(db)).filter((m) => DEMO_CITIES.includes(m.locationSlug) && m.locationScope !== 'travel' && m.locationScope !== 'shop' && m.travelDeals === 0 && m.postalDeals === 0 && m.deals > 0);
  const chosen = DEMO_CITIES.flatMap((city) => merchants.filter((m) => m.locationSlug === city).slice(0, DEMO_MERCHANTS_PER_CITY));
  if (chosen.length === 0) return false;
  await db.transaction().execute(async (trx) => {
    for (const merchant of chosen) {
      const template = await trx.withSchema('deals').selectFrom('deal').selectAll().where('merchant_id', '=', merchant.id).orderBy('id').limit(1).executeTakeFirstOrThrow();
      // On the hour, 21 days ahead.
      const liveFrom = new Date(Math.ceil((now.getTime() + 21 * DAY_MS) / HOUR_MS) * HOUR_MS);
      for (const status of ['scheduled', 'draft'] as const) {
        const price = status === 'scheduled' ? 2500 : 3900;
        const original = status === 'scheduled' ? 5000 : 7800;
        const title = status === 'scheduled' ? `Spring Launch: ${template.title}` : `New Season Special at ${merchant.name}`;
        const deal: NewUpcomingDeal = {
          location_id: template.location_id, category_id: template.category_id, subcategory_id: template.subcategory_id, merchant_id: merchant.id, image_id: template.image_id,
          title,
          headline: status === 'scheduled' ? `Be first in for ${merchant.name}'s spring launch, half price` : `${merchant.name}'s new season special, half price`,
          description: `${template.description}`,
          image_alt: template.image_alt,
          highlights: JSON.stringify(['Half price for the launch', 'Valid seven days a week', 'Book directly with the venue']),
          fine_print: JSON.stringify(['Subject to availability.', 'Cannot be used with any other offer.']),
          voucher_validity_months: 6,
          price_pence: price, original_price_pence: original, discount_percentage: 50, vip_price_pence: null,
          headline_price_pence: price, headline_discount_percentage: 50, currency: 'GBP', price_display: 'show discount',
          vip_exclusive: false, product_count: 2,
          closing_date: new Date((status === 'scheduled' ? liveFrom.getTime() : now.getTime()) + 60 * DAY_MS),
          created_at: status === 'scheduled' ? liveFrom : now,
          sold_count: 0, final_deal_order_amount: 0, high_fraud_risk: false, purchase_cap: 10, total_remaining_for_day: null,
          price_per_person: false, booking_calendar_on_redemption: false, gift_claim: false, delivery_type: 'voucher', early_bird_until: null,
          tags: template.tags,
          status,
          live_from: status === 'scheduled' ? liveFrom : null,
        };
        const { id } = await trx.withSchema('deals').insertInto('upcoming_deal').values(deal).returning('id').executeTakeFirstOrThrow();
        const products: NewUpcomingProduct[] = [
          { title: 'For one', price: price, original },
          { title: 'For two', price: price * 2 - 500, original: original * 2 },
        ].map((p, i) => ({
          deal_id: Number(id), position: i + 1, title: `${p.title}: ${status === 'scheduled' ? 'spring launch' : 'new season special'}`,
          price_pence: p.price, original_price_pence: p.original, display_discount: true, purchase_cap: 10, remaining: 50,
          has_deposit: false, deposit_product_id: null, deposit_price_pence: null, postage_pence: null, number_of_nights: null,
          check_in_date: null, check_out_date: null, vip_exclusive: false, disabled: false,
        }));
        await trx.withSchema('deals').insertInto('upcoming_product').values(products).execute();
      }
    }
  });
  return true;
}
