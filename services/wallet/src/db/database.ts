/**
 * The wallet schema and its migrations. The ledger's queries are SQL with schema-qualified names
 * (wallet.account, …), so the service takes any Kysely handle: the shop shares one connection.
 */
import type { Kysely } from 'kysely';
import { migrate } from '@shop/platform';
import { walletMigrations } from './migrations/index.ts';

export const WALLET_SCHEMA = 'wallet';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-agnostic: module functions take the caller's Transaction<any>
export type WalletDb = Kysely<any>;

/** Brings the wallet schema to the latest migration. */
export async function migrateWallet<DB>(db: Kysely<DB>): Promise<void> {
  await migrate(db, { schema: WALLET_SCHEMA, migrations: walletMigrations });
}

export { walletMigrations };
