/**
 * Paid campaigns (issue 19 point 8): the campaign a landing page link names, the default one, a
 * page of a campaign's live deals in its order, and the seed of the shop's first campaigns.
 */
import { sql } from 'kysely';
import type { DealsDb } from '../db/database.ts';
import type { DealRow } from '../deals/deals.table.ts';
import { isLive, offsetOf, type Paging } from '../lists/common.ts';

export interface CampaignRecord {
  id: number;
  slug: string;
  headline: string;
  description: string;
  isDefault: boolean;
}

/** The campaign running now with this slug, else the default one (matched says which); null when neither runs. */
export async function findWelcomeCampaign(db: DealsDb, slug: string | null, now: Date): Promise<{ campaign: CampaignRecord; matched: boolean } | null> {
  const rows = await db
    .withSchema('deals')
    .selectFrom('campaign')
    .select(['id', 'slug', 'headline', 'description', 'is_default'])
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where((eb) => eb.or([eb('is_default', '=', true), ...(slug ? [eb('slug', '=', slug)] : [])]))
    .execute();
  const named = slug ? rows.find((r) => r.slug === slug) : undefined;
  const row = named ?? rows.find((r) => r.is_default);
  if (!row) return null;
  return { campaign: { id: Number(row.id), slug: row.slug, headline: row.headline, description: row.description, isDefault: row.is_default }, matched: named !== undefined };
}

/** One page of the campaign's live deals in its order, and how many are live. */
export async function campaignDealRows(db: DealsDb, campaignId: number, now: Date, paging: Paging): Promise<{ rows: DealRow[]; total: number }> {
  const base = () =>
    db.withSchema('deals').selectFrom('campaign_deal as cd').innerJoin('deal', 'deal.id', 'cd.deal_id').where('cd.campaign_id', '=', campaignId).where(isLive(now));
  const [rows, count] = await Promise.all([
    base().selectAll('deal').orderBy('cd.position').orderBy('cd.deal_id').limit(paging.pageSize).offset(offsetOf(paging)).execute(),
    base().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DealRow[], total: Number(count.n) };
}

/** How many deals each seeded campaign lists (the live ones of its choice, most sold first). */
const SEEDED_DEALS = 24;

interface SeedCampaign {
  slug: string;
  headline: string;
  description: string;
  isDefault?: boolean;
  location: string;
  category?: string;
  subcategory?: string;
}

/** The shop's first campaigns: the default welcome, and two city campaigns paid search links name. */
export const SEED_CAMPAIGNS: readonly SeedCampaign[] = [
  {
    slug: 'welcome',
    headline: 'Welcome to Thistle Deals',
    description: "Glasgow's best restaurants, spa days and things to do, for less. Here are today's favourites.",
    isDefault: true,
    location: 'glasgow',
  },
  {
    slug: 'glasgow-spa-days',
    headline: 'Spa days and treatments in Glasgow',
    description: 'Massages, facials and spa days across Glasgow, hand-picked and discounted. Choose yours and get your voucher by email.',
    location: 'glasgow',
    category: 'spa',
  },
  {
    slug: 'edinburgh-food-and-drink',
    headline: 'Eat and drink out in Edinburgh for less',
    description: 'Afternoon teas, dinners and tasting menus in Edinburgh, with a discount on every one. Buy your voucher now and book with the venue.',
    location: 'edinburgh',
    category: 'food-drink',
  },
];

/** Live deals of a seed campaign's location (and category), most sold first, leaving out `except`. */
async function liveDealsFor(db: DealsDb, c: SeedCampaign, now: Date, except: readonly number[], limit: number): Promise<number[]> {
  let q = db
    .withSchema('deals')
    .selectFrom('deal')
    .innerJoin('location', 'location.id', 'deal.location_id')
    .innerJoin('category', 'category.id', 'deal.category_id')
    .select('deal.id')
    .where('location.slug', '=', c.location)
    .where(isLive(now))
    .orderBy('deal.sold_count', 'desc')
    .orderBy('deal.id')
    .limit(limit);
  if (c.category) q = q.where('category.slug', '=', c.category);
  if (except.length) q = q.where('deal.id', 'not in', except);
  return (await q.execute()).map((r) => r.id);
}

/**
 * Writes the seed campaigns when there is none (idempotent: every start calls it), each listing
 * its location's (and category's) live deals of the moment, most sold first. True when written.
 * On later starts a seed campaign whose deals have closed is topped up to SEEDED_DEALS live
 * deals with the same rule, new ones after the old (a demo shop's /welcome never runs dry; a
 * campaign staff made is left as it is).
 */
export async function ensureCampaigns(db: DealsDb, now = new Date()): Promise<boolean> {
  const d = db.withSchema('deals');
  const existing = await d.selectFrom('campaign').select(['id', 'slug']).execute();
  if (existing.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (const c of SEED_CAMPAIGNS) {
        const row = existing.find((e) => e.slug === c.slug);
        if (!row) continue;
        const id = Number(row.id);
        // Locks the campaign's row: two shop processes starting together top it up once.
        await trx.withSchema('deals').selectFrom('campaign').select('id').where('id', '=', id).forUpdate().execute();
        const { total } = await campaignDealRows(trx, id, now, { page: 0, pageSize: 1 });
        if (total >= SEEDED_DEALS) continue;
        const listed = await trx.withSchema('deals').selectFrom('campaign_deal').select(['deal_id', 'position']).where('campaign_id', '=', id).execute();
        const more = await liveDealsFor(trx, c, now, listed.map((l) => l.deal_id), SEEDED_DEALS - total);
        const last = Math.max(0, ...listed.map((l) => l.position));
        if (more.length) await trx.withSchema('deals').insertInto('campaign_deal').values(more.map((dealId, i) => ({ campaign_id: id, deal_id: dealId, position: last + i + 1 }))).execute();
      }
    });
    return false;
  }
  await db.transaction().execute(async (trx) => {
    const t = trx.withSchema('deals');
    for (const c of SEED_CAMPAIGNS) {
      const deals = await liveDealsFor(trx, c, now, [], SEEDED_DEALS);
      const { id } = await t
        .insertInto('campaign')
        .values({ slug: c.slug, headline: c.headline, description: c.description, is_default: c.isDefault ?? false, starts_at: now, ends_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (deals.length) await t.insertInto('campaign_deal').values(deals.map((dealId, i) => ({ campaign_id: Number(id), deal_id: dealId, position: i + 1 }))).execute();
    }
  });
  return true;
}
