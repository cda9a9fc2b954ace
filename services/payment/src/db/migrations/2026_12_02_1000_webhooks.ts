/**
 * Provider webhook notifications (reliability P6): every event applied at most once (its
 * provider event id is the primary key: a duplicate delivery is an INSERT that does nothing),
 * and the settlement state of each provider transaction, moved only forward by the events.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table payment.webhook_event (
      provider text not null check (provider in ('braintree', 'klarna', 'clearpay')),
      event_id text not null check (length(event_id) between 1 and 255),
      kind text not null,
      transaction_id text not null,
      order_ref text not null,
      occurred_at timestamptz not null,
      received_at timestamptz not null,
      -- applied: moved the settlement; stale: an earlier state after a later one (no-op);
      -- rejected: an illegal transition (logged, no-op)
      outcome text not null check (outcome in ('applied', 'stale', 'rejected')),
      from_status text,
      to_status text not null,
      payload jsonb not null,
      primary key (provider, event_id)
    )`.execute(db);
  await sql`
    create table payment.settlement (
      provider text not null check (provider in ('braintree', 'klarna', 'clearpay')),
      transaction_id text not null,
      order_ref text not null,
      status text not null check (status in ('authorized', 'submitted_for_settlement', 'settling', 'settled', 'settlement_declined')),
      processor_code text,
      event_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (provider, transaction_id)
    )`.execute(db);
  await sql`create index settlement_declined_idx on payment.settlement (updated_at) where status = 'settlement_declined'`.execute(db);
  await sql`create index settlement_order_ref_idx on payment.settlement (order_ref)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists payment.settlement`.execute(db);
  await sql`drop table if exists payment.webhook_event`.execute(db);
}
