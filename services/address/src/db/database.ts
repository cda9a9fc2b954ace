import type { Generated, Kysely } from 'kysely';
import { migrate } from '@shop/platform';
import { addressMigrations } from './migrations/index.ts';

export const ADDRESS_SCHEMA = 'address';

export interface AddressTable {
  id: Generated<string>;
  moniker: string;
  line1: string;
  line2: string | null;
  town: string;
  county: string | null;
  postcode: string;
  house_number: Generated<number>;
  search_text: string;
}

export interface AddressDatabase {
  address: AddressTable;
}

export type AddressDb = Kysely<AddressDatabase>;

/** Brings the address schema to the latest migration. */
export async function migrateAddress<DB>(db: Kysely<DB>): Promise<void> {
  await migrate(db, { schema: ADDRESS_SCHEMA, migrations: addressMigrations });
}

export const inAddress = (db: AddressDb) => db.withSchema(ADDRESS_SCHEMA);

export { addressMigrations };
