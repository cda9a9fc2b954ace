/**
 * Credit that expires (spec §9: wallet credit expires 12 months after redemption, expired voucher
 * credit is valid 14 days). Balances stay the sum of entries; what expires is tracked beside them:
 *
 * - credit_lot: one per credit posting given an expiry (per customer account): `amount` as given,
 *   `remaining` what is still unspent of it. Spending takes the soonest-expiring lots first; an
 *   order's wallet money that comes back (release, reversal, refund) goes back to the lots it came
 *   from. Σ remaining of an account's lots never exceeds its balance (ledgerViolations checks it).
 * - lot_use: what a hold took from each lot, and how much of that came back.
 * - a posting of kind 'expiry' (ref `lot:<id>:<n>`) moves a lot's unspent part to the system
 *   account `expired`, made by a job once the lot's expires_at has passed; entries are never
 *   changed. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table wallet.ledger_transaction drop constraint ledger_transaction_kind_check`.execute(db);
  await sql`alter table wallet.ledger_transaction add constraint ledger_transaction_kind_check check (kind in ('credit', 'hold', 'capture', 'release', 'reversal', 'refund', 'expiry'))`.execute(db);
  await sql`create table wallet.credit_lot (
    id bigint generated always as identity primary key,
    transaction_id bigint not null references wallet.ledger_transaction (id),
    account_id bigint not null references wallet.account (id),
    amount bigint not null check (amount > 0),
    remaining bigint not null check (remaining >= 0 and remaining <= amount),
    expires_at timestamptz not null,
    expiries integer not null default 0,
    created_at timestamptz not null default now(),
    unique (transaction_id, account_id)
  )`.execute(db);
  await sql`create index credit_lot_account_idx on wallet.credit_lot (account_id, expires_at) where remaining > 0`.execute(db);
  await sql`create index credit_lot_due_idx on wallet.credit_lot (expires_at) where remaining > 0`.execute(db);
  await sql`create table wallet.lot_use (
    hold_ref text not null,
    lot_id bigint not null references wallet.credit_lot (id),
    taken bigint not null check (taken > 0),
    given_back bigint not null default 0 check (given_back >= 0 and given_back <= taken),
    primary key (hold_ref, lot_id)
  )`.execute(db);
  for (const currency of ['GBP', 'EUR']) {
    await sql`insert into wallet.account (owner_type, owner, currency, bucket) values ('system', 'expired', ${currency}, 'system')`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists wallet.lot_use, wallet.credit_lot`.execute(db);
  await sql`alter table wallet.ledger_transaction drop constraint ledger_transaction_kind_check`.execute(db);
  await sql`alter table wallet.ledger_transaction add constraint ledger_transaction_kind_check check (kind in ('credit', 'hold', 'capture', 'release', 'reversal', 'refund'))`.execute(db);
}
