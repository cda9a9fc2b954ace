/**
 * The address schema: UK addresses keyed by a stable moniker, looked up by postcode and searched
 * as the shopper types (`search_text`: the label in lower case plus the postcode without its
 * space). Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table address.address (
      id bigint generated always as identity primary key,
      moniker text not null unique check (moniker ~ '^[A-Za-z0-9_-]{1,64}$'),
      line1 text not null check (length(line1) between 1 and 200),
      line2 text check (length(line2) <= 200),
      town text not null check (length(town) between 1 and 100),
      county text check (length(county) <= 100),
      -- normalised: upper case, one space before the inward code
      postcode text not null check (postcode ~ '^[A-Z0-9]{2,4} [0-9][A-Z]{2}$'),
      house_number integer not null default 0,
      search_text text not null
    )`.execute(db);
  await sql`create index address_postcode_idx on address.address (postcode)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists address.address`.execute(db);
}
