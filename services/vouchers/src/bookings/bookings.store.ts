/**
 * The bookings tables (migration 2026_12_31_1200_bookings), in SQL: capacity, the places taken per
 * day and the bookings. A place is only ever taken by `takePlace`'s conditional update, which
 * keeps `booked` within the day's places under the row's lock, never by a read and a write.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AnyDb } from '../db/database.ts';

export interface CapacityRow {
  deal_id: number;
  merchant_ref: string;
  weekly: number[];
  change_hours: number;
  updated_at: Date;
}

export interface BookingRow {
  id: string;
  voucher_id: string;
  deal_id: number;
  day: string;
  status: 'requested' | 'confirmed' | 'cancelled';
  created_at: Date;
  confirmed_at: Date | null;
  order_number: string;
  title: string;
  recipient_name: string | null;
  voucher_status: string;
  change_hours: number | null;
}

/** The places of day `day` (a date expression) of the capacity row `c`: its exception, else its weekday's. */
const placesOf = (day: RawBuilder<unknown>) =>
  sql`coalesce((select x.places from vouchers.capacity_exception x where x.deal_id = c.deal_id and x.day = ${day}), c.weekly[extract(isodow from ${day})::int])`;

/** Sets a deal's capacity: its weekly places, its change rule, and its exceptions (replacing the ones set before). */
export async function setCapacity(
  trx: AnyDb,
  input: { dealId: number; merchantRef: string; actorRef: string | null; weekly: number[]; changeHours: number; exceptions: Array<{ date: string; places: number }>; at: Date },
): Promise<void> {
  await sql`
    insert into vouchers.deal_capacity (deal_id, merchant_ref, actor_ref, weekly, change_hours, updated_at)
    values (${input.dealId}, ${input.merchantRef}, ${input.actorRef}, ${input.weekly}::int[], ${input.changeHours}, ${input.at})
    on conflict (deal_id) do update set merchant_ref = excluded.merchant_ref, actor_ref = excluded.actor_ref, weekly = excluded.weekly, change_hours = excluded.change_hours, updated_at = excluded.updated_at`.execute(trx);
  await sql`delete from vouchers.capacity_exception where deal_id = ${input.dealId}`.execute(trx);
  if (input.exceptions.length) {
    await sql`
      insert into vouchers.capacity_exception (deal_id, day, places)
      select ${input.dealId}, d::date, p from unnest(${input.exceptions.map((x) => x.date)}::text[], ${input.exceptions.map((x) => x.places)}::int[]) as t(d, p)`.execute(trx);
  }
}

/** The capacity of these deals (those that have one), with their exceptions from `from` on. */
export async function capacitiesOf(db: AnyDb, dealIds: readonly number[], from: string) {
  const { rows } = await sql<CapacityRow & { exceptions: Array<{ date: string; places: number }> | null }>`
    select c.deal_id, c.merchant_ref, c.weekly, c.change_hours, c.updated_at,
      (select json_agg(json_build_object('date', to_char(x.day, 'YYYY-MM-DD'), 'places', x.places) order by x.day)
       from vouchers.capacity_exception x where x.deal_id = c.deal_id and x.day >= ${from}::date) as exceptions
    from vouchers.deal_capacity c where c.deal_id = any(${[...dealIds]}::int[]) order by c.deal_id`.execute(db);
  return rows.map((r) => ({ ...r, exceptions: typeof r.exceptions === 'string' ? (JSON.parse(r.exceptions) as Array<{ date: string; places: number }>) : (r.exceptions ?? []) }));
}

/** A deal's capacity row; `lock`: for update (the sales pause's lock, in the paying side's transaction). */
export async function capacityOf(db: AnyDb, dealId: number, lock = false): Promise<CapacityRow | undefined> {
  const { rows } = await sql<CapacityRow>`select deal_id, merchant_ref, weekly, change_hours, updated_at from vouchers.deal_capacity where deal_id = ${dealId} ${lock ? sql`for update` : sql``}`.execute(db);
  return rows[0];
}

/** Each day from `from` to `until` (both included) with its places and how many are booked. */
export async function daysOf(db: AnyDb, dealId: number, from: string, until: string): Promise<Array<{ date: string; places: number; booked: number }>> {
  if (until < from) return [];
  const { rows } = await sql<{ date: string; places: number; booked: number }>`
    select to_char(g.d, 'YYYY-MM-DD') as date, ${placesOf(sql`g.d::date`)}::int as places, coalesce(b.booked, 0)::int as booked
    from vouchers.deal_capacity c
    cross join generate_series(${from}::date, ${until}::date, interval '1 day') as g(d)
    left join vouchers.booking_day b on b.deal_id = c.deal_id and b.day = g.d::date
    where c.deal_id = ${dealId}
    order by g.d`.execute(db);
  return rows.map((r) => ({ date: r.date, places: Number(r.places), booked: Number(r.booked) }));
}

/**
 * The sales pause's two figures for a deal over the days `from`..`until`: the places of those
 * days (booked or not), and the places the vouchers sold already claim: one per voucher Ready to
 * Redeem and still valid at `now`, plus every place booked on one of those days (its voucher
 * Booked, or redeemed early: the place is held either way).
 */
export async function pauseFigures(db: AnyDb, dealId: number, from: string, until: string, now: Date): Promise<{ places: number; unused: number }> {
  const { rows } = await sql<{ places: number | string | null; unused: number | string }>`
    select
      (select sum(${placesOf(sql`g.d::date`)}) from vouchers.deal_capacity c cross join generate_series(${from}::date, ${until}::date, interval '1 day') as g(d) where c.deal_id = ${dealId}) as places,
      (select count(*) from vouchers.voucher v where v.deal_id = ${dealId} and v.status = 'Ready to Redeem' and (v.expires_at is null or v.expires_at > ${now}::timestamptz))
      -- Every place booked in the window is taken, whether its voucher is used yet or was redeemed early
      -- (booking_day.booked, the count takePlace keeps): what is left for the unbooked vouchers is the rest.
      + (select coalesce(sum(booked), 0) from vouchers.booking_day where deal_id = ${dealId} and day >= ${from}::date and day <= ${until}::date) as unused`.execute(db);
  return { places: until < from ? 0 : Number(rows[0]?.places ?? 0), unused: Number(rows[0]?.unused ?? 0) };
}

/**
 * Takes one place of (deal, day): true when there was one. One conditional update on the day's
 * row (made first if need be), so concurrent bookings of the last place queue on that row and
 * exactly one finds `booked` still below the day's places.
 */
export async function takePlace(trx: AnyDb, dealId: number, day: string): Promise<boolean> {
  await sql`insert into vouchers.booking_day (deal_id, day) values (${dealId}, ${day}::date) on conflict do nothing`.execute(trx);
  const { rows } = await sql`
    update vouchers.booking_day b set booked = b.booked + 1
    from vouchers.deal_capacity c
    where b.deal_id = ${dealId} and b.day = ${day}::date and c.deal_id = b.deal_id and b.booked < ${placesOf(sql`b.day`)}
    returning b.booked`.execute(trx);
  return rows.length === 1;
}

/** Gives back one place of (deal, day). */
export async function freePlace(trx: AnyDb, dealId: number, day: string): Promise<void> {
  await sql`update vouchers.booking_day set booked = booked - 1 where deal_id = ${dealId} and day = ${day}::date and booked > 0`.execute(trx);
}

/** The holder's voucher (with `lock`: for the booking's transaction); undefined for anyone else's or an unknown id. */
export async function holderVoucher(db: AnyDb, voucherId: string, customerToken: string, lock = true) {
  const { rows } = await sql<{ id: string; deal_id: number; status: string; expires_at: Date | null }>`
    select id, deal_id, status, expires_at from vouchers.voucher where id = ${voucherId}::uuid and customer_token = ${customerToken} ${lock ? sql`for update` : sql``}`.execute(db);
  return rows[0];
}

const BOOKING_COLUMNS = sql`b.id, b.voucher_id, b.deal_id, to_char(b.day, 'YYYY-MM-DD') as day, b.status, b.created_at, b.confirmed_at,
  v.order_number, v.title, v.recipient_name, v.status as voucher_status, c.change_hours`;
const BOOKING_FROM = sql`vouchers.booking b join vouchers.voucher v on v.id = b.voucher_id left join vouchers.deal_capacity c on c.deal_id = b.deal_id`;

/** A voucher's live booking (not cancelled). */
export async function liveBookingOf(db: AnyDb, voucherId: string): Promise<BookingRow | undefined> {
  const { rows } = await sql<BookingRow>`select ${BOOKING_COLUMNS} from ${BOOKING_FROM} where b.voucher_id = ${voucherId}::uuid and b.status <> 'cancelled'`.execute(db);
  return rows[0];
}

export async function bookingById(db: AnyDb, bookingId: string): Promise<BookingRow | undefined> {
  const { rows } = await sql<BookingRow>`select ${BOOKING_COLUMNS} from ${BOOKING_FROM} where b.id = ${bookingId}::uuid`.execute(db);
  return rows[0];
}

export async function insertBooking(trx: AnyDb, b: { id: string; voucherId: string; dealId: number; day: string; at: Date }): Promise<void> {
  await sql`insert into vouchers.booking (id, voucher_id, deal_id, day, status, created_at, updated_at) values (${b.id}::uuid, ${b.voucherId}::uuid, ${b.dealId}, ${b.day}::date, 'requested', ${b.at}, ${b.at})`.execute(trx);
}

/** Moves a live booking to another day: requested again (the merchant confirms the new day). */
export async function moveBookingRow(trx: AnyDb, bookingId: string, day: string, at: Date): Promise<void> {
  await sql`update vouchers.booking set day = ${day}::date, status = 'requested', confirmed_at = null, confirmed_by = null, updated_at = ${at} where id = ${bookingId}::uuid and status <> 'cancelled'`.execute(trx);
}

export async function cancelBookingRow(trx: AnyDb, bookingId: string, at: Date): Promise<void> {
  await sql`update vouchers.booking set status = 'cancelled', cancelled_at = ${at}, updated_at = ${at} where id = ${bookingId}::uuid and status <> 'cancelled'`.execute(trx);
}

/** A status-keeping history event of the voucher (rebook). */
export async function logVoucherEvent(trx: AnyDb, e: { voucherId: string; event: string; status: string; actor: string; reason: string; at: Date }): Promise<void> {
  await sql`insert into vouchers.voucher_event (voucher_id, event, from_status, to_status, actor, reason, at) values (${e.voucherId}::uuid, ${e.event}, ${e.status}, ${e.status}, ${e.actor}, ${e.reason}, ${e.at})`.execute(trx);
}

/** The live bookings of these deals from `from` on, by day then id, after the keyset (day, id). */
export async function bookingsOfDeals(db: AnyDb, dealIds: readonly number[], from: string, after: { day: string; id: string } | null, limit: number): Promise<BookingRow[]> {
  const keyset = after ? sql`and (b.day, b.id) > (${after.day}::date, ${after.id}::uuid)` : sql``;
  const { rows } = await sql<BookingRow>`
    select ${BOOKING_COLUMNS} from ${BOOKING_FROM}
    where b.deal_id = any(${[...dealIds]}::int[]) and b.status <> 'cancelled' and b.day >= ${from}::date ${keyset}
    order by b.day, b.id limit ${limit}`.execute(db);
  return rows;
}

/** Confirms a requested booking of these deals; the booking as it now is (undefined: not one of theirs, or not live). */
export async function confirmBookingRow(trx: AnyDb, bookingId: string, dealIds: readonly number[], actorRef: string, at: Date): Promise<boolean> {
  const { rows } = await sql`
    update vouchers.booking set status = 'confirmed', confirmed_at = ${at}, confirmed_by = ${actorRef}, updated_at = ${at}
    where id = ${bookingId}::uuid and deal_id = any(${[...dealIds]}::int[]) and status = 'requested' returning id`.execute(trx);
  return rows.length === 1;
}
