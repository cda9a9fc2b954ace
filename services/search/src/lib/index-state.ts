/**
 * What the handlers read about the index itself, cached: its version (bumped by each sync; read
 * at most every `versionCheckMs`), and the location and category names (re-read when the
 * version changes, and at least every 30 seconds).
 */
import type { SearchDb } from '../db/database.ts';
import { listCategoryNames, listLocations } from '../search/search.store.ts';

const NAMES_MAX_AGE_MS = 30_000;

export interface IndexNames {
  /** Location slug → name. */
  locations: Map<string, string>;
  /** Category slug → name, and 'category/subcategory' → sub-category name. */
  categories: Map<string, string>;
}

export interface IndexState {
  /** The index version (a sync that changed something bumps it). */
  version(): Promise<string>;
  names(): Promise<IndexNames>;
}

export function indexState(db: SearchDb, versionCheckMs = 1000): IndexState {
  let version: { at: number; value: Promise<string> } | null = null;
  let names: { at: number; version: string; value: Promise<IndexNames> } | null = null;

  const readVersion = async () => {
    const row = await db.withSchema('search').selectFrom('index_state').select('version').where('id', '=', 1).executeTakeFirst();
    return String(row?.version ?? '0');
  };
  const readNames = async (): Promise<IndexNames> => {
    const [locations, categories] = await Promise.all([listLocations(db), listCategoryNames(db)]);
    return {
      locations: new Map(locations.map((l) => [l.slug, l.name])),
      categories: new Map(categories.map((c) => [c.subcategory ? `${c.category}/${c.subcategory}` : c.category, c.name])),
    };
  };

  const state: IndexState = {
    version() {
      const now = Date.now();
      if (!version || now - version.at >= versionCheckMs) {
        const value = readVersion();
        version = { at: now, value };
        value.catch(() => (version = null));
      }
      return version.value;
    },
    async names() {
      const v = await state.version();
      const now = Date.now();
      if (!names || names.version !== v || now - names.at > NAMES_MAX_AGE_MS) {
        const value = readNames();
        names = { at: now, version: v, value };
        value.catch(() => (names = null));
      }
      return names.value;
    },
  };
  return state;
}
