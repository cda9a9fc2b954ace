import type { SearchDb } from '../db/database.ts';
import type { Suggestion } from '../contract.ts';
import type { ResolvedSearch } from '../search/search.handlers.ts';
import type { SummaryCache } from '../search/summary-cache.ts';
import type { IndexState } from './index-state.ts';

export type Logger = (message: string, fields: Record<string, unknown>) => void;

/** What the handlers need, given once when the app is created. */
export interface SearchDeps {
  db: SearchDb;
  /** The clock: deals whose closing date has passed are never returned. */
  now: () => Date;
  log: Logger;
  /** The index version and the location and category names, cached. */
  index: IndexState;
  /** Search summaries by query; absent when caching is off. */
  cache: SummaryCache<ResolvedSearch> | null;
  /** Suggestions by (text, location, limit); absent when caching is off. */
  suggestCache: SummaryCache<Suggestion[]> | null;
}
