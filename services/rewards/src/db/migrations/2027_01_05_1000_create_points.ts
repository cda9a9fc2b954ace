/**
 * The loyalty club's points (issue 18 point 6).
 *
 * - member: one row per customer token, the current balance (`points`, check ≥ 0: an exchange is
 *   a conditional update, never read-then-write), `pending` (order points inside the refund
 *   window) and `lifetime` (every point that became available: the level).
 * - points_event: the append-only ledger (triggers refuse UPDATE, DELETE, TRUNCATE), unique per
 *   (kind, ref): every earning and exchange happens once. Σ points = member.points, Σ pending =
 *   member.pending, Σ positive points = member.lifetime (ledger-invariant.ts).
 * - order_points: one row per paid order, pending → available | removed after the refund window
 *   (the settle job, leased, each row in its own transaction with a conditional update).
 * - club_activity: a share or a view counts once per customer, deal, kind and London day (primary
 *   key); club_day counts them per customer, kind and day under the daily cap (check constraint).
 * - exchange: one per (customer, ref), the points taken and the wallet credit given.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table rewards.member (
    customer_token text primary key,
    points integer not null default 0,
    pending integer not null default 0,
    lifetime integer not null default 0,
    updated_at timestamptz not null default now(),
    constraint member_points_not_negative check (points >= 0),
    constraint member_pending_not_negative check (pending >= 0),
    constraint member_lifetime_covers_points check (lifetime >= points)
  )`.execute(db);

  await sql`create table rewards.points_event (
    id bigint generated always as identity primary key,
    customer_token text not null references rewards.member (customer_token),
    kind text not null check (kind in ('order_pending', 'order_settled', 'order_removed', 'share', 'view', 'exchange')),
    ref text not null,
    -- the change to the available balance (member.points) and to the pending points (member.pending)
    points integer not null,
    pending integer not null default 0,
    description text not null,
    created_at timestamptz not null,
    unique (kind, ref)
  )`.execute(db);
  await sql`create index points_event_customer_idx on rewards.points_event (customer_token, id desc)`.execute(db);

  await sql`create function rewards.refuse_event_change() returns trigger language plpgsql as $$
    begin
      raise exception 'rewards.points_event is append-only: % refused', tg_op using errcode = 'P0001';
    end $$`.execute(db);
  await sql`create trigger points_event_append_only before update or delete on rewards.points_event
    for each row execute function rewards.refuse_event_change()`.execute(db);
  await sql`create trigger points_event_no_truncate before truncate on rewards.points_event
    for each statement execute function rewards.refuse_event_change()`.execute(db);

  await sql`create table rewards.order_points (
    order_id text primary key,
    customer_token text not null references rewards.member (customer_token),
    paid_pence integer not null check (paid_pence >= 0),
    points integer not null check (points >= 0),
    state text not null check (state in ('pending', 'available', 'removed')),
    paid_at timestamptz not null,
    available_at timestamptz not null,
    settled_at timestamptz,
    check ((state = 'pending') = (settled_at is null))
  )`.execute(db);
  await sql`create index order_points_due_idx on rewards.order_points (available_at) where state = 'pending'`.execute(db);

  await sql`create table rewards.club_activity (
    customer_token text not null,
    deal_id text not null,
    kind text not null check (kind in ('share', 'view')),
    day date not null,
    source text,
    primary key (customer_token, deal_id, kind, day)
  )`.execute(db);
  await sql`create table rewards.club_day (
    customer_token text not null,
    kind text not null check (kind in ('share', 'view')),
    day date not null,
    counted integer not null check (counted between 1 and 50),
    primary key (customer_token, kind, day)
  )`.execute(db);

  await sql`create table rewards.exchange (
    customer_token text not null references rewards.member (customer_token),
    ref text not null,
    points integer not null check (points > 0),
    credit_pence integer not null check (credit_pence > 0),
    level text not null,
    created_at timestamptz not null,
    primary key (customer_token, ref)
  )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists rewards.exchange, rewards.club_day, rewards.club_activity, rewards.order_points, rewards.points_event, rewards.member`.execute(db);
  await sql`drop function if exists rewards.refuse_event_change()`.execute(db);
}
