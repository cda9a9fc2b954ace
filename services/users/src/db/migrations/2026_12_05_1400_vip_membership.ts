/**
 * VIP membership (spec §3 userVipStatus, §9 £4.99 a year): the account keeps when its membership
 * ends (vip_valid_until, the current state), and vip_membership_event is the append-only history
 * beside it: one 'granted' row per paying order, at most one 'revoked' row taking that grant back
 * (a payment declined at settlement). The unique index makes a grant and its revocation each
 * happen at most once per order. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table users.account add column vip_valid_until timestamptz`.execute(db);
  await sql`
    create table users.vip_membership_event (
      id bigint generated always as identity primary key,
      user_id bigint not null references users.account (id),
      order_ref text not null,
      kind text not null check (kind in ('granted', 'revoked')),
      valid_until_before timestamptz,
      valid_until_after timestamptz,
      status_before text not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create unique index vip_membership_event_once on users.vip_membership_event (order_ref, kind)`.execute(db);
  await sql`create index vip_membership_event_user on users.vip_membership_event (user_id, at)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table users.vip_membership_event`.execute(db);
  await sql`alter table users.account drop column vip_valid_until`.execute(db);
}
