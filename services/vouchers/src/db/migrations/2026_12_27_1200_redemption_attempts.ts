/**
 * Issue 17 point 3: every redemption attempt (typed, scanned, from a file or a device's offline
 * queue, and undos) with who, when and the result, written in the redemption's transaction. A
 * device's own attempt id is unique per business, and its first answer is kept, so a queue sent
 * twice is answered the same and redeems nothing more. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table vouchers.redemption_attempt (
      id bigint generated always as identity primary key,
      -- the business, and the merchant user at the till
      merchant_ref text not null,
      actor_ref text,
      channel text not null check (channel in ('typed', 'qr', 'csv', 'offline')),
      -- what was given: the code as typed (trimmed), the scanned link, or the voucher id of an undo
      code text not null,
      -- only a voucher of the business's own deals: a code of another business is not found, like a random one
      voucher_id uuid references vouchers.voucher (id),
      result text not null check (result in ('redeemed', 'already_redeemed', 'not_redeemable', 'not_found', 'undone', 'undo_refused')),
      -- its line in a redemption file
      line integer,
      -- the device's own id of an attempt, and the answer it was given (replayed to the same id)
      attempt_id uuid,
      answer_status smallint,
      answer jsonb,
      at timestamptz not null,
      constraint redemption_attempt_device_key unique (merchant_ref, attempt_id)
    )`.execute(db);
  // The dashboard: a business's attempts newest first, a page at a time.
  await sql`create index redemption_attempt_merchant_idx on vouchers.redemption_attempt (merchant_ref, id desc)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table vouchers.redemption_attempt`.execute(db);
}
