/**
 * Issue 17 point 5, goods posting: where an order's goods go (the checkout's paying transaction
 * copies the order's delivery address here, so the merchant's list never reads the checkout's
 * tables) and the one dispatch of each voucher (primary key: two clicks at once make one row).
 * Orders paid before this migration get their address copied once from the checkout's order.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table vouchers.order_delivery (
      order_id uuid primary key,
      name text not null,
      line1 text not null,
      line2 text,
      town text not null,
      county text,
      postcode text not null
    )`.execute(db);
  await sql`
    create table vouchers.dispatch (
      voucher_id uuid primary key references vouchers.voucher (id),
      carrier text not null check (carrier in ('Royal Mail', 'DPD', 'Evri', 'Parcelforce', 'Other')),
      tracking_reference text not null check (char_length(tracking_reference) between 3 and 40),
      sent_at timestamptz not null,
      -- the business (merchantRef) and the member who marked it sent
      sent_by text not null,
      actor_ref text
    )`.execute(db);
  // Payouts read a business's dispatches by period.
  await sql`create index dispatch_sent_by_idx on vouchers.dispatch (sent_by, sent_at)`.execute(db);
  // The addresses of orders already paid (the checkout migrates first; absent in a vouchers-only database).
  const { rows } = await sql<{ present: boolean }>`select to_regclass('orders.orders') is not null as present`.execute(db);
  if (rows[0]?.present) {
    await sql`
      insert into vouchers.order_delivery (order_id, name, line1, line2, town, county, postcode)
      select o.id, o.delivery_address->>'name', o.delivery_address->>'line1', o.delivery_address->>'line2',
             o.delivery_address->>'town', o.delivery_address->>'county', upper(o.delivery_address->>'postcode')
      from orders.orders o
      where o.delivery_address is not null and o.paid_at is not null
        and o.delivery_address->>'name' is not null and o.delivery_address->>'line1' is not null
        and o.delivery_address->>'town' is not null and o.delivery_address->>'postcode' is not null
      on conflict (order_id) do nothing`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table vouchers.dispatch`.execute(db);
  await sql`drop table vouchers.order_delivery`.execute(db);
}
