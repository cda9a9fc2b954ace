/**
 * The merchants schema (issue 17): businesses, their members (users-service accounts by customer
 * token), owners waiting for an account, merchant applications with their history, and the mail
 * the service owes (written in the transaction that decides it, handed to the Mailer after).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table merchants.application (
      id bigint generated always as identity primary key,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
      business_name text not null check (length(business_name) between 1 and 120),
      contact_name text not null check (length(contact_name) between 1 and 100),
      -- normalised (trimmed, lower case)
      email text not null check (email = lower(email) and length(email) between 3 and 254),
      phone text not null check (phone ~ '^\\+44[1-9][0-9]{8,9}$'),
      address_line text not null check (length(address_line) between 1 and 200),
      postcode text not null check (postcode ~ '^[A-Z0-9]{2,4} [0-9][A-Z]{2}$'),
      category text not null check (length(category) between 1 and 60),
      city text not null check (city in ('Glasgow', 'Edinburgh', 'Aberdeen', 'national')),
      type text not null check (type in ('local', 'shop', 'travel')),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      decided_by text check (length(decided_by) between 1 and 100),
      reject_reason text check (length(reject_reason) between 1 and 500),
      check ((status = 'pending') = (decided_at is null)),
      check ((status = 'rejected') = (reject_reason is not null))
    )`.execute(db);
  // One pending application per address: a second sign-up answers the first.
  await sql`create unique index application_pending_email_key on merchants.application (email) where status = 'pending'`.execute(db);

  await sql`
    create table merchants.application_event (
      id bigint generated always as identity primary key,
      application_id bigint not null references merchants.application (id),
      event text not null check (event in ('submitted', 'approved', 'rejected')),
      actor_ref text check (length(actor_ref) between 1 and 100),
      reason text,
      at timestamptz not null
    )`.execute(db);
  await sql`create index application_event_application_idx on merchants.application_event (application_id)`.execute(db);

  await sql`
    create table merchants.business (
      id bigint generated always as identity primary key,
      name text not null check (length(name) between 1 and 120),
      type text not null check (type in ('local', 'shop', 'travel')),
      category text not null check (length(category) between 1 and 60),
      city text not null check (city in ('Glasgow', 'Edinburgh', 'Aberdeen', 'national')),
      -- a business seeded from the catalogue may have no contact on file yet
      contact_name text check (length(contact_name) between 1 and 100),
      email text check (email = lower(email)),
      phone text check (phone ~ '^\\+44[1-9][0-9]{8,9}$'),
      address text not null check (length(address) between 1 and 200),
      postcode text not null,
      -- the deals service's merchant (deals.merchant.id): null until its first deal is listed
      catalogue_merchant_id integer unique,
      -- the shop's commission on its vouchers, basis points (per-deal rates come later)
      commission_bp integer not null check (commission_bp between 0 and 10000),
      status text not null default 'active' check (status in ('active', 'suspended')),
      -- the application it was approved from: at most one business each
      application_id bigint unique references merchants.application (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table merchants.application add column business_id bigint unique references merchants.business (id)`.execute(db);

  await sql`
    create table merchants.membership (
      business_id bigint not null references merchants.business (id),
      customer_token text not null check (length(customer_token) between 10 and 200),
      role text not null check (role in ('owner', 'staff')),
      created_at timestamptz not null default now(),
      primary key (business_id, customer_token)
    )`.execute(db);
  await sql`create index membership_customer_idx on merchants.membership (customer_token)`.execute(db);

  // An approved applicant without a confirmed account yet: made an owner once one exists.
  await sql`
    create table merchants.pending_owner (
      business_id bigint not null references merchants.business (id),
      email text not null check (email = lower(email)),
      created_at timestamptz not null default now(),
      primary key (business_id, email)
    )`.execute(db);
  await sql`create index pending_owner_email_idx on merchants.pending_owner (email)`.execute(db);

  await sql`
    create table merchants.mail (
      id bigint generated always as identity primary key,
      kind text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      created_at timestamptz not null,
      claimed_until timestamptz,
      attempts integer not null default 0,
      sent_at timestamptz
    )`.execute(db);
  await sql`create index mail_unsent_idx on merchants.mail (id) where sent_at is null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists merchants.mail, merchants.pending_owner, merchants.membership, merchants.application_event`.execute(db);
  await sql`alter table if exists merchants.application drop column if exists business_id`.execute(db);
  await sql`drop table if exists merchants.business, merchants.application`.execute(db);
}
