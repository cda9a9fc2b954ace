/**
 * A hold key's holding window (issue 14, reliability M4): when the key started holding units
 * without a break, and until when it last held them. A key may hold for at most a total limit
 * from the window's start; then its units go back on sale and it may hold again only after a
 * cool-down without any hold. Kept apart from the hold rows, which go when the hold is released.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table deals.hold_window (
      hold_key text primary key,
      started_at timestamptz not null,
      held_until timestamptz not null,
      check (held_until >= started_at)
    )`.execute(db);
  await sql`create index hold_window_held_until_idx on deals.hold_window (held_until)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table deals.hold_window`.execute(db);
}
