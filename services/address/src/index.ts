export { createAddressApp, ADDRESS_BASE_PATH, type AddressAppOptions } from './app.ts';
export { migrateAddress, addressMigrations, ADDRESS_SCHEMA, type AddressDb, type AddressDatabase } from './db/database.ts';
export { seedAddresses, addressesAt, addressByMoniker, autocomplete, formattedLines, labelOf, type Address } from './store.ts';
export { SEED_ADDRESSES, generateAddresses, type SeedAddress } from './seed/addresses.ts';
export * from './contract.ts';
