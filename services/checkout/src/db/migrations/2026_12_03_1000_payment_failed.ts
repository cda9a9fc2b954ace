/**
 * Settlement declined after the order was paid (reliability P6): the order's status
 * PAYMENT_FAILED (PAID → PAYMENT_FAILED, nothing else), its payment row 'settlement_declined',
 * and the outbox's payment-failed mail (one per order by the existing unique (order_id, kind)).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table orders.orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders.orders add constraint orders_status_check check (status in ('PENDING', 'PAID', 'FAILED', 'PAYMENT_FAILED'))`.execute(db);
  await sql`alter table orders.orders add constraint orders_payment_failed_reason check (status <> 'PAYMENT_FAILED' or failure_code is not null)`.execute(db);
  await sql`alter table orders.payment drop constraint payment_status_check`.execute(db);
  await sql`alter table orders.payment add constraint payment_status_check check (status in ('captured', 'settlement_declined'))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table orders.payment drop constraint payment_status_check`.execute(db);
  await sql`alter table orders.payment add constraint payment_status_check check (status in ('captured'))`.execute(db);
  await sql`alter table orders.orders drop constraint orders_payment_failed_reason`.execute(db);
  await sql`alter table orders.orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders.orders add constraint orders_status_check check (status in ('PENDING', 'PAID', 'FAILED'))`.execute(db);
}
