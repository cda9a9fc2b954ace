/**
 * Per-request dataloaders over the REST clients. Created in the context for each request, never
 * at module scope, so one shopper's data never reaches another's request. Every id-based read
 * goes through a loader, so a page of 9 or 48 deals costs the same number of REST calls (B3).
 */
import DataLoader from 'dataloader';
import type { Category, Deal, DealsResponse, Location, Merchant, NavigationItem } from '@shop/deals/contract';
import { DEALS_BATCH_MAX, MERCHANTS_BATCH_MAX, type DealsClient, type DealsListQuery } from './clients/deals.client.ts';
import type { SearchClient, SearchQuery, SearchResponse, SuggestQuery, SuggestResponse } from './clients/search.client.ts';
import type { VoucherDetail, VouchersClient } from './clients/vouchers.client.ts';

export interface Loaders {
  /** Primes merchantById with each deal's merchant. */
  dealById: DataLoader<number, Deal | null>;
  /**
   * Merchants by id, batched into /merchants?ids=. Primed with the merchant every deal response
   * embeds (Deal.business), so a deal's merchant costs no call; node(id:) refetches through it.
   */
  merchantById: DataLoader<number, Merchant | null>;
  locationBySlug: DataLoader<string, Location | null>;
  /** Every location, in the service's order (one call); primes locationBySlug. */
  locations: () => Promise<Location[]>;
  /** Every category of the catalogue (one call). */
  categories: () => Promise<Category[]>;
  categoryById: (id: number) => Promise<Category | null>;
  navigationByLocation: DataLoader<string, NavigationItem[] | null>;
  /** A deals list page; identical lists in one document (aliases, fragments) share one call. */
  dealsList: DataLoader<DealsListQuery, DealsResponse | null, string>;
  /**
   * A page of search results, keyed by the whole query (route, filters, page and size): the same
   * search twice in one document (aliases, fragments, Guide.deals) is one call. Results are ids
   * and summaries; the deals are hydrated through dealById.
   */
  searchPage: DataLoader<SearchQuery, SearchResponse | null, string>;
  /** Suggestions, keyed by the whole query. */
  suggestions: DataLoader<SuggestQuery, SuggestResponse['suggestions'], string>;
  /**
   * One call of a deals-service list route (recently viewed, recommendations, early bird, special
   * event, near-me, guide) per key and request; the deals it returns are primed into dealById.
   */
  list<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * A voucher of the signed-in shopper, with its history (GET /voucher/{id}?customerToken=): null
   * for a guest, for anyone else's voucher and for an unknown id. The service has no batch read,
   * so each id is one call: lists never ask it per voucher (Voucher.history is read on demand).
   */
  heldVoucherById: DataLoader<string, VoucherDetail | null>;
}

/** Every full deal a list response holds: its page of deals and a guide's listicle deals. */
function dealsOf(value: unknown): Deal[] {
  if (!value || typeof value !== 'object') return [];
  const out: Deal[] = [];
  const { deals, listicleDeals } = value as { deals?: unknown; listicleDeals?: unknown };
  if (Array.isArray(deals)) out.push(...(deals as Deal[]));
  if (Array.isArray(listicleDeals)) out.push(...(listicleDeals as { deal: Deal }[]).map((l) => l.deal));
  return out;
}

/**
 * `customerToken`: the signed-in shopper's (from the session, looked up on first use), for the
 * loaders of personal data; a guest's is null.
 */
export function createLoaders(
  clients: { deals: DealsClient; search: SearchClient; vouchers?: VouchersClient },
  customerToken: () => Promise<string | null> = async () => null,
): Loaders {
  const { deals, search, vouchers } = clients;

  const merchantById = new DataLoader<number, Merchant | null>(
    async (ids) => {
      const found = new Map((await deals.getMerchantsByIds(ids)).map((m) => [m.id, m]));
      return ids.map((id) => found.get(id) ?? null);
    },
    { maxBatchSize: MERCHANTS_BATCH_MAX },
  );

  /** Every deal the service returns embeds its merchant: keep it, so a merchant is one object per request. */
  const primeMerchantOf = (deal: Deal) => {
    merchantById.prime(deal.business.id, deal.business);
  };

  const dealById = new DataLoader<number, Deal | null>(
    async (ids) => {
      const list = await deals.getDealsByIds(ids);
      list.forEach(primeMerchantOf);
      const found = new Map(list.map((d) => [d.id, d]));
      return ids.map((id) => found.get(id) ?? null);
    },
    { maxBatchSize: DEALS_BATCH_MAX },
  );

  const primeLocation = (location: Location) => {
    locationBySlug.prime(location.slug, location);
  };

  let allLocations: Promise<Location[]> | undefined;
  const locations = () => {
    allLocations ??= deals.getLocations().then((list) => {
      list.forEach(primeLocation);
      return list;
    });
    return allLocations;
  };

  const locationBySlug: DataLoader<string, Location | null> = new DataLoader(async (slugs) => {
    // No batch endpoint: one slug is one lookup, several are answered by the full list (one call).
    if (slugs.length === 1) return [await deals.findLocation(slugs[0]!)];
    const list = await locations();
    return slugs.map((slug) => list.find((l) => l.slug === slug) ?? null);
  });

  let allCategories: Promise<Category[]> | undefined;
  const categories = () => (allCategories ??= deals.getCategories());
  const categoryById = async (id: number) => (await categories()).find((c) => c.id === id) ?? null;

  const navigationByLocation = new DataLoader<string, NavigationItem[] | null>((slugs) =>
    Promise.all(slugs.map((slug) => deals.findNavigation(slug))),
  );

  const dealsList = new DataLoader<DealsListQuery, DealsResponse | null, string>(
    (queries) =>
      Promise.all(
        queries.map(async (query) => {
          const response = await deals.findDeals(query);
          if (response) {
            // Deals in a list come with their products: later lookups by id need no call.
            for (const deal of response.deals) {
              dealById.prime(deal.id, deal);
              primeMerchantOf(deal);
            }
            primeLocation(response.location);
          }
          return response;
        }),
      ),
    { cacheKeyFn: (query) => JSON.stringify(query) },
  );

  const searchPage = new DataLoader<SearchQuery, SearchResponse | null, string>(
    (queries) => Promise.all(queries.map((query) => search.search(query))),
    { cacheKeyFn: (query) => JSON.stringify(query) },
  );

  const suggestions = new DataLoader<SuggestQuery, SuggestResponse['suggestions'], string>(
    (queries) => Promise.all(queries.map((query) => search.suggest(query))),
    { cacheKeyFn: (query) => JSON.stringify(query) },
  );

  const lists = new Map<string, Promise<unknown>>();
  function list<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = lists.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load().then((value) => {
        for (const deal of dealsOf(value)) {
          dealById.prime(deal.id, deal);
          primeMerchantOf(deal);
        }
        return value;
      });
      lists.set(key, pending);
    }
    return pending;
  }

  const heldVoucherById = new DataLoader<string, VoucherDetail | null>(async (ids) => {
    const token = await customerToken();
    if (!token || !vouchers) return ids.map(() => null);
    return Promise.all(ids.map((id) => vouchers.voucher(token, id)));
  });

  return {
    dealById,
    merchantById,
    locationBySlug,
    locations,
    categories,
    categoryById,
    navigationByLocation,
    dealsList,
    searchPage,
    suggestions,
    list,
    heldVoucherById,
  };
}
