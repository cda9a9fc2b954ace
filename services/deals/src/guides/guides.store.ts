/**
 * Guides (spec §2 /guides/..., §3 Guide page): editorial pages with a deals feed (run by the
 * search service) and an optional listicle of hand-picked deals with a heading and text each.
 */
import { GuideDealsFeedSchema, type GuideDealsFeed } from '../contract.ts';
import type { DealsDb } from '../db/database.ts';
import type { GuideRow, StoredDealsFeed, StoredListicleEntry } from '../lists/lists.table.ts';

/** A guide slug: lower-case slug segments joined by '/', e.g. affiliate/student-deals. */
export const GUIDE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,4}$/;
export const GUIDE_SLUG_MAX = 200;

export async function findGuide(db: DealsDb, slug: string): Promise<GuideRow | undefined> {
  return db.withSchema('deals').selectFrom('guide').selectAll().where('slug', '=', slug).executeTakeFirst();
}

const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The stored feed (unset keys left out) as the contract's GuideDealsFeed; throws on a malformed one. */
export function toDealsFeed(stored: unknown): GuideDealsFeed {
  const s = (parsed(stored) ?? {}) as StoredDealsFeed;
  return GuideDealsFeedSchema.parse({
    searchTerm: s.searchTerm ?? null,
    tag: s.tag ?? null,
    location: s.location ?? null,
    category: s.category ?? null,
    subcategory: s.subcategory ?? null,
    minPrice: s.minPrice ?? null,
    maxPrice: s.maxPrice ?? null,
    orderBy: s.orderBy ?? null,
    orderDirection: s.orderDirection ?? null,
    excludedCategories: s.excludedCategories ?? [],
    excludedDeals: s.excludedDeals ?? [],
    pageSize: s.pageSize ?? undefined,
    allLocations: s.allLocations ?? false,
  });
}

export function toListicle(stored: unknown): StoredListicleEntry[] {
  const list = parsed(stored);
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is StoredListicleEntry => typeof e === 'object' && e !== null && Number.isInteger((e as StoredListicleEntry).dealId))
    .map((e) => ({ dealId: e.dealId, heading: String(e.heading ?? ''), text: String(e.text ?? '') }));
}
