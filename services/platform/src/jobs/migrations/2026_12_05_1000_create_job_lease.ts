/**
 * One lease row per background job: which process runs it now, and until when. Frozen in time:
 * never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table jobs.job_lease (
      name text primary key,
      owner text not null,
      leased_until timestamptz not null,
      runs bigint not null default 0,
      last_started_at timestamptz,
      last_finished_at timestamptz
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table jobs.job_lease`.execute(db);
}
