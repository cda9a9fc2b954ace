/**
 * The account cookies a response sets (reliability A1; spec §3 user status, §4 brand cookie):
 *
 * - `__Host-sid`: the raw session token. HttpOnly; Secure; SameSite=Lax; Path=/; no Domain (the
 *   `__Host-` prefix demands all three). A session cookie (gone when the browser closes) unless
 *   the shopper chose "remember me": then Max-Age runs to the session's absolute expiry.
 *   Secure is set even over http: browsers store and send Secure cookies from http://localhost
 *   and http://127.0.0.1 (Chromium checked; README "Configuration"); anywhere else the shop must
 *   be served over https.
 * - `user_status`: the spec §3 flags (encodeUserStatus), readable by the client's script; lives
 *   as long as the session cookie.
 * - `brand`: registered_user on sign-in and registration, subscribed on a confirmed
 *   subscription, through nextBrand (sticky values are never overwritten). It is the traffic-
 *   source brand, an advertising cookie, so like traffic-cookies.ts it is set only once the
 *   shopper accepted `marketing`.
 *
 * Resolvers add cookies to the request's ResponseCookies; a Yoga plugin writes them on the
 * response (yoga.ts). The social sign-in routes use the same helpers on their redirects.
 */
import { parse as parseCookies } from 'hono/utils/cookie';
import { encodeUserStatus, SESSION_COOKIE, USER_STATUS_COOKIE, type UserStatus } from '@shop/domain/accounts';
import { brandMaxAge, COOKIE_NAMES, CONSENT_COOKIE, consentAllows, nextBrand, parseConsent, type BrandValue } from '@shop/domain/cookies';

/** Set-Cookie values by cookie name: a later value for the same name replaces the earlier one. */
export class ResponseCookies {
  readonly #byName = new Map<string, string>();

  set(name: string, header: string): void {
    this.#byName.delete(name);
    this.#byName.set(name, header);
  }

  get(name: string): string | undefined {
    return this.#byName.get(name);
  }

  /** The Set-Cookie header values, in the order they were last set. */
  headers(): string[] {
    return [...this.#byName.values()];
  }
}

/**
 * Every cookie of a request by name (hono/cookie's parser: the first of duplicates, values
 * URI-decoded, malformed ones left out); never echoed back as they are.
 */
export function requestCookies(request: Request): Readonly<Record<string, string>> {
  const header = request.headers.get('cookie');
  if (!header || header.length > 8192) return {};
  return parseCookies(header);
}

/** Over https (or behind a proxy that says so): the readable cookies get Secure too. */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}

/** A session token as the users service issues them (32 random bytes, base64url); anything else is not looked up. */
export const SESSION_TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/** Seconds from `now` until `expiresAt`, at least 0. */
function secondsUntil(expiresAt: string, now: Date): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now.getTime()) / 1000));
}

export interface SessionLifetime {
  expiresAt: string;
  persistent: boolean;
}

export function sessionCookie(token: string, session: SessionLifetime, now: Date): string {
  const parts = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax'];
  if (session.persistent) parts.push(`Max-Age=${secondsUntil(session.expiresAt, now)}`);
  return parts.join('; ');
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/**
 * A cookie only the server reads (HttpOnly; Secure; SameSite=Lax; site-wide) for `maxAgeS`
 * seconds: the guest basket token, the wishlist id, the orders a guest may reopen, the social
 * sign-in state. `clearedHttpOnlyCookie` ends one.
 */
export function httpOnlyCookie(name: string, value: string, maxAgeS: number): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAgeS}; HttpOnly; Secure; SameSite=Lax`;
}

export function clearedHttpOnlyCookie(name: string): string {
  return httpOnlyCookie(name, '', 0);
}

function readableCookie(name: string, value: string, options: { maxAge?: number; secure: boolean }): string {
  const parts = [`${name}=${value}`, 'Path=/'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.secure) parts.push('Secure');
  parts.push('SameSite=Lax');
  return parts.join('; ');
}

export function userStatusCookie(status: UserStatus, session: SessionLifetime, now: Date, secure: boolean): string {
  return readableCookie(USER_STATUS_COOKIE, encodeUserStatus(status), { secure, ...(session.persistent ? { maxAge: secondsUntil(session.expiresAt, now) } : {}) });
}

export function clearedUserStatusCookie(secure: boolean): string {
  return readableCookie(USER_STATUS_COOKIE, '', { maxAge: 0, secure });
}

/** The brand cookie after `incoming`, or null: unchanged (nextBrand) or no marketing consent. */
export function brandCookie(cookies: Readonly<Record<string, string>>, incoming: BrandValue, secure: boolean): string | null {
  if (!consentAllows(parseConsent(cookies[CONSENT_COOKIE]), 'marketing')) return null;
  const next = nextBrand(cookies[COOKIE_NAMES.brand], incoming);
  return next ? readableCookie(COOKIE_NAMES.brand, next, { maxAge: brandMaxAge(next), secure }) : null;
}

export function clearedBrandCookie(secure: boolean): string {
  return readableCookie(COOKIE_NAMES.brand, '', { maxAge: 0, secure });
}
