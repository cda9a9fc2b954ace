import type { Generated, Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';

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

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: addressMigrations, migrate: migrateAddress } = schemaMigrations(ADDRESS_SCHEMA, new URL('./migrations/', import.meta.url));

export const inAddress = (db: AddressDb) => db.withSchema(ADDRESS_SCHEMA);
