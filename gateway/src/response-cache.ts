/**
 * The response cache for anonymous browsing (performance.md B5, reliability L2): a query sent by a
 * shopper with nothing of their own (no session, basket, order access or tracking cookie, no staff
 * key) gets the same answer as every other such shopper, so it is answered from memory for a few
 * seconds instead of being resolved again over the services and the database. Anything personal
 * is never cached: a request carrying any cookie but the consent choice is resolved every time,
 * mutations are never cached, nor results with errors, nor the shopper's own types. Catalogue
 * figures (units remaining, sold out) may be up to the TTL old on an anonymous page; stock is
 * enforced by the database when buying, never by what a page showed.
 *
 * One cache per process (two processes behind HAProxy each keep their own): the TTL is the only
 * invalidation, so it stays short. RESPONSE_CACHE_TTL_MS (main.ts) sets it; 0 turns it off.
 *
 * Stale while revalidate: when an answer's TTL runs out, the first request after it resolves the
 * query again while the others keep getting the old answer (for at most another TTL), so the
 * moment of expiry is not a stampede of identical misses (bench L2: the p95 rose by half without).
 * Mutations are never cached (the plugin only caches queries while `invalidateViaMutation` is on,
 * its default: with it off it would cache mutations too), and the entities a mutation returns
 * clear nothing here: the TTL is the only invalidation, so an anonymous bot cannot wipe the cache.
 */
import { useResponseCache, type Cache } from '@graphql-yoga/plugin-response-cache';
import type { Plugin } from 'graphql-yoga';
import { CONSENT_COOKIE } from '@shop/domain/cookies';
import { requestCookies } from './accounts/cookies.ts';

export const DEFAULT_RESPONSE_CACHE_TTL_MS = 5_000;
/** Distinct anonymous answers kept (least recently used go first). */
const MAX_ENTRIES = 2_000;
/** The shopper's own types: never cached, even if one appeared in an anonymous answer. */
const PERSONAL_TYPES = ['Customer', 'Basket', 'Checkout', 'Order', 'Voucher', 'PaymentInstrument', 'PaymentSession', 'WalletBalance'];

/** True when the request carries nothing that could make its answer differ from another anonymous shopper's. */
export function isAnonymousRequest(request: Request): boolean {
  if (request.headers.has('authorization')) return false;
  return Object.keys(requestCookies(request)).every((name) => name === CONSENT_COOKIE);
}

export function anonymousResponseCache(ttlMs: number): Plugin[] {
  if (!(ttlMs > 0)) return [];
  return [
    useResponseCache({
      // One shared cache for every anonymous request; the rest are not cached at all.
      session: () => null,
      enabled: (request) => isAnonymousRequest(request),
      ttl: ttlMs,
      ignoredTypes: PERSONAL_TYPES,
      cache: staleWhileRevalidateCache(MAX_ENTRIES),
      includeExtensionMetadata: false,
    }),
  ];
}

type CachedResult = NonNullable<Awaited<ReturnType<Cache['get']>>>;

/**
 * An in-memory cache (least recently used out past `max`) whose entries outlive their TTL by one
 * more TTL as stale answers: see the header. `now` is for tests.
 */
export function staleWhileRevalidateCache(max: number, now: () => number = Date.now): Cache {
  const entries = new Map<string, { value: CachedResult; freshUntil: number; staleUntil: number }>();
  /** Keys being resolved again, with when that attempt is given up (a failed one never sets). */
  const refreshing = new Map<string, number>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const t = now();
      // Most recently used last.
      entries.delete(key);
      if (t < entry.freshUntil) {
        entries.set(key, entry);
        return entry.value;
      }
      if (t >= entry.staleUntil) return undefined;
      entries.set(key, entry);
      const until = refreshing.get(key);
      if (until !== undefined && t < until) return entry.value;
      // This request resolves it again; the others meanwhile get the stale answer.
      refreshing.set(key, t + 10_000);
      return undefined;
    },
    set(key, value, _entities, ttl) {
      const t = now();
      refreshing.delete(key);
      entries.delete(key);
      entries.set(key, { value: value as CachedResult, freshUntil: t + ttl, staleUntil: t + 2 * ttl });
      while (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    // TTL only (see the header): a mutation's entities clear nothing.
    invalidate() {},
  };
}
