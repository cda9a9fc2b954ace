/**
 * Issue 17 point 4: bookings against real capacity. A bookable deal's capacity as its merchant sets
 * it (places per weekday, and date exceptions: 0 closes a day), the places taken per (deal, day)
 * (`booking_day.booked`, only ever changed by a conditional update that keeps it within the day's
 * places), and the bookings themselves (one live booking per voucher: a partial unique index).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table vouchers.deal_capacity (
      deal_id integer primary key,
      -- the business that set it (merchantRef), and who
      merchant_ref text not null,
      actor_ref text,
      -- places per weekday, Monday first (ISO day of week 1..7)
      weekly integer[] not null check (cardinality(weekly) = 7 and 0 <= all (weekly) and 10000 >= all (weekly)),
      -- a shopper moves or cancels a booking until this many hours before the booked day starts (London)
      change_hours integer not null default 24 check (change_hours between 0 and 720),
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table vouchers.capacity_exception (
      deal_id integer not null references vouchers.deal_capacity (deal_id) on delete cascade,
      day date not null,
      -- 0: closed that day
      places integer not null check (places between 0 and 10000),
      primary key (deal_id, day)
    )`.execute(db);
  await sql`
    create table vouchers.booking_day (
      deal_id integer not null references vouchers.deal_capacity (deal_id),
      day date not null,
      booked integer not null default 0 check (booked >= 0),
      primary key (deal_id, day)
    )`.execute(db);
  await sql`
    create table vouchers.booking (
      id uuid primary key,
      voucher_id uuid not null references vouchers.voucher (id),
      deal_id integer not null,
      day date not null,
      status text not null check (status in ('requested', 'confirmed', 'cancelled')),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      confirmed_at timestamptz,
      confirmed_by text,
      cancelled_at timestamptz
    )`.execute(db);
  // One live booking per voucher, whatever races.
  await sql`create unique index booking_live_voucher_key on vouchers.booking (voucher_id) where status <> 'cancelled'`.execute(db);
  // The merchant's upcoming bookings by date.
  await sql`create index booking_deal_day_idx on vouchers.booking (deal_id, day, id) where status <> 'cancelled'`.execute(db);
  // The sales pause counts a deal's vouchers still to be used.
  await sql`create index voucher_deal_unused_idx on vouchers.voucher (deal_id) where status in ('Ready to Redeem', 'Booked')`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists vouchers.voucher_deal_unused_idx`.execute(db);
  for (const table of ['booking', 'booking_day', 'capacity_exception', 'deal_capacity']) await sql`drop table if exists ${sql.table(`vouchers.${table}`)}`.execute(db);
}
