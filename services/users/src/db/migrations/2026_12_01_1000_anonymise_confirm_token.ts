/**
 * One-time tokens get a fifth purpose, `anonymise_confirm`: the emailed link that confirms the
 * deletion of an account without a password (express or social only), opened while signed in.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table users.one_time_token drop constraint one_time_token_purpose_check`.execute(db);
  await sql`
    alter table users.one_time_token add constraint one_time_token_purpose_check
    check (purpose in ('confirm_email', 'password_reset', 'password_activate', 'subscription_confirm', 'anonymise_confirm'))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`delete from users.one_time_token where purpose = 'anonymise_confirm'`.execute(db);
  await sql`alter table users.one_time_token drop constraint one_time_token_purpose_check`.execute(db);
  await sql`
    alter table users.one_time_token add constraint one_time_token_purpose_check
    check (purpose in ('confirm_email', 'password_reset', 'password_activate', 'subscription_confirm'))`.execute(db);
}
