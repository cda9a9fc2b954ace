/**
 * Issue 17 point 2: a merchant's sales by day read the vouchers of its deals by payment time (and
 * their events through voucher_event_voucher_idx). Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create index voucher_deal_paid_idx on vouchers.voucher (deal_id, paid_at)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index vouchers.voucher_deal_paid_idx`.execute(db);
}
