/**
 * Recommendations (spec §7 product-listing-page-deal …/recommendations/ct/{id}?limit=40&pageSize=25).
 *
 * A customer's interests are the (location, category, sub-category) of the deals they viewed and
 * bought, each view or purchase weighted by recency (halving every HALF_LIFE_DAYS) and summed, so
 * frequency counts too; a purchase weighs PURCHASE_WEIGHT views per unit (up to 3 units). Live
 * deals of those locations and categories are ranked by rankByInterest (viewed sub-categories
 * first), bought deals left out. A guest's interests are the deals their browser kept (most
 * recent first, each weighing less than the one before), applied to the location they browse,
 * the viewed deals themselves left out. Whatever the ranking leaves of `limit` is filled with the
 * location's most popular live deals; with no signal at all the list is just those.
 */
import type { DealsDb } from '../db/database.ts';
import { recentHistory } from './history.ts';
import { dealFacts, popularDealIds, rankByInterest, type Interest } from './lists.store.ts';

export const HALF_LIFE_DAYS = 14;
export const PURCHASE_WEIGHT = 2;
/** Each older locally viewed deal weighs this much of the one viewed after it. */
export const GUEST_DECAY = 0.8;
const DAY_MS = 86_400_000;

export type RecommendationBasis = 'history' | 'viewed' | 'popular';

export interface Recommended {
  ids: number[];
  basis: RecommendationBasis;
}

function addInterest(into: Map<string, Interest>, i: Interest): void {
  const key = `${i.locationId}|${i.categoryId}|${i.subcategoryId ?? ''}`;
  const found = into.get(key);
  if (found) found.weight += i.weight;
  else into.set(key, { ...i });
}

export async function recommendForCustomer(
  db: DealsDb,
  customerToken: string,
  options: { now: Date; limit: number; fallbackLocationId: number },
): Promise<Recommended> {
  const { now, limit } = options;
  const history = await recentHistory(db, customerToken, now);
  const facts = await dealFacts(db, history.map((h) => h.dealId));
  const interests = new Map<string, Interest>();
  for (const h of history) {
    const deal = facts.get(h.dealId);
    if (!deal) continue;
    const ageDays = Math.max(0, now.getTime() - h.at.getTime()) / DAY_MS;
    const base = h.kind === 'purchase' ? PURCHASE_WEIGHT * Math.min(h.quantity, 3) : 1;
    addInterest(interests, { locationId: deal.location_id, categoryId: deal.category_id, subcategoryId: deal.subcategory_id, weight: base * 0.5 ** (ageDays / HALF_LIFE_DAYS) });
  }
  const ranked = await rankByInterest(db, [...interests.values()], { now, limit, excludeBoughtBy: customerToken });
  const fill = await popularDealIds(db, options.fallbackLocationId, { now, limit: limit - ranked.length, excludeIds: ranked, excludeBoughtBy: customerToken });
  return { ids: [...ranked, ...fill], basis: ranked.length > 0 ? 'history' : 'popular' };
}

export async function recommendForGuest(
  db: DealsDb,
  viewedIds: readonly number[],
  options: { now: Date; limit: number; locationId: number },
): Promise<Recommended> {
  const { now, limit, locationId } = options;
  const facts = await dealFacts(db, viewedIds);
  const interests = new Map<string, Interest>();
  viewedIds.forEach((id, index) => {
    const deal = facts.get(id);
    if (deal) addInterest(interests, { locationId, categoryId: deal.category_id, subcategoryId: deal.subcategory_id, weight: GUEST_DECAY ** index });
  });
  const ranked = await rankByInterest(db, [...interests.values()], { now, limit, excludeIds: viewedIds });
  const fill = await popularDealIds(db, locationId, { now, limit: limit - ranked.length, excludeIds: [...viewedIds, ...ranked] });
  return { ids: [...ranked, ...fill], basis: ranked.length > 0 ? 'viewed' : 'popular' };
}
