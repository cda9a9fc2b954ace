/**
 * Where a deal is on the map (issue 19 point 4): deals.deal.map_point, the merchant's coordinates
 * as a core PostgreSQL `point` (x = longitude, y = latitude), with a GiST index. PGlite has no
 * PostGIS; the built-in point_ops GiST class answers both `map_point <@ box` (the deals of the
 * visible box) and `map_point <-> point` (nearest the centre first, read straight from the index
 * and stopped at the limit), so a box over a city of 30,000 deals reads only the rows it returns.
 *
 * A national (shop) deal is delivered anywhere: it has no place on the map (null, never indexed).
 * Kept by triggers: a deal takes its point when written or when its merchant or location changes;
 * a merchant that moves moves its deals. Frozen in time: no app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table deals.deal add column map_point point`.execute(db);

  await sql`create function deals.deal_map_point(merchant integer, location integer) returns point language sql stable as $$
    select point(m.lon, m.lat)
      from deals.merchant m join deals.location l on l.id = $2
     where m.id = $1 and not l.is_national
  $$`.execute(db);

  await sql`create function deals.deal_map_point_set() returns trigger language plpgsql as $$
    begin
      new.map_point := deals.deal_map_point(new.merchant_id, new.location_id);
      return new;
    end
  $$`.execute(db);
  await sql`create trigger deal_map_point_trg before insert or update of merchant_id, location_id on deals.deal
    for each row execute function deals.deal_map_point_set()`.execute(db);

  await sql`create function deals.merchant_moved() returns trigger language plpgsql as $$
    begin
      update deals.deal set map_point = deals.deal_map_point(merchant_id, location_id) where merchant_id = new.id;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger merchant_map_point_trg after update of lat, lon on deals.merchant
    for each row when (old.lat is distinct from new.lat or old.lon is distinct from new.lon)
    execute function deals.merchant_moved()`.execute(db);

  // Backfill (set-based; the trigger above is for later writes).
  await sql`update deals.deal d set map_point = point(m.lon, m.lat)
      from deals.merchant m, deals.location l
     where m.id = d.merchant_id and l.id = d.location_id and not l.is_national`.execute(db);

  await sql`create index deal_map_point_idx on deals.deal using gist (map_point)`.execute(db);
  await sql`analyze deals.deal`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists deals.deal_map_point_idx`.execute(db);
  await sql`drop trigger if exists merchant_map_point_trg on deals.merchant`.execute(db);
  await sql`drop function if exists deals.merchant_moved()`.execute(db);
  await sql`drop trigger if exists deal_map_point_trg on deals.deal`.execute(db);
  await sql`drop function if exists deals.deal_map_point_set()`.execute(db);
  await sql`drop function if exists deals.deal_map_point(integer, integer)`.execute(db);
  await sql`alter table deals.deal drop column if exists map_point`.execute(db);
}
