/**
 * Sponsored campaigns, seeded once when there are none: about 3% of the indexed deals, picked
 * and priced by a hash of the deal id, so the same catalogue always gets the same campaigns and
 * ad ids (ad id = 1,000,000 + deal id).
 */
import { sql } from 'kysely';
import type { SearchDb } from '../db/database.ts';

export const AD_ID_OFFSET = 1_000_000;

/** Whether a deal id gets a campaign (the same rule as the SQL below), for tests. */
export const isSponsoredDealId = (id: number) => Number((BigInt(id) * 2654435761n) % 4294967296n) % 100 < 3;

export async function seedCampaigns(db: SearchDb): Promise<number> {
  const existing = await sql<{ n: number }>`select count(*)::int as n from search.sponsored_campaign`.execute(db);
  if (Number(existing.rows[0]?.n ?? 0) > 0) return 0;
  const result = await sql`
    insert into search.sponsored_campaign (ad_id, deal_id, bid_pence)
    select ${AD_ID_OFFSET} + d.id, d.id, 5 + ((d.id::bigint * 40503) % 196)::int
    from search.deal_document d
    where ((d.id::bigint * 2654435761) % 4294967296) % 100 < 3
    on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Copies each campaign's deal match columns onto the campaign (only where they changed); a
 * campaign whose deal left the index gets nulls and so matches nothing.
 */
export async function refreshCampaignCopies(db: SearchDb): Promise<number> {
  const result = await sql`
    update search.sponsored_campaign c
    set location_slug = d.location_slug, closing_date = d.closing_date, url = d.url, title_norm = d.title_norm, search_vector = d.search_vector
    from search.sponsored_campaign c2
    left join search.deal_document d on d.id = c2.deal_id
    where c2.ad_id = c.ad_id
      and (c.location_slug, c.closing_date, c.url, c.title_norm, c.search_vector) is distinct from (d.location_slug, d.closing_date, d.url, d.title_norm, d.search_vector)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
