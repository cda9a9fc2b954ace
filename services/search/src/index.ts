export { createSearchApp, SEARCH_BASE_PATH, type SearchAppOptions, type SearchApp } from './app.ts';
export { migrateSearch, searchMigrations, SEARCH_SCHEMA, type SearchDb, type SearchDatabase } from './db/database.ts';
export { syncSearchIndex, type SyncSearchIndexOptions, type SyncReport, type DealsSource } from './indexer/sync.ts';
export * from './contract.ts';
