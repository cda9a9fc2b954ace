/**
 * Returns of posted goods (issue 16 point 6; spec §7 create-return-order, /v1/returns/*): one
 * `return_order` per voucher at most (a second request answers the same return), with the reason
 * the shopper gave, the address the parcel goes back to (the merchant's, as the deal had it when
 * the return was made), the tracking reference its label carries (unique), and the refund that
 * closed it. Its progress is the voucher's own status and events (Return Requested → Return in
 * Transit → Returned to the Merchant → Refunded): nothing is kept twice. Frozen in time: never
 * import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table vouchers.return_order (
      id uuid primary key,
      voucher_id uuid not null unique references vouchers.voucher (id),
      customer_token text not null,
      reason text not null check (reason in ('damaged', 'not_as_described', 'wrong_item', 'changed_mind')),
      note text check (char_length(note) <= 500),
      -- where the parcel goes: the merchant's address as the deal gave it
      merchant_name text not null,
      return_address text not null,
      return_postcode text not null,
      carrier text not null,
      tracking_number text not null unique,
      refund_id uuid references vouchers.refund (id),
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index return_order_holder_idx on vouchers.return_order (customer_token)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table vouchers.return_order`.execute(db);
}
