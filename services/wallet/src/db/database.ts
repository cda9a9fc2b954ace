/**
 * The wallet schema and its migrations. The ledger's queries are SQL with schema-qualified names
 * (wallet.account, …), so the service takes any Kysely handle: the shop shares one connection.
 */
import type { Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';

export const WALLET_SCHEMA = 'wallet';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-agnostic: module functions take the caller's Transaction<any>
export type WalletDb = Kysely<any>;

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: walletMigrations, migrate: migrateWallet } = schemaMigrations(WALLET_SCHEMA, new URL('./migrations/', import.meta.url));
