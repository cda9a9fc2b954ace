/**
 * Credit campaigns and their claims (spec §2 credit_validation, §3 credit claim response, §4 credit
 * claim; issue 18 point 3). A campaign is data: its id is the digits of the link
 * (?credit_validation=1001), the credit it gives (integer pence, promotional), how long that credit
 * lasts (months after the claim, or a fixed date) and the window its link works in. A claim is one
 * row per (campaign, customer): the primary key makes "once per customer" the database's rule,
 * and the wallet credit is posted in the same transaction. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table wallet.credit_campaign (
    id bigint primary key check (id > 0),
    name text not null check (length(name) between 1 and 200),
    amount bigint not null check (amount > 0 and amount <= 100000000),
    currency text not null check (currency in ('GBP', 'EUR')),
    credit_valid_months integer check (credit_valid_months between 1 and 12),
    credit_expires_at timestamptz,
    valid_from timestamptz not null,
    valid_until timestamptz not null,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    check (valid_until > valid_from),
    check ((credit_valid_months is null) <> (credit_expires_at is null))
  )`.execute(db);
  await sql`create table wallet.credit_claim (
    campaign_id bigint not null references wallet.credit_campaign (id),
    customer_token text not null,
    amount bigint not null check (amount > 0),
    currency text not null,
    credit_ref text not null unique,
    credit_expires_at timestamptz not null,
    claimed_at timestamptz not null default now(),
    primary key (campaign_id, customer_token)
  )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists wallet.credit_claim, wallet.credit_campaign`.execute(db);
}
