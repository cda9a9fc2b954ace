/**
 * The search schema as Kysely sees it, and its migrations. Tables are keyed without the schema
 * name: every query goes through `db.withSchema(SEARCH_SCHEMA)` or names `search.` in sql``.
 */
import type { Kysely } from 'kysely';
import { migrate } from '@shop/platform';
import { searchMigrations } from './migrations/index.ts';
import type { CategoryTable, IndexStateTable, DealDocumentTable, LocationTable, SponsoredCampaignTable, SponsoredEventTable, SponsoredSessionTable, TermTable } from './tables.ts';

export const SEARCH_SCHEMA = 'search';

export interface SearchDatabase {
  location: LocationTable;
  index_state: IndexStateTable;
  category: CategoryTable;
  deal_document: DealDocumentTable;
  term: TermTable;
  sponsored_campaign: SponsoredCampaignTable;
  sponsored_session: SponsoredSessionTable;
  sponsored_event: SponsoredEventTable;
}

export type SearchDb = Kysely<SearchDatabase>;

/** Brings the search schema to the latest migration (installs pg_trgm and unaccent if needed). */
export async function migrateSearch(db: SearchDb): Promise<void> {
  await migrate(db, { schema: SEARCH_SCHEMA, migrations: searchMigrations });
}

export { searchMigrations };
