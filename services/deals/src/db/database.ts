import type { Kysely } from 'kysely';
import { migrate } from '@shop/platform';
import { dealsMigrations } from './migrations/index.ts';

export const DEALS_SCHEMA = 'deals';

/** Brings the deals schema to the latest migration. */
export async function migrateDeals(db: Kysely<any>): Promise<void> {
  await migrate(db, { schema: DEALS_SCHEMA, migrations: dealsMigrations });
}

export { dealsMigrations };
