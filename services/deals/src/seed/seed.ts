/**
 * Deterministic catalogue generator: the same seed and size always write the same catalogue
 * (dates are relative to `now`, which callers may fix). Large catalogues load with multi-row
 * inserts in batches, with the secondary indexes dropped during the load and rebuilt after.
 */
import { sql, type Insertable, type Transaction } from 'kysely';
import { dealHeadline, deliveryPricesOf, summariseDealPrice } from '@shop/domain';
import type { DealsDatabase, DealsDb } from '../db/database.ts';
import type { NewDeal, NewProduct } from '../deals/deals.table.ts';
import type { NewImage } from '../images/images.table.ts';
import type { CategoryRow, NewLocation } from '../locations/locations.table.ts';
import type { NewMerchant } from '../merchants/merchants.table.ts';
import { seedReviewsOf } from '../reviews/reviews-seed.ts';
import { insertSeedReviews } from '../reviews/reviews.store.ts';
import type { NewReview } from '../reviews/reviews.table.ts';
import { AREAS, CATEGORY_TREE, DESTINATIONS, LOCATIONS, LOCATION_SHARE, type CategorySeed, type Destination, type LocationSeed } from './catalogue-data.ts';
import { dealTags, planOffer, type MerchantFacts, type OfferPlan } from './copy.ts';
import { SCENE_CONTENT_TYPE, SCENE_HEIGHT, SCENE_WIDTH } from '../images/scene.ts';
import { seededScene, upgradeSeededImages } from './images.ts';
import { seedLists, seedListsIfMissing } from './lists-seed.ts';
import { ensureGiftTags } from '../gifts/gift-tags.ts';
import { Random } from './random.ts';

export const DEFAULT_SEED = 20261122;
export const DEFAULT_DEAL_COUNT = 1500;
/**
 * Above this many deals, deals once shared a pool of pictures, chosen by one draw of the deal's
 * random stream. Every deal now has its own scene (a ~150-byte recipe, drawn on request), and
 * the draw is still made so that large catalogues stay exactly as they were.
 */
const IMAGE_POOL_THRESHOLD = 2000;
const DEAL_BATCH = 1000;
const PRODUCT_BATCH = 2000;
const DAY = 86_400_000;

export interface SeedOptions {
  deals?: number;
  seed?: number;
  /** The moment closing and creation dates are relative to (default: now). */
  now?: Date;
  /** Progress messages (the CLI prints them). */
  log?: (message: string) => void;
}

export interface SeedResult {
  deals: number;
  products: number;
  merchants: number;
  images: number;
  ms: number;
}

const LOCAL_WEIGHTS: Array<[string, number]> = [
  ['restaurants-food', 24], ['activities-entertainment', 13], ['afternoon-tea', 8], ['spa', 12],
  ['beauty', 14], ['health-fitness', 8], ['learning', 6], ['food-drink', 15],
];

/** Every category with all its columns (the seed writes them all). */
function categoryRows(): CategoryRow[] {
  const rows: CategoryRow[] = [];
  let id = 1;
  CATEGORY_TREE.forEach((cat, i) => {
    const parentId = id++;
    rows.push({ id: parentId, parent_id: null, slug: cat.slug, name: cat.name, short_name: cat.slug, scope: cat.scope, navigation_type: cat.navigationType ?? null, meta_title: `${cat.name} Deals & Offers`, description: cat.description, position: i + 1 });
    cat.subs.forEach(([slug, name], j) => {
      rows.push({ id: id++, parent_id: parentId, slug, name, short_name: slug, scope: cat.scope, navigation_type: cat.navigationType ?? null, meta_title: `${name} Deals`, description: `${name} offers in ${cat.name.toLowerCase()}.`, position: j + 1 });
    });
  });
  return rows;
}

function locationRows(): NewLocation[] {
  return LOCATIONS.map((l, i) => ({
    id: l.id, slug: l.slug, name: l.name, short_name: l.shortName, brand: 'shop', country_code: 'gb', description: l.description,
    domain: 'www.shop.example', lat: l.lat, lon: l.lon, region: l.region, site_group: l.siteGroup, status: 'active',
    url: `/deals/${l.slug}`, scope: l.scope, is_default: l.isDefault, is_travel: l.isTravel, is_national: l.isNational, position: i + 1,
  }));
}

function destinationFor(cat: CategorySeed, sub: string | null, rng: Random): Destination {
  if (cat.slug === 'europe') {
    const byCountry: Record<string, string[]> = { spain: ['Spain'], portugal: ['Portugal'], italy: ['Italy'], 'central-europe': ['Czech Republic', 'the Netherlands'] };
    const wanted = byCountry[sub ?? ''] ?? [];
    const list = DESTINATIONS.europe!.filter((d) => wanted.includes(d.country));
    return rng.pick(list.length ? list : DESTINATIONS.europe!);
  }
  const key = cat.slug === 'scotland-breaks' ? (sub ?? 'scottish-highlands') : cat.slug;
  return rng.pick(DESTINATIONS[key] ?? DESTINATIONS['uk-city-breaks']!);
}

function roundPrice(original: number, pct: number, rng: Random): number {
  const pounds = Math.max(1, Math.round((original * (100 - pct)) / 10000));
  const price = pounds * 100 - (rng.chance(0.55) ? 1 : 0);
  return Math.min(price, original - 100);
}

/** Deletes the catalogue and writes a new one. */
export async function seedDeals(db: DealsDb, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const count = Math.max(0, Math.floor(options.deals ?? DEFAULT_DEAL_COUNT));
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const root = new Random(seed);

  const categories = categoryRows();
  const topBySlug = new Map(categories.filter((c) => c.parent_id === null).map((c) => [c.slug, c]));
  const subByParentSlug = new Map(categories.filter((c) => c.parent_id !== null).map((c) => [`${c.parent_id}/${c.slug}`, c]));
  const scopeCategories = (scope: string) => CATEGORY_TREE.filter((c) => c.scope === scope);

  // Which location each deal belongs to: shares of spec §2 locations, in a shuffled order.
  const locRng = root.fork('locations');
  const locationOf: LocationSeed[] = [];
  for (const loc of LOCATIONS) {
    const n = Math.round(count * (LOCATION_SHARE[loc.slug] ?? 0));
    for (let i = 0; i < n; i++) locationOf.push(loc);
  }
  while (locationOf.length < count) locationOf.push(LOCATIONS[0]!);
  locationOf.length = count;
  const order = locRng.sample(locationOf, locationOf.length);

  const sharedImages = count > IMAGE_POOL_THRESHOLD;
  const merchants = new Map<string, NewMerchant>();
  const merchantFacts = new Map<string, MerchantFacts>();
  const reviews: NewReview[] = [];
  const images: NewImage[] = [];
  const deals: NewDeal[] = [];
  const products: NewProduct[] = [];
  let productId = 1;

  for (let i = 0; i < count; i++) {
    const dealId = i + 1;
    const rng = root.fork(dealId);
    const loc = order[i]!;
    const localSlug = loc.scope === 'local' ? rng.weighted(LOCAL_WEIGHTS) : null;
    const cat = localSlug ? CATEGORY_TREE.find((c) => c.slug === localSlug)! : rng.pick(scopeCategories(loc.scope));
    const top = topBySlug.get(cat.slug)!;
    const subPair = cat.subs.length ? rng.pick(cat.subs) : null;
    const sub = subPair ? subByParentSlug.get(`${top.id}/${subPair[0]}`)! : null;
    const area = loc.scope === 'travel' ? null : rng.pick(AREAS[loc.slug]!);
    const destination = loc.scope === 'travel' ? destinationFor(cat, subPair?.[0] ?? null, rng) : null;
    const offer: OfferPlan = planOffer({ rng, category: cat.slug, sub: subPair?.[0] ?? null, subName: subPair?.[1] ?? null, area, destination }, loc.scope);

    // Merchants repeat: the same business in the same place runs several deals.
    const place = destination ? destination.place : area!.name;
    const merchantKey = `${loc.id}|${offer.merchantName}|${place}`;
    let merchant = merchants.get(merchantKey);
    if (!merchant) {
      const mRng = root.fork(merchantKey);
      const lat = destination ? destination.lat + mRng.float(-0.01, 0.01) : area!.lat + mRng.float(-0.004, 0.004);
      const lon = destination ? destination.lon + mRng.float(-0.015, 0.015) : area!.lon + mRng.float(-0.006, 0.006);
      const number = area ? mRng.int(1, 220) : 0;
      const street = area ? mRng.pick(area.streets) : null;
      const address = area ? `${number} ${street}, ${area.name}` : `${destination!.place}, ${destination!.country}`;
      const postcode = area ? `${area.district} ${mRng.int(1, 9)}${mRng.pick('ABDEFGHJLNPQRSTUWXYZ'.split(''))}${mRng.pick('ABDEFGHJLNPQRSTUWXYZ'.split(''))}` : destination!.postcode;
      // A rating from so many reviews becomes real review rows with that average (reviews-seed.ts).
      const rating = mRng.chance(0.9) ? mRng.int(36, 50) / 10 : null;
      const seeded = seedReviewsOf(merchants.size + 1, rating, mRng.int(0, 2400), now);
      reviews.push(...seeded.rows);
      merchant = {
        id: merchants.size + 1, location_id: loc.id, name: offer.merchantName, address, postcode,
        lat: Number(lat.toFixed(6)), lon: Number(lon.toFixed(6)), website: offer.website,
        review_count: seeded.count, rating_total: seeded.total,
      };
      merchants.set(merchantKey, merchant);
      // What the copy says about the merchant: its stored row, and a hotel's stars (one per hotel).
      merchantFacts.set(merchantKey, { name: merchant.name, street, place, stars: mRng.int(3, 5) });
    }

    // Products: prices, caps, today's remaining units, deposits, postage, nights, VIP options.
    const drafts = [...offer.products];
    const dealProducts = drafts.map((p, position) => {
      const price = roundPrice(p.original, p.discountPct, rng);
      const remaining = rng.chance(0.35) ? (rng.chance(0.05) ? 0 : rng.int(1, 200)) : null;
      return {
        id: productId++, deal_id: dealId, position: position + 1, title: p.title, price_pence: price, original_price_pence: p.original,
        display_discount: true, purchase_cap: rng.pick([null, 5, 10, 20]), remaining,
        has_deposit: p.deposit !== undefined, deposit_product_id: null as number | null, deposit_price_pence: p.deposit ?? null,
        postage_pence: p.postage ?? null, number_of_nights: p.nights ?? null, check_in_date: null, check_out_date: null,
        vip_exclusive: false, disabled: position > 0 && rng.chance(0.03),
      };
    });
    if (rng.chance(0.08)) {
      // The VIP option copies the cheapest public option at 10% off, so its price is a fair VIP
      // saving on the deal's price (domain isFairVipPrice: spec §9 extra saving up to 10%).
      const base = dealProducts.filter((p) => !p.disabled).reduce((a, b) => (b.price_pence < a.price_pence ? b : a));
      dealProducts.push({ ...base, id: productId++, position: dealProducts.length + 1, title: `VIP exclusive: ${base.title}`, price_pence: Math.max(100, Math.round(base.price_pence * 0.9)), vip_exclusive: true, disabled: false, remaining: null });
    }
    for (const p of dealProducts) if (p.has_deposit) p.deposit_product_id = 900_000_000 + p.id;
    const purchaseCap = dealProducts.some((p) => p.purchase_cap !== null) ? Math.min(...dealProducts.map((p) => p.purchase_cap ?? 99)) : null;
    // The copy, written from the data the page shows: the merchant and the options as stored.
    const copy = offer.write({
      merchant: merchantFacts.get(merchantKey)!,
      options: dealProducts.map((p, i) => ({ title: p.title, people: (drafts[i] ?? drafts[0]!).people ?? null, nights: p.number_of_nights, postagePence: p.postage_pence, depositPence: p.deposit_price_pence, vipExclusive: p.vip_exclusive, disabled: p.disabled })),
      purchaseCap,
    });
    const summary = summariseDealPrice(dealProducts.map((p) => ({ price: p.price_pence, originalPrice: p.original_price_pence, vipExclusive: p.vip_exclusive, disabled: p.disabled })));
    const headline = dealHeadline(
      dealProducts.map((p) => ({ price: p.price_pence, originalPrice: p.original_price_pence, deliveryPrices: deliveryPricesOf(p.postage_pence), vipExclusive: p.vip_exclusive, disabled: p.disabled })),
    );
    products.push(...dealProducts);

    // The deal's picture: a scene of what it sells with the merchant's name (seed/images.ts).
    const imageId = dealId;
    if (sharedImages) rng.next(); // the draw that once chose a pooled picture (IMAGE_POOL_THRESHOLD)
    const scene = seededScene({ dealId, scope: loc.scope, category: cat.slug, sub: subPair?.[0] ?? null, title: copy.title, alt: copy.imageAlt, merchant: merchant.name });
    images.push({ id: imageId, content_type: SCENE_CONTENT_TYPE, body: null, scene: JSON.stringify(scene), width: SCENE_WIDTH, height: SCENE_HEIGHT });

    const closing = rng.next();
    const closingDate = closing < 0.15 ? null : closing < 0.18 ? new Date(now.getTime() - rng.int(1, 30) * DAY) : new Date(now.getTime() + rng.int(3, 120) * DAY + rng.int(0, 86_399) * 1000);
    const caps = dealProducts.map((p) => p.remaining).filter((r): r is number => r !== null);
    const soldCount = Math.floor(rng.next() ** 3 * 6000);
    deals.push({
      id: dealId, location_id: loc.id, category_id: top.id, subcategory_id: sub?.id ?? null, merchant_id: merchant.id, image_id: imageId,
      title: copy.title, headline: copy.headline, description: copy.description, image_alt: copy.imageAlt,
      highlights: JSON.stringify(copy.highlights), fine_print: JSON.stringify(copy.finePrint), voucher_validity_months: offer.voucherValidityMonths,
      price_pence: summary.price, original_price_pence: summary.originalPrice, discount_percentage: summary.discountPercentage,
      vip_price_pence: summary.vipPrice, headline_price_pence: headline.price, headline_discount_percentage: headline.discountPercentage, currency: 'GBP',
      // A deal with a VIP option shows its VIP price (spec §3 price display 'show VIP discount price').
      price_display: summary.vipPrice !== null ? 'show VIP discount price' : summary.discountPercentage > 0 ? 'show discount' : 'show price',
      vip_exclusive: summary.vipExclusive, product_count: dealProducts.filter((p) => !p.disabled).length,
      closing_date: closingDate, created_at: new Date(now.getTime() - rng.int(0, 365 * 86_400) * 1000 - rng.int(0, 999)),
      sold_count: soldCount, final_deal_order_amount: soldCount * summary.price,
      high_fraud_risk: loc.scope === 'shop' && summary.price > 15000 && rng.chance(0.5),
      purchase_cap: purchaseCap,
      total_remaining_for_day: caps.length ? caps.reduce((a, b) => a + b, 0) : null,
      price_per_person: offer.pricePerPerson, booking_calendar_on_redemption: offer.bookingCalendar, gift_claim: offer.giftClaim,
      delivery_type: offer.deliveryType,
      tags: dealTags({ dealId, category: cat.slug, sub: subPair?.[0] ?? null, offer: { title: copy.title, headline: copy.headline, giftClaim: offer.giftClaim } }),
    });
  }

  await db.transaction().execute(async (trx) => {
    await sql`truncate deals.review, deals.campaign_deal, deals.campaign, deals.upcoming_product, deals.upcoming_deal, deals.product, deals.deal, deals.image, deals.merchant, deals.category, deals.location`.execute(trx);
    await trx.withSchema('deals').insertInto('location').values(locationRows()).execute();
    await trx.withSchema('deals').insertInto('category').values(categories).execute();
    const bulk = count >= 20_000;
    const indexDefs = bulk ? await dropSecondaryIndexes(trx) : [];
    await insertBatches(trx, 'merchant', [...merchants.values()], DEAL_BATCH);
    await insertSeedReviews(trx, reviews);
    await insertBatches(trx, 'image', images, DEAL_BATCH);
    log(`inserting ${deals.length} deals`);
    await insertBatches(trx, 'deal', deals, DEAL_BATCH);
    log(`inserting ${products.length} products`);
    // The deal rows carry their headline already (dealHeadline above): the product trigger that
    // keeps it right on later changes would only recompute it, one deal per product row.
    await sql`alter table deals.product disable trigger product_headline_trg`.execute(trx);
    await insertBatches(trx, 'product', products, PRODUCT_BATCH);
    await sql`alter table deals.product enable trigger product_headline_trg`.execute(trx);
    if (bulk) {
      log(`rebuilding ${indexDefs.length} indexes`);
      for (const def of indexDefs) await sql.raw(def).execute(trx);
    }
  });
  await seedLists(db, { seed, now }); // early-bird windows, special events, near-me areas, guides (lists-seed.ts)
  await ensureGiftTags(db); // the gift finder's recipients and personalities (gifts/gift-tags.ts)
  // VACUUM (outside the transaction) sets the visibility map, so list counts are index-only
  // scans from the first request instead of after autovacuum gets round to it.
  await sql`vacuum analyze deals.deal`.execute(db);
  await sql`vacuum analyze deals.product`.execute(db);
  return { deals: deals.length, products: products.length, merchants: merchants.size, images: images.length, ms: Math.round(performance.now() - started) };
}

async function insertBatches<T extends keyof DealsDatabase>(trx: Transaction<DealsDatabase>, table: T, rows: Insertable<DealsDatabase[T]>[], size: number): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await trx.withSchema('deals').insertInto(table).values(rows.slice(i, i + size)).execute();
  }
}

/** Drops the deal and product secondary indexes (keeping primary keys) and returns their definitions. */
async function dropSecondaryIndexes(trx: Transaction<DealsDatabase>): Promise<string[]> {
  const result = await sql<{ indexname: string; indexdef: string }>`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'deals' and i.tablename in ('deal', 'product')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(trx);
  for (const row of result.rows) await sql`drop index ${sql.id('deals', row.indexname)}`.execute(trx);
  return result.rows.map((r) => r.indexdef);
}

/** Seeds the default catalogue when the deals schema has no locations yet. */
export async function seedIfEmpty(db: DealsDb, options: SeedOptions = {}): Promise<boolean> {
  const row = await db.withSchema('deals').selectFrom('location').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  if (row && Number(row.n) > 0) await seedListsIfMissing(db, options); // a catalogue older than the list tables
  if (row && Number(row.n) > 0) await upgradeSeededImages(db); // a catalogue whose pictures were drawn at seed time (before scenes)
  if (row && Number(row.n) > 0) return false;
  await seedDeals(db, options);
  return true;
}
