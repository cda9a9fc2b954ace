/**
 * Suggestion lookups on search.term (a few thousand rows): a prefix range on the btree
 * (norm text_pattern_ops), then for 3+ characters the nearest terms by trigram similarity
 * (GiST KNN; deal titles by prefix only).
 * LIKE wildcards typed by the shopper are escaped; every value is a parameter (V4).
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

/** Escapes LIKE's wildcards and its escape character. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Rows read from each tier (the handler keeps a few of each kind). */
const PREFIX_ROWS = 200;
const TRIGRAM_ROWS = 30;
/** Trigram matching only from this many characters (performance.md B6). */
export const TRIGRAM_MIN_CHARS = 3;
const MIN_SIMILARITY = 0.3;

/**
 * The normalised text is written as search.norm($1) where it is used (not read from a CTE), so
 * the planner folds it to a constant: the prefix becomes a btree range, the distance a KNN scan.
 */
export async function findTerms(db: SearchDb, q: string, location: string | null): Promise<TermMatch[]> {
  const where = location === null ? sql`true` : sql`(t.location_slug is null or t.location_slug = ${location})`;
  const columns = sql`t.kind, t.text, t.norm, t.url, t.deal_id, t.location_slug, t.weight`;
  // Nearest terms by trigram similarity (GiST KNN on the terms other than deal titles), kept
  // when similar enough (pg_trgm's 0.3).
  const trigram =
    q.length >= TRIGRAM_MIN_CHARS
      ? sql`union all
        select * from (
          select ${columns}, 1 as tier, (1 - (t.norm <-> search.norm(${q})))::float4 as similarity
          from search.term t
          where t.kind <> 'deal' and ${where}
          order by t.norm <-> search.norm(${q})
          limit ${TRIGRAM_ROWS}
        ) y where y.similarity >= ${MIN_SIMILARITY}`
      : sql``;
  const result = await sql<{ kind: TermKind; text: string; norm: string; url: string | null; deal_id: number | null; location_slug: string | null; weight: number; tier: number; similarity: number }>`
    (select ${columns}, 0 as tier, 1.0::float4 as similarity
     from search.term t
     where t.norm like search.norm(${escapeLike(q)}) || '%' and ${where}
     order by t.weight desc, t.norm
     limit ${PREFIX_ROWS})
    ${trigram}`.execute(db);
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
