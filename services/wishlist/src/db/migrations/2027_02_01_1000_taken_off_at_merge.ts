/**
 * The deals a merge took off a customer's list to keep it at 50 (spec §9), kept on the list until
 * the list next changes, so the shopper is told which ones went and can save them again (a guest
 * list merged at sign-in must not lose deals silently).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table wishlist.wishlist add column taken_off_at_merge integer[] not null default '{}'
    check (cardinality(taken_off_at_merge) <= 50)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table wishlist.wishlist drop column if exists taken_off_at_merge`.execute(db);
}
