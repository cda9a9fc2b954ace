/**
 * Near-me (hyperlocal) areas: real neighbourhoods with a centre and a radius. An area's deals
 * are the live deals of its location whose merchant lies within the radius, nearest first: a
 * bounding box on the merchant's coordinates narrows the rows, then the haversine distance
 * decides (and orders, ties broken by deal id so pages never overlap).
 */
import { sql, type RawBuilder } from 'kysely';
import type { DealsDb } from '../db/database.ts';
import type { DealRow } from '../deals/deals.table.ts';
import { isLive, offsetOf, type Paging } from '../lists/common.ts';
import type { NearMeAreaRow } from '../lists/lists.table.ts';

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = 111.32;

/** Great-circle distance in km between a fixed point and the merchant of the row. */
function merchantDistanceKm(lat: number, lon: number): RawBuilder<number> {
  const mLat = sql.ref('merchant.lat');
  const mLon = sql.ref('merchant.lon');
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1.0::float8, sqrt(
    power(sin(radians(${mLat} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${mLat})) * power(sin(radians(${mLon} - ${lon}::float8) / 2), 2)))))`;
}

/** The same distance in JS (tests and callers that have both points). */
export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The box around a circle, in degrees (a little generous so the exact distance decides). */
export function boundingBox(lat: number, lon: number, radiusKm: number) {
  const dLat = (radiusKm / KM_PER_DEGREE_LAT) * 1.01;
  const dLon = (radiusKm / (KM_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)))) * 1.01;
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}

export async function listAreas(db: DealsDb, locationId?: number): Promise<NearMeAreaRow[]> {
  let q = db.withSchema('deals').selectFrom('near_me_area').selectAll();
  if (locationId !== undefined) q = q.where('location_id', '=', locationId);
  return q.orderBy('location_id').orderBy('position').orderBy('id').execute();
}

export async function findArea(db: DealsDb, locationId: number, slug: string): Promise<NearMeAreaRow | undefined> {
  return db.withSchema('deals').selectFrom('near_me_area').selectAll().where('location_id', '=', locationId).where('slug', '=', slug).executeTakeFirst();
}

/** Live deals within each area's radius, by area id. */
export async function countAreaDeals(db: DealsDb, now: Date, locationId?: number): Promise<Map<number, number>> {
  const onlyLocation = locationId === undefined ? sql`` : sql`where a.location_id = ${locationId}`;
  const result = await sql<{ id: number; n: number }>`
    select a.id, count(d.id)::int as n
    from deals.near_me_area a
    left join deals.merchant m
      on m.location_id = a.location_id
      and m.lat between a.lat - a.radius_km / ${KM_PER_DEGREE_LAT}::float8 * 1.01 and a.lat + a.radius_km / ${KM_PER_DEGREE_LAT}::float8 * 1.01
      and 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1.0::float8, sqrt(
        power(sin(radians(m.lat - a.lat) / 2), 2)
        + cos(radians(a.lat)) * cos(radians(m.lat)) * power(sin(radians(m.lon - a.lon) / 2), 2)))) <= a.radius_km
    left join deals.deal d
      on d.merchant_id = m.id and d.location_id = a.location_id
      and (d.closing_date is null or d.closing_date > ${now})
    ${onlyLocation}
    group by a.id`.execute(db);
  return new Map(result.rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** Live deals per location id. */
export async function countLiveDealsByLocation(db: DealsDb, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .withSchema('deals')
    .selectFrom('deal')
    .select(['deal.location_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(isLive(now))
    .groupBy('deal.location_id')
    .execute();
  return new Map(rows.map((r) => [r.location_id, Number(r.n)]));
}

export type DealRowWithDistance = DealRow & { distance_km: number };

/** One page of the area's live deals, nearest merchant first (then deal id). */
export async function areaDealsPage(db: DealsDb, area: NearMeAreaRow, now: Date, paging: Paging): Promise<{ rows: DealRowWithDistance[]; total: number }> {
  const lat = Number(area.lat);
  const lon = Number(area.lon);
  const radius = Number(area.radius_km);
  const box = boundingBox(lat, lon, radius);
  const distance = merchantDistanceKm(lat, lon);
  const base = () =>
    db
      .withSchema('deals')
      .selectFrom('deal')
      .innerJoin('merchant', 'merchant.id', 'deal.merchant_id')
      .where('deal.location_id', '=', area.location_id)
      .where(isLive(now))
      .where('merchant.lat', '>=', box.minLat)
      .where('merchant.lat', '<=', box.maxLat)
      .where('merchant.lon', '>=', box.minLon)
      .where('merchant.lon', '<=', box.maxLon)
      .where(distance, '<=', radius);
  const [rows, count] = await Promise.all([
    base()
      .selectAll('deal')
      .select(distance.as('distance_km'))
      .orderBy(distance, 'asc')
      .orderBy('deal.id', 'asc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map((r) => ({ ...r, distance_km: Number(r.distance_km) })), total: Number(count?.n ?? 0) };
}
