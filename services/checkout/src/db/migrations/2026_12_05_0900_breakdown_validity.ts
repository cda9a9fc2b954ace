/**
 * Issue 14: the breakdown of an order's total as it was priced (parts, total, wallet, paid now,
 * due later) is stored with the order, so the confirmation page and email show what was charged;
 * each order line keeps its deal's voucher validity in months as sold (the vouchers' expiry). The
 * outbox keeps one e-gift message per order and recipient: `recipient_key` (empty for the order's
 * own mail) joins the uniqueness. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table orders.orders add column breakdown jsonb`.execute(db);
  await sql`alter table orders.order_line add column validity_months integer check (validity_months between 1 and 36)`.execute(db);
  await sql`alter table orders.mail_outbox add column recipient_key text not null default ''`.execute(db);
  await sql`alter table orders.mail_outbox drop constraint mail_outbox_order_id_kind_key`.execute(db);
  await sql`alter table orders.mail_outbox add constraint mail_outbox_order_kind_recipient_key unique (order_id, kind, recipient_key)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`delete from orders.mail_outbox where recipient_key <> ''`.execute(db);
  await sql`alter table orders.mail_outbox drop constraint mail_outbox_order_kind_recipient_key`.execute(db);
  await sql`alter table orders.mail_outbox add constraint mail_outbox_order_id_kind_key unique (order_id, kind)`.execute(db);
  await sql`alter table orders.mail_outbox drop column recipient_key`.execute(db);
  await sql`alter table orders.order_line drop column validity_months`.execute(db);
  await sql`alter table orders.orders drop column breakdown`.execute(db);
}
