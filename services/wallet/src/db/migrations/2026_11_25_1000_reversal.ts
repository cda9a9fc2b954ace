/**
 * Reversals (reliability P6): a captured hold whose order's payment was declined at settlement
 * is given back by a new posting of kind 'reversal' (system:sales → the customer's buckets);
 * entries are never changed or deleted. Unique per (kind, ref) like every posting, so an
 * order is reversed at most once. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table wallet.ledger_transaction drop constraint ledger_transaction_kind_check`.execute(db);
  await sql`alter table wallet.ledger_transaction add constraint ledger_transaction_kind_check check (kind in ('credit', 'hold', 'capture', 'release', 'reversal'))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table wallet.ledger_transaction drop constraint ledger_transaction_kind_check`.execute(db);
  await sql`alter table wallet.ledger_transaction add constraint ledger_transaction_kind_check check (kind in ('credit', 'hold', 'capture', 'release'))`.execute(db);
}
