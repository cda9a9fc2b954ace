/**
 * The wallet ledger (double entry). Amounts are integer pence in bigint columns.
 *
 * - account: one per customer token, currency and bucket (marketing | refundable), plus the
 *   system accounts per currency (promotions, refunds, orders-held, sales). `balance` caches
 *   Σ entry.amount of the account, updated in the same transaction as the entries; a customer
 *   account can never go below 0 (check constraint).
 * - ledger_transaction: one posting (credit, hold, capture, release), unique per (kind, ref), so
 *   each is idempotent by its ref.
 * - entry: append-only (triggers refuse UPDATE, DELETE and TRUNCATE); the entries of a
 *   transaction sum to 0, checked by a deferred constraint trigger at commit.
 * - hold: the wallet credit held for an order (ref = order id), held → captured | released.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table wallet.account (
    id bigint generated always as identity primary key,
    owner_type text not null check (owner_type in ('customer', 'system')),
    owner text not null,
    currency text not null check (currency in ('GBP', 'EUR')),
    bucket text not null check (bucket in ('marketing', 'refundable', 'system')),
    balance bigint not null default 0,
    created_at timestamptz not null default now(),
    unique (owner_type, owner, currency, bucket),
    check ((owner_type = 'system') = (bucket = 'system')),
    constraint customer_balance_not_negative check (owner_type = 'system' or balance >= 0)
  )`.execute(db);

  await sql`create table wallet.ledger_transaction (
    id bigint generated always as identity primary key,
    kind text not null check (kind in ('credit', 'hold', 'capture', 'release')),
    ref text not null,
    customer_token text not null,
    currency text not null,
    reason text not null,
    created_at timestamptz not null default now(),
    unique (kind, ref)
  )`.execute(db);
  await sql`create index ledger_transaction_customer_idx on wallet.ledger_transaction (customer_token, id desc)`.execute(db);

  await sql`create table wallet.entry (
    id bigint generated always as identity primary key,
    transaction_id bigint not null references wallet.ledger_transaction (id),
    account_id bigint not null references wallet.account (id),
    amount bigint not null check (amount <> 0),
    balance_after bigint not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index entry_transaction_idx on wallet.entry (transaction_id)`.execute(db);
  await sql`create index entry_account_idx on wallet.entry (account_id, id)`.execute(db);

  await sql`create table wallet.hold (
    ref text primary key,
    customer_token text not null,
    currency text not null,
    marketing bigint not null check (marketing >= 0),
    refundable bigint not null check (refundable >= 0),
    state text not null check (state in ('held', 'captured', 'released')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create function wallet.refuse_entry_change() returns trigger language plpgsql as $$
    begin
      raise exception 'wallet.entry is append-only: % refused', tg_op using errcode = 'P0001';
    end $$`.execute(db);
  await sql`create trigger entry_append_only before update or delete on wallet.entry
    for each row execute function wallet.refuse_entry_change()`.execute(db);
  await sql`create trigger entry_no_truncate before truncate on wallet.entry
    for each statement execute function wallet.refuse_entry_change()`.execute(db);

  await sql`create function wallet.check_transaction_balanced() returns trigger language plpgsql as $$
    begin
      if (select coalesce(sum(amount), 0) from wallet.entry where transaction_id = new.transaction_id) <> 0 then
        raise exception 'wallet transaction % does not sum to 0', new.transaction_id using errcode = 'P0001';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger entry_transaction_balanced after insert on wallet.entry
    deferrable initially deferred for each row execute function wallet.check_transaction_balanced()`.execute(db);

  for (const currency of ['GBP', 'EUR']) {
    for (const owner of ['promotions', 'refunds', 'orders-held', 'sales']) {
      await sql`insert into wallet.account (owner_type, owner, currency, bucket) values ('system', ${owner}, ${currency}, 'system')`.execute(db);
    }
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists wallet.hold, wallet.entry, wallet.ledger_transaction, wallet.account`.execute(db);
  await sql`drop function if exists wallet.refuse_entry_change()`.execute(db);
  await sql`drop function if exists wallet.check_transaction_balanced()`.execute(db);
}
