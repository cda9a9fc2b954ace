/**
 * Wish list alerts (issue 19 point 2): an account gets price-drop and back-on-sale emails about
 * the deals on its wish list unless it has turned that kind off; a row here is "off". Turned off
 * from the account's subscriptions page or the signed link in every such email; turned on again
 * by deleting the row. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table users.alert_opt_out (
      user_id bigint not null references users.account (id),
      kind text not null check (kind in ('price_drop', 'back_in_stock')),
      opted_out_at timestamptz not null,
      primary key (user_id, kind)
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table users.alert_opt_out`.execute(db);
}
