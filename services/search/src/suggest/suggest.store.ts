/**
 * Suggestion lookups on search.term (a few thousand rows), through search.suggest_terms() (one
 * call, plans cached per connection; see its migration): a prefix range on the btree (norm
 * text_pattern_ops), then for 3+ characters the terms at least MIN_SIMILARITY trigram-similar
 * (GiST; deal titles by prefix only), nearest first.
 * The shopper's text is matched literally, never as a LIKE pattern; every value is a parameter (V4).
 */
import { sql } from 'kysely';
import type { SearchDb } from '../db/database.ts';
import type { TermKind } from '../db/tables.ts';

export interface TermMatch {
  kind: TermKind;
  text: string;
  norm: string;
  url: string | null;
  dealId: number | null;
  locationSlug: string | null;
  weight: number;
  /** 0: prefix match, 1: trigram match. */
  tier: number;
  similarity: number;
}

/** Rows read from each tier (the handler keeps a few of each kind). */
const PREFIX_ROWS = 200;
const TRIGRAM_ROWS = 30;
/** Trigram matching only from this many characters (performance.md B6). */
export const TRIGRAM_MIN_CHARS = 3;
/** pg_trgm's usual threshold. */
const MIN_SIMILARITY = 0.3;

export async function findTerms(db: SearchDb, q: string, location: string | null): Promise<TermMatch[]> {
  const trigramRows = q.length >= TRIGRAM_MIN_CHARS ? TRIGRAM_ROWS : 0;
  const result = await sql<{ kind: TermKind; text: string; norm: string; url: string | null; deal_id: number | null; location_slug: string | null; weight: number; tier: number; similarity: number }>`
    select * from search.suggest_terms(${q}, ${location}, ${PREFIX_ROWS}, ${trigramRows}, ${MIN_SIMILARITY})`.execute(db);
  return result.rows.map((r) => ({
    kind: r.kind,
    text: r.text,
    norm: r.norm,
    url: r.url,
    dealId: r.deal_id === null ? null : Number(r.deal_id),
    locationSlug: r.location_slug,
    weight: Number(r.weight),
    tier: Number(r.tier),
    similarity: Number(r.similarity),
  }));
}
