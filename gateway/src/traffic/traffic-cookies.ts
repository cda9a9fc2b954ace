/**
 * Sets the traffic and test cookies of spec §4 and §9 on HTML page requests (never on /api,
 * /graphql, /health or files), per the pure rules in domain/src/cookies.ts.
 *
 * Consent (PECR reg. 6 as amended by the Data (Use and Access) Act 2025, ecosystem.md §2.4):
 * - set before any choice: strictly necessary cookies (the day's dynamic-price letter, which the
 *   basket must see unchanged, and the shopper's location) and statistical ones (A/B and search
 *   test groups, the first-party source of a visit or click), which fall under the statistical-
 *   purposes exception; a shopper who objects (denies `statistics`) gets none of them;
 * - set only after consent (the `td_consent` cookie holds the denied list): advertising click ids
 *   (gclid, msclkid), the affiliate event and affiliate user source, the traffic-source brand.
 *
 * Every cookie: Path=/, SameSite=Lax, Secure when the request came over https, HttpOnly unless
 * the client reads it (test groups, price letter, location, brand, affiliate, usr_src).
 */
import { randomInt } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { trafficCookies, type CookieToSet } from '@shop/domain/cookies';

export interface TrafficOptions {
  /** Default: the clock. */
  now?: () => Date;
  /** A number in [0, 1); default: crypto. */
  random?: () => number;
}

const SKIPPED = /^\/(?:api|graphql|health|assets)(?:\/|$)/;

/** Is this a page request (not an API, asset or file)? */
export function isPageRequest(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (SKIPPED.test(path)) return false;
  const last = path.split('/').pop() ?? '';
  return !last.includes('.');
}

export function serializeCookie(cookie: CookieToSet, secure: boolean): string {
  const parts = [`${cookie.name}=${cookie.value}`, 'Path=/'];
  if (cookie.maxAge !== undefined) parts.push(`Max-Age=${cookie.maxAge}`);
  if (cookie.expires) parts.push(`Expires=${cookie.expires.toUTCString()}`);
  if (cookie.httpOnly) parts.push('HttpOnly');
  if (secure) parts.push('Secure');
  parts.push('SameSite=Lax');
  return parts.join('; ');
}

const cryptoRandom = () => randomInt(0, 1_000_000) / 1_000_000;

export function trafficMiddleware(options: TrafficOptions = {}): MiddlewareHandler {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? cryptoRandom;
  return async (c, next) => {
    await next();
    if (!isPageRequest(c.req.method, c.req.path)) return;
    const url = new URL(c.req.url);
    const secure = url.protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
    const cookies = trafficCookies({ url, cookies: getCookie(c), now: now(), random: [random(), random(), random()] });
    for (const cookie of cookies) c.res.headers.append('set-cookie', serializeCookie(cookie, secure));
  };
}
