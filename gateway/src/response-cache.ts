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
import { parseAccept } from 'hono/utils/accept';
import { gzipSync } from 'node:zlib';
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

/** The requests the cache serves: anonymous POSTs of a JSON body, as the SPA sends (anything else is resolved every time). */
export function isCacheableRequest(request: Request): boolean {
  return request.method === 'POST' && /^application\/json\b/i.test(request.headers.get('content-type') ?? '') && isAnonymousRequest(request);
}

export function anonymousResponseCache(ttlMs: number): Plugin[] {
  if (!(ttlMs > 0)) return [];
  return [
    useResponseCache({
      // One shared cache for every anonymous request; the rest are not cached at all.
      session: () => null,
      enabled: (request) => isCacheableRequest(request),
      ttl: ttlMs,
      ignoredTypes: PERSONAL_TYPES,
      cache: staleWhileRevalidateCache(MAX_ENTRIES),
      // Tells the front (below) which answers the plugin stored; the front takes it out again.
      includeExtensionMetadata: true,
    }),
  ];
}

interface FrontEntry {
  status: number;
  headers: [string, string][];
  text: string;
  gzip: ArrayBuffer;
  freshUntil: number;
}

/** Request headers the pipeline reads before answering a query (CSRF prevention, the cross-site check, the media type): part of the key. */
const KEYED_HEADERS = ['accept', 'content-type', 'origin', 'sec-fetch-site', 'x-graphql-csrf'];

/**
 * The front of the cache: an answer the plugin stored is also kept here as the finished bytes
 * (JSON, and gzipped once), keyed by the request itself (body and the headers the pipeline reads),
 * so a repeat is answered without Yoga, the plugin's hashing, serialisation or compression per
 * request (bench L2: a hit cost about 1.8 ms of CPU through the whole pipeline). The plugin stays
 * the one judge of what may be cached (queries only, no errors, no personal types, its TTL): the
 * front keeps only answers the plugin reports it stored, for the TTL it reports, so it never
 * answers what the pipeline would not have answered to the same request. It takes the plugin's
 * metadata out of every answer it passes on.
 */
export function anonymousFront(
  resolve: (request: Request) => Response | Promise<Response>,
  options: { ttlMs: number; restCallsHeader?: boolean; max?: number; now?: () => number },
): (request: Request) => Promise<Response> {
  const max = options.max ?? MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, FrontEntry>();
  if (!(options.ttlMs > 0)) return async (request) => resolve(request);
  return async (request) => {
    if (!isCacheableRequest(request)) return resolve(request);
    const body = await request.clone().text();
    const key = `${KEYED_HEADERS.map((h) => request.headers.get(h) ?? '').join('\n')}\n${new URL(request.url).search}\n${body}`;
    const entry = entries.get(key);
    if (entry && now() < entry.freshUntil) return fromEntry(entry, request, options.restCallsHeader ?? false);
    if (entry) entries.delete(key);
    const answer = await resolve(request);
    if (!/json/i.test(answer.headers.get('content-type') ?? '')) return answer;
    const parsed = JSON.parse(await answer.text()) as { extensions?: { responseCache?: { didCache?: boolean; ttl?: number } } };
    const stored = parsed.extensions?.responseCache;
    delete parsed.extensions?.responseCache;
    if (parsed.extensions && Object.keys(parsed.extensions).length === 0) delete parsed.extensions;
    const text = JSON.stringify(parsed);
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    if (stored?.didCache && typeof stored.ttl === 'number' && answer.status === 200 && !answer.headers.has('set-cookie')) {
      entries.set(key, {
        status: answer.status,
        headers: [...headers].filter(([name]) => name !== 'x-rest-calls'),
        text,
        gzip: toArrayBuffer(gzipSync(text)),
        freshUntil: now() + stored.ttl,
      });
      while (entries.size > max) entries.delete(entries.keys().next().value!);
    }
    return new Response(text, { status: answer.status, statusText: answer.statusText, headers });
  };
}

const toArrayBuffer = (bytes: Buffer): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** A stored answer, gzipped when the client takes gzip (the compress middleware leaves an encoded body alone). */
function fromEntry(entry: FrontEntry, request: Request, restCallsHeader: boolean): Response {
  const headers = new Headers(entry.headers);
  if (restCallsHeader) headers.set('x-rest-calls', '0');
  headers.set('vary', 'Accept-Encoding');
  if (acceptsGzip(request.headers.get('accept-encoding'))) {
    headers.set('content-encoding', 'gzip');
    return new Response(entry.gzip, { status: entry.status, headers });
  }
  return new Response(entry.text, { status: entry.status, headers });
}

/** True when Accept-Encoding takes gzip (named, or `*`, with a q above 0), read by hono's own Accept parser. */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  const codings = parseAccept(header.toLowerCase());
  const named = codings.find((c) => c.type === 'gzip');
  if (named) return named.q > 0;
  return codings.some((c) => c.type === '*' && c.q > 0);
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
