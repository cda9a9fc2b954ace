/**
 * Spec §7 /customer and /bt/addon: the shopper's Braintree customer (one per customer token, its
 * provider id chosen by us so a retry after a lost answer asks for the same one), and the add-on
 * a charge pays for (the VVE voucher validity extension) with its parent order. Frozen in time:
 * never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table payment.customer (
      customer_token text primary key check (length(customer_token) between 10 and 255),
      provider text not null check (provider = 'braintree'),
      provider_customer_id text not null unique check (provider_customer_id ~ '^[A-Za-z0-9_-]{1,36}$'),
      created_at timestamptz not null
    )`.execute(db);
  await sql`alter table payment.charge add column addon_type text check (addon_type in ('VVE'))`.execute(db);
  await sql`alter table payment.charge add column parent_order_ref text check (length(parent_order_ref) between 1 and 255)`.execute(db);
  await sql`alter table payment.charge add constraint charge_addon_parent check ((addon_type is null) = (parent_order_ref is null))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table payment.charge drop constraint charge_addon_parent`.execute(db);
  await sql`alter table payment.charge drop column parent_order_ref`.execute(db);
  await sql`alter table payment.charge drop column addon_type`.execute(db);
  await sql`drop table if exists payment.customer`.execute(db);
}
