import { useEffect, useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { SPONSORED_USR_SRC_PREFIX } from '@shop/domain';
import { DealCard } from '../deals/DealCard.tsx';
import { postSponsoredEvents, rememberSponsored, type SponsoredEntry } from './sponsored.ts';
import type { SponsoredResults_search$key } from '../../__generated__/SponsoredResults_search.graphql';

/** Result sets whose impression was posted in this page load (StrictMode runs effects twice). */
const impressions = new Set<string>();

/** The link of a sponsored result: its path with usr_src=sponsored_search_{position} (1-based). */
function sponsoredHref(path: string, position: number): string {
  const [base, query = ''] = path.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  params.set('usr_src', `${SPONSORED_USR_SRC_PREFIX}${position}`);
  return `${base}?${params.toString()}`;
}

/**
 * The sponsored results of a search (spec §3, §4), above the results and labelled "Sponsored".
 * When they show, the entry of each (deal id → ad id) is stored for the deal page's click, and
 * one impression event is posted for them.
 */
export function SponsoredResults({ search, resultsKey }: { search: SponsoredResults_search$key; resultsKey: string }) {
  const data = useFragment(
    graphql`
      fragment SponsoredResults_search on SearchConnection {
        sponsored {
          adId
          urlPath
          isSponsored
          deal {
            id
            dealId
            url
            ...DealCard_deal
          }
        }
      }
    `,
    search,
  );
  const headingId = useId();
  const shown = data.sponsored.filter((s) => s.isSponsored);
  const entries: SponsoredEntry[] = shown.map((s) => ({ dealId: String(s.deal.dealId), adId: s.adId }));
  const signature = `${resultsKey}|${entries.map((e) => `${e.dealId}:${e.adId}`).join(',')}`;

  useEffect(() => {
    if (entries.length === 0 || impressions.has(signature)) return;
    impressions.add(signature);
    rememberSponsored(entries);
    void postSponsoredEvents('IMPRESSION', entries);
    // The signature names the entries: a new set of results posts again, a re-render does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  if (shown.length === 0) return null;
  return (
    <section className="sponsored" aria-labelledby={headingId}>
      <h2 id={headingId} className="sponsored__title">
        Sponsored
        <span className="sponsored__note"> · Paid placements from our partners</span>
      </h2>
      <ul className="deal-grid sponsored__grid" aria-labelledby={headingId}>
        {shown.map((s, i) => (
          <li key={s.deal.id}>
            <DealCard deal={s.deal} eager sponsored href={sponsoredHref(s.urlPath.startsWith('/') ? s.urlPath : s.deal.url, i + 1)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
