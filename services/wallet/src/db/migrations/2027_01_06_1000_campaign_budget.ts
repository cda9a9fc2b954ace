/**
 * A budget cap per credit campaign (issue 18 leftovers): `max_claims` (null: no cap) and
 * `claims`, the number of claims made, raised in each claim's transaction by a conditional update
 * (`claims < max_claims`), so a claim past the cap is refused by the database even when many
 * claim at once. Existing campaigns start with the claims they have. Frozen in time: never import
 * app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table wallet.credit_campaign
    add column max_claims integer check (max_claims between 1 and 10000000),
    add column claims integer not null default 0 check (claims >= 0),
    add column updated_at timestamptz not null default now()`.execute(db);
  await sql`update wallet.credit_campaign c set claims = (select count(*) from wallet.credit_claim k where k.campaign_id = c.id)`.execute(db);
  await sql`alter table wallet.credit_campaign add constraint credit_campaign_within_budget check (max_claims is null or claims <= max_claims)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table wallet.credit_campaign drop constraint if exists credit_campaign_within_budget`.execute(db);
  await sql`alter table wallet.credit_campaign drop column if exists max_claims, drop column if exists claims, drop column if exists updated_at`.execute(db);
}
