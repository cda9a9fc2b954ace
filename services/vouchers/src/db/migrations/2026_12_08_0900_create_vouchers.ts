/**
 * The vouchers schema (architecture "Services": the vouchers service owns every voucher from its
 * issue on): the vouchers, the append-only events of every status change, and what each paid
 * validity extension added.
 *
 * One-time move, on purpose: until now the checkout kept vouchers in orders.voucher and
 * orders.voucher_extension. When those tables exist (the checkout's migrations ran first, as the
 * shop runs them), their rows are copied here, with what a voucher now keeps itself (its holder,
 * order number, price paid and contract day, from the order as it was paid) and one 'issue' event
 * each (a 'cancel' event too for a voucher cancelled at settlement), and the old tables are
 * dropped in the same transaction: nothing lost, nothing left behind. Frozen in time: never
 * import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

const STATUSES = [
  'Ready to Redeem',
  'Redeemed',
  'Booked',
  'Credit Requested',
  'Request Processed',
  'Return Requested',
  'Return in Transit',
  'Returned to the Merchant',
  'Refunded',
  'Expired',
  'Cancelled',
];
const statusList = sql.join(STATUSES.map((s) => sql.lit(s)));

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table vouchers.voucher (
      id uuid primary key,
      -- random, 89 bits, unambiguous alphabet (issue/voucher-codes.ts)
      code text not null,
      order_id uuid not null,
      order_number text not null,
      order_line_id bigint not null,
      -- the holder: the signed-in buyer, or whoever claimed the gift; null for a guest's order
      customer_token text,
      deal_id integer not null,
      deal_product_id integer not null,
      title text not null,
      status text not null check (status in (${statusList})),
      recipient_name text,
      -- the unit price paid, integer pence
      price integer not null check (price >= 0),
      currency text not null default 'GBP',
      -- the contract day: the refund window runs from it (spec §9, reliability M7)
      paid_at timestamptz not null,
      expires_at timestamptz,
      extended_months integer not null default 0 check (extended_months between 0 and 3),
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index voucher_code_key on vouchers.voucher (code)`.execute(db);
  await sql`create index voucher_order_idx on vouchers.voucher (order_id)`.execute(db);
  // My Vouchers: a holder's vouchers newest first, a page at a time.
  await sql`create index voucher_holder_idx on vouchers.voucher (customer_token, created_at desc, id desc) where customer_token is not null`.execute(db);
  // The expiry job: the vouchers that can still expire, by date.
  await sql`create index voucher_expiry_idx on vouchers.voucher (expires_at) where status in ('Ready to Redeem', 'Booked')`.execute(db);

  await sql`
    create table vouchers.voucher_event (
      id bigint generated always as identity primary key,
      voucher_id uuid not null references vouchers.voucher (id),
      event text not null,
      from_status text check (from_status in (${statusList})),
      to_status text not null check (to_status in (${statusList})),
      actor text not null check (actor in ('shopper', 'merchant', 'system', 'staff')),
      actor_ref text,
      reason text not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index voucher_event_voucher_idx on vouchers.voucher_event (voucher_id, id)`.execute(db);

  await sql`
    create table vouchers.voucher_extension (
      addon_order_id uuid not null,
      voucher_id uuid not null references vouchers.voucher (id),
      months integer not null check (months between 1 and 3),
      expires_before timestamptz not null,
      expires_after timestamptz not null check (expires_after > expires_before),
      primary key (addon_order_id, voucher_id)
    )`.execute(db);
  await sql`create index voucher_extension_voucher_idx on vouchers.voucher_extension (voucher_id)`.execute(db);

  const { rows } = await sql<{ present: boolean }>`select to_regclass('orders.voucher') is not null as present`.execute(db);
  if (!rows[0]?.present) return;
  await sql`
    insert into vouchers.voucher
      (id, code, order_id, order_number, order_line_id, customer_token, deal_id, deal_product_id, title, status,
       recipient_name, price, currency, paid_at, expires_at, extended_months, created_at, updated_at)
    select v.id, v.code, v.order_id, o.order_number, v.order_line_id, o.customer_token, v.deal_id, v.deal_product_id, v.title, v.status,
       v.recipient_name, l.unit_price, o.currency, coalesce(o.paid_at, v.created_at), v.expires_at, v.extended_months, v.created_at,
       greatest(v.created_at, o.updated_at)
    from orders.voucher v
    join orders.orders o on o.id = v.order_id
    join orders.order_line l on l.id = v.order_line_id`.execute(db);
  await sql`
    insert into vouchers.voucher_event (voucher_id, event, from_status, to_status, actor, reason, at)
    select id, 'issue', null, 'Ready to Redeem', 'system', 'Issued with order ' || order_number, created_at
    from vouchers.voucher order by created_at, id`.execute(db);
  await sql`
    insert into vouchers.voucher_event (voucher_id, event, from_status, to_status, actor, reason, at)
    select id, 'cancel', 'Ready to Redeem', status, 'system', 'The payment for order ' || order_number || ' was declined', updated_at
    from vouchers.voucher where status <> 'Ready to Redeem' order by created_at, id`.execute(db);
  await sql`insert into vouchers.voucher_extension select * from orders.voucher_extension`.execute(db);
  const moved = await sql<{ before: number; after: number }>`
    select (select count(*)::int from orders.voucher) as before, (select count(*)::int from vouchers.voucher) as after`.execute(db);
  const counts = moved.rows[0]!;
  if (counts.before !== counts.after) throw new Error(`vouchers: ${counts.before} vouchers in orders.voucher, ${counts.after} moved; nothing dropped`);
  await sql`drop table orders.voucher_extension`.execute(db);
  await sql`drop table orders.voucher`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['voucher_extension', 'voucher_event', 'voucher']) await sql`drop table if exists ${sql.table(`vouchers.${table}`)}`.execute(db);
}
