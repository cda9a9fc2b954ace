/**
 * Paid campaigns (issue 19 point 8; spec §2 "welcome is a paid-campaign landing page"): a
 * campaign is what a paid link names (?campaign= or utm_campaign=), with the headline and text
 * its landing page shows and its deals in order. One campaign is the default, shown for a link
 * that names none, an unknown one or one that has ended (a paid click never lands on a 404).
 * Like the list tables, campaign_deal names deals by id without a foreign key (the seed rewrites
 * the catalogue); only live deals are listed. Frozen in time: no app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table deals.campaign (
    id integer generated always as identity primary key,
    slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 60),
    headline text not null check (length(headline) between 1 and 120),
    description text not null check (length(description) between 1 and 400),
    is_default boolean not null default false,
    starts_at timestamptz not null,
    ends_at timestamptz,
    check (ends_at is null or ends_at > starts_at)
  )`.execute(db);
  await sql`create unique index campaign_one_default on deals.campaign (is_default) where is_default`.execute(db);
  await sql`create table deals.campaign_deal (
    campaign_id integer not null references deals.campaign (id) on delete cascade,
    deal_id integer not null,
    position integer not null,
    primary key (campaign_id, deal_id)
  )`.execute(db);
  await sql`create index campaign_deal_order on deals.campaign_deal (campaign_id, position, deal_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table deals.campaign_deal`.execute(db);
  await sql`drop table deals.campaign`.execute(db);
}
