/**
 * What a paid VVE add-on order added to each voucher of its parent order: the months and the
 * expiry before and after. A payment declined at settlement (reliability P6) takes exactly that
 * back; before this table the months were only added up on the voucher and could not be.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table orders.voucher_extension (
      addon_order_id uuid not null references orders.orders (id),
      voucher_id uuid not null references orders.voucher (id),
      months integer not null check (months between 1 and 3),
      expires_before timestamptz not null,
      expires_after timestamptz not null check (expires_after > expires_before),
      primary key (addon_order_id, voucher_id)
    )`.execute(db);
  await sql`create index voucher_extension_voucher_idx on orders.voucher_extension (voucher_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table orders.voucher_extension`.execute(db);
}
