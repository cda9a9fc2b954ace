/**
 * Issue 17 point 6, per-deal commission: the shop's rate on one deal's vouchers when it is not the
 * business's own rate (business.commission_bp). One row per deal (a deal belongs to one business);
 * the business id is kept to list a business's rates and to drop them with it.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table merchants.deal_commission (
      deal_id integer primary key,
      business_id bigint not null references merchants.business (id) on delete cascade,
      commission_bp integer not null check (commission_bp between 0 and 10000),
      -- the staff person who set it
      set_by text not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index deal_commission_business_idx on merchants.deal_commission (business_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table merchants.deal_commission`.execute(db);
}
