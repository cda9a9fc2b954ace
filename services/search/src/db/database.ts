/**
 * The search schema as Kysely sees it, and its migrations. Tables are keyed without the schema
 * name: every query goes through `db.withSchema(SEARCH_SCHEMA)` or names `search.` in sql``.
 */
import type { Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';
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

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: searchMigrations, migrate: migrateSearch } = schemaMigrations(SEARCH_SCHEMA, new URL('./migrations/', import.meta.url));
