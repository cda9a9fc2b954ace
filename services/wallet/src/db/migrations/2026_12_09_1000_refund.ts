/**
 * Refunds of captured order credit (issue 16 point 5): a posting of kind 'refund' gives part of
 * what an order captured back to the customer (system:sales → their buckets), one per refund ref;
 * a refund's ref is its own, its order's hold is named in `hold_ref`. Entries are never changed.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table wallet.ledger_transaction drop constraint ledger_transaction_kind_check`.execute(db);
  await sql`alter table wallet.ledger_transaction add constraint ledger_transaction_kind_check check (kind in ('credit', 'hold', 'capture', 'release', 'reversal', 'refund'))`.execute(db);
  await sql`alter table wallet.ledger_transaction add column hold_ref text`.execute(db);
  await sql`alter table wallet.ledger_transaction add constraint ledger_transaction_hold_ref_check check ((kind = 'refund') = (hold_ref is not null))`.execute(db);
  await sql`create index ledger_transaction_hold_ref_idx on wallet.ledger_transaction (hold_ref) where hold_ref is not null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table wallet.ledger_transaction drop column hold_ref`.execute(db);
  await sql`alter table wallet.ledger_transaction drop constraint ledger_transaction_kind_check`.execute(db);
  await sql`alter table wallet.ledger_transaction add constraint ledger_transaction_kind_check check (kind in ('credit', 'hold', 'capture', 'release', 'reversal'))`.execute(db);
}
