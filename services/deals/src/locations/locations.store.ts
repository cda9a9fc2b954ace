/**
 * The small, static part of the catalogue: locations and the category tree.
 */
import { sql } from 'kysely';
import { displayLocation } from '@shop/domain';
import type { Category, Location } from '../contract.ts';
import type { DealsDb } from '../db/database.ts';
import type { CategoryRow, LocationRow, LocationScope } from './locations.table.ts';

export interface LocationRecord extends Location {
  scope: LocationScope;
}

export interface CategoryRecord extends Category {
  scope: string;
  navigationType: 'UK Travel' | 'International Travel' | null;
  position: number;
}

function rowToLocation(r: LocationRow): LocationRecord {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    shortName: r.short_name,
    brand: r.brand,
    countryCode: r.country_code,
    description: r.description,
    domain: r.domain,
    latLon: { lat: Number(r.lat), lon: Number(r.lon) },
    region: r.region,
    siteGroup: r.site_group,
    status: r.status,
    url: r.url,
    isDefault: r.is_default,
    isTravel: r.is_travel,
    isNational: r.is_national,
    scope: r.scope,
  };
}

function rowToCategory(r: CategoryRow): CategoryRecord {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    shortName: r.short_name,
    parentId: r.parent_id,
    metaTitle: r.meta_title,
    description: r.description,
    scope: r.scope,
    navigationType: r.navigation_type,
    position: r.position,
  };
}

export async function listLocations(db: DealsDb): Promise<LocationRecord[]> {
  const rows = await db.withSchema('deals').selectFrom('location').selectAll().orderBy('position').execute();
  return rows.map(rowToLocation);
}

/** A location by url slug; national-deal and shop are the same location (spec §2). */
export async function findLocation(db: DealsDb, slug: string): Promise<LocationRecord | undefined> {
  const row = await db.withSchema('deals').selectFrom('location').selectAll().where('slug', '=', displayLocation(slug)).executeTakeFirst();
  return row ? rowToLocation(row) : undefined;
}

export async function listCategories(db: DealsDb): Promise<CategoryRecord[]> {
  const rows = await db
    .withSchema('deals')
    .selectFrom('category')
    .selectAll()
    .orderBy(sql`coalesce(parent_id, id)`)
    .orderBy(sql`parent_id nulls first`)
    .orderBy('position')
    .execute();
  return rows.map(rowToCategory);
}

export function toPublicCategory(c: CategoryRecord): Category {
  return { id: c.id, slug: c.slug, name: c.name, shortName: c.shortName, parentId: c.parentId, metaTitle: c.metaTitle, description: c.description };
}

export function toPublicLocation(l: LocationRecord): Location {
  const { scope: _scope, ...rest } = l;
  return rest;
}

/** Open-deal counts of a location per (category, sub-category). */
export async function countOpenDealsByCategory(
  db: DealsDb,
  locationId: number,
  now: Date,
): Promise<Array<{ categoryId: number; subcategoryId: number | null; count: number }>> {
  const rows = await db
    .withSchema('deals')
    .selectFrom('deal')
    .select(['category_id', 'subcategory_id', sql<number>`count(*)::int`.as('n')])
    .where('location_id', '=', locationId)
    .where((eb) => eb.or([eb('closing_date', 'is', null), eb('closing_date', '>', now)]))
    .groupBy(['category_id', 'subcategory_id'])
    .execute();
  return rows.map((r) => ({ categoryId: r.category_id, subcategoryId: r.subcategory_id, count: Number(r.n) }));
}
