/**
 * What a watcher of a deal needs to know (issue 19 point 2, the wish list alerts of the wishlist
 * service): its headline price (the price a card shows, deals.refresh_deal_headline) and whether
 * it can be bought now. A module function, called by the shop's alerts job with its own handle.
 *
 * Available: not closed (no closing date, or one after `now`) and at least one enabled option
 * with units left (unlimited, or remaining > 0): the same test as the deal page's
 * "sold out"/"ended" (domain dealAvailability).
 */
import { sql, type Kysely } from 'kysely';
import { dealPath } from '@shop/domain/paths';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller's handle or transaction, any schema
type AnyDb = Kysely<any>;

export interface DealWatchState {
  id: number;
  title: string;
  /** The deal page's path (/deals/{location}/{category}/…/{id}/{blurb}.html). */
  path: string;
  headlinePricePence: number;
  currency: string;
  available: boolean;
}

/** The deals among `ids` that exist (others are left out), read on `db` (the caller's transaction or handle). */
export async function dealWatchStates(db: AnyDb, ids: readonly number[], now: Date): Promise<Map<number, DealWatchState>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647))];
  const states = new Map<number, DealWatchState>();
  if (wanted.length === 0) return states;
  const { rows } = await sql<{
    id: number; title: string; headline_price_pence: number; currency: string; closing_date: Date | string | null;
    location: string; category: string; subcategory: string | null; buyable: boolean;
  }>`select d.id, d.title, d.headline_price_pence, d.currency, d.closing_date,
      l.slug as location, c.slug as category, s.slug as subcategory,
      exists (select 1 from deals.product p where p.deal_id = d.id and not p.disabled and (p.remaining is null or p.remaining > 0)) as buyable
    from deals.deal d
    join deals.location l on l.id = d.location_id
    join deals.category c on c.id = d.category_id
    left join deals.category s on s.id = d.subcategory_id
    where d.id in (${sql.join(wanted)})`.execute(db);
  for (const r of rows) {
    const open = r.closing_date === null || new Date(r.closing_date).getTime() > now.getTime();
    states.set(Number(r.id), {
      id: Number(r.id),
      title: r.title,
      path: dealPath({ location: r.location, category: r.category, subcategory: r.subcategory, dealId: Number(r.id), title: r.title }),
      headlinePricePence: Number(r.headline_price_pence),
      currency: r.currency,
      available: open && r.buyable,
    });
  }
  return states;
}
