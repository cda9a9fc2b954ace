/**
 * Issue 14.1: a capture given back (voided before settlement, refunded after) because its order
 * could no longer be fulfilled, recorded once per captured transaction. Frozen in time: never
 * import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table payment.reversal (
      provider text not null check (provider in ('braintree', 'klarna', 'clearpay')),
      transaction_id text not null check (length(transaction_id) between 1 and 255),
      order_ref text not null check (length(order_ref) between 1 and 255),
      kind text not null check (kind in ('void', 'refund')),
      reference text not null check (length(reference) between 1 and 255),
      amount bigint not null check (amount > 0),
      reason text not null check (length(reason) between 1 and 500),
      created_at timestamptz not null,
      primary key (provider, transaction_id)
    )`.execute(db);
  await sql`create index reversal_order_ref on payment.reversal (order_ref)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists payment.reversal`.execute(db);
}
