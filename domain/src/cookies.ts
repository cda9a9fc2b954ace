/**
 * Cookie and traffic rules (spec §4 brand cookie, A/B cookie, consent; §9 cookie lifetimes; §2
 * `ito` and `usr_src`, the link-building script). Pure: the caller passes the clock, the random
 * numbers, the request's cookies and the consent cookie; the server's traffic middleware turns
 * the result into Set-Cookie headers and the client reads the consent with the same helpers.
 *
 * Consent categories (PECR reg. 6 as amended by the Data (Use and Access) Act 2025, see
 * shared/design/ecosystem.md §2.4):
 * - `necessary`: strictly necessary or remembering a shopper's own choice (consent, location,
 *   the day's price letter that the basket must see unchanged); always set.
 * - `statistics`: first-party measurement solely to improve the shop (test groups, the
 *   first-party source of a visit or click); exempt from consent but the shopper can object,
 *   so they are set before a choice and never once `statistics` is denied.
 * - `marketing`: advertising and affiliate attribution (click ids, affiliate event, traffic-
 *   source brand); only after the shopper accepted `marketing`.
 * - `link-building`: the external link-building script; only after consent.
 */

export const DAY_SECONDS = 24 * 60 * 60;
export const YEAR_SECONDS = 365 * DAY_SECONDS;

/** Consent categories a shopper can accept or deny (`necessary` cannot be denied). */
export const CONSENT_VENDORS = ['statistics', 'marketing', 'link-building'] as const;
export type ConsentVendor = (typeof CONSENT_VENDORS)[number];
export type CookieCategory = 'necessary' | ConsentVendor;

/** The first-party consent cookie: the list of denied vendors, kept one year. */
export const CONSENT_COOKIE = 'td_consent';
export const CONSENT_MAX_AGE = 365 * DAY_SECONDS;
/** The value stored when nothing is denied (the cookie holds the denied list, `.`-separated). */
const NONE_DENIED = 'none';

export interface Consent {
  /** false until the shopper chose (Accept all, Reject all or Manage → Save). */
  chosen: boolean;
  denied: readonly ConsentVendor[];
}

const isVendor = (v: string): v is ConsentVendor => (CONSENT_VENDORS as readonly string[]).includes(v);

/** Reads the consent cookie's value; missing or unreadable means no choice yet. */
export function parseConsent(value: string | null | undefined): Consent {
  if (!value) return { chosen: false, denied: [] };
  if (value === NONE_DENIED) return { chosen: true, denied: [] };
  const parts = value.split('.');
  if (!parts.every(isVendor)) return { chosen: false, denied: [] };
  return { chosen: true, denied: CONSENT_VENDORS.filter((v) => parts.includes(v)) };
}

/** The consent cookie's value for a denied list. */
export function serializeConsent(denied: readonly ConsentVendor[]): string {
  const list = CONSENT_VENDORS.filter((v) => denied.includes(v));
  return list.length === 0 ? NONE_DENIED : list.join('.');
}

/**
 * May cookies or requests of this category happen? `necessary` always; `statistics` unless
 * denied (the statistical exception, with an objection); everything else only once chosen and
 * not denied.
 */
export function consentAllows(consent: Consent, category: CookieCategory): boolean {
  if (category === 'necessary') return true;
  if (category === 'statistics') return !consent.denied.includes('statistics');
  return consent.chosen && !consent.denied.includes(category);
}

// ---------------------------------------------------------------------------------------------
// Lifetimes (spec §9 "Cookie lifetimes")

export const COOKIE_NAMES = {
  userSource: 'user_source',
  sessionSource: 'session_source',
  clickSource: 'usr_src',
  gclid: 'gclid',
  msclkid: 'msclkid',
  affiliateEvent: 'affiliate',
  brand: 'brand',
  abTest: 'ab_group',
  searchTest: 'search_group',
  dynamicPrice: 'dynamic_price',
  location: 'location',
} as const;

/** User source: 365 days, 30 for affiliate traffic. */
export const userSourceMaxAge = (affiliate: boolean): number => (affiliate ? 30 : 365) * DAY_SECONDS;
export const CLICK_ID_MAX_AGE = 365 * DAY_SECONDS;
export const AFFILIATE_EVENT_MAX_AGE = 30 * DAY_SECONDS;
export const AB_TEST_MAX_AGE = 365 * DAY_SECONDS;
export const SEARCH_TEST_MAX_AGE = 365 * DAY_SECONDS;
const LOCATION_MAX_AGE = 365 * DAY_SECONDS;

// ---------------------------------------------------------------------------------------------
// Brand cookie (spec §4): registered_user and subscribed are sticky; email, criteo, cloudiq and
// bypassed are overwritten by the traffic source; subscribed is never set over registered_user.

export const BRAND_VALUES = ['registered_user', 'subscribed', 'email', 'criteo', 'cloudiq', 'bypassed'] as const;
export type BrandValue = (typeof BRAND_VALUES)[number];
const STICKY_BRANDS: readonly BrandValue[] = ['registered_user', 'subscribed'];
export const isBrandValue = (v: string | null | undefined): v is BrandValue => (BRAND_VALUES as readonly (string | null | undefined)[]).includes(v);

/** The brand cookie after `incoming` arrives; null means leave the cookie as it is. */
export function nextBrand(current: string | null | undefined, incoming: BrandValue): BrandValue | null {
  const now = isBrandValue(current) ? current : null;
  if (now === incoming) return null;
  if (now === 'registered_user') return null;
  if (now === 'subscribed' && incoming !== 'registered_user') return null;
  return incoming;
}

/** Brand cookie lifetime (spec §9): registered_user / subscribed one year, email 30 days, others 1 day. */
export function brandMaxAge(value: BrandValue): number {
  if (STICKY_BRANDS.includes(value)) return YEAR_SECONDS;
  return (value === 'email' ? 30 : 1) * DAY_SECONDS;
}

/** The brand a traffic source (`ito`) implies, if any: email…, criteo…, cloudiq…. */
export function brandForTrafficSource(ito: string): BrandValue | null {
  const source = ito.toLowerCase();
  for (const brand of ['email', 'criteo', 'cloudiq'] as const) if (source.startsWith(brand)) return brand;
  return null;
}

/** Affiliate traffic is an `ito` beginning with "affiliate" (e.g. affiliate_awin). */
export const isAffiliateSource = (ito: string): boolean => ito.toLowerCase().startsWith('affiliate');

// ---------------------------------------------------------------------------------------------
// Test groups (spec §4)

export type AbGroup = 'AA' | 'BB';
/** The A/B cookie: AA with 33% chance, else BB; `random` in [0, 1). */
export const abGroupFor = (random: number): AbGroup => (random < 0.33 ? 'AA' : 'BB');

export type SearchGroup = 'a' | 'b';
/** The search test cookie: half the shoppers in group 'b' (the other search endpoint). */
export const searchGroupFor = (random: number): SearchGroup => (random < 0.5 ? 'a' : 'b');

export type PriceLetter = 'a' | 'b' | 'c';
/** The daily dynamic-price letter: a, b or c with equal chance. */
export const priceLetterFor = (random: number): PriceLetter => (['a', 'b', 'c'] as const)[Math.min(2, Math.max(0, Math.floor(random * 3)))]!;
/** The dynamic-price cookie expires at 23:59:59 UTC of the day `now` is in (UTC). */
export function endOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 59, 59));
}

// ---------------------------------------------------------------------------------------------
// Location cookie: the location of a /deals/{location}… page, kept one year.

const NOT_LOCATIONS = new Set(['shop', 'vip', 'near-me']);
export function locationCookieFor(pathname: string): string | null {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first !== 'deals' || !second || NOT_LOCATIONS.has(second) || !/^[a-z0-9][a-z0-9-]{0,59}$/.test(second)) return null;
  return second;
}

// ---------------------------------------------------------------------------------------------
// The cookies a page request sets

export interface CookieToSet {
  name: string;
  value: string;
  category: CookieCategory;
  /** Seconds; absent with no `expires` means a session cookie. */
  maxAge?: number;
  expires?: Date;
  /** The client never needs to read it. */
  httpOnly: boolean;
}

export interface TrafficInput {
  url: URL;
  /** The request's cookies by name. */
  cookies: Readonly<Record<string, string>>;
  now: Date;
  /** Three numbers in [0, 1): A/B group, search group, price letter. */
  random: readonly [number, number, number];
}

/** Query values are kept short and to a safe alphabet before they become cookie values. */
export function cleanTrackingValue(value: string | null): string | null {
  if (value === null) return null;
  const v = value.trim().slice(0, 200);
  return /^[A-Za-z0-9._~-]+$/.test(v) ? v : null;
}

/**
 * Every cookie the rules want for this page request, consent not yet applied (see
 * `trafficCookies`). `ito` marks the traffic source: it sets the user source (365 days, 30
 * for affiliates), the session source, the affiliate event and the brand. `usr_src` marks the
 * source of a click (a session cookie the deal page reads for sponsored-search clicks).
 */
export function wantedCookies({ url, cookies, now, random }: TrafficInput): CookieToSet[] {
  const out: CookieToSet[] = [];
  const q = url.searchParams;
  const ito = cleanTrackingValue(q.get('ito'));
  if (ito) {
    const affiliate = isAffiliateSource(ito);
    out.push({ name: COOKIE_NAMES.userSource, value: ito, category: affiliate ? 'marketing' : 'statistics', maxAge: userSourceMaxAge(affiliate), httpOnly: true });
    out.push({ name: COOKIE_NAMES.sessionSource, value: ito, category: affiliate ? 'marketing' : 'statistics', httpOnly: true });
    if (affiliate) out.push({ name: COOKIE_NAMES.affiliateEvent, value: ito, category: 'marketing', maxAge: AFFILIATE_EVENT_MAX_AGE, httpOnly: false });
    const brand = brandForTrafficSource(ito);
    const next = brand ? nextBrand(cookies[COOKIE_NAMES.brand], brand) : null;
    if (next) out.push({ name: COOKIE_NAMES.brand, value: next, category: 'marketing', maxAge: brandMaxAge(next), httpOnly: false });
  }
  const usrSrc = cleanTrackingValue(q.get('usr_src'));
  if (usrSrc) out.push({ name: COOKIE_NAMES.clickSource, value: usrSrc, category: 'statistics', httpOnly: false });
  const gclid = cleanTrackingValue(q.get('gclid'));
  if (gclid) out.push({ name: COOKIE_NAMES.gclid, value: gclid, category: 'marketing', maxAge: CLICK_ID_MAX_AGE, httpOnly: true });
  const msclkid = cleanTrackingValue(q.get('msclkid'));
  if (msclkid) out.push({ name: COOKIE_NAMES.msclkid, value: msclkid, category: 'marketing', maxAge: CLICK_ID_MAX_AGE, httpOnly: true });

  if (cookies[COOKIE_NAMES.abTest] !== 'AA' && cookies[COOKIE_NAMES.abTest] !== 'BB') {
    out.push({ name: COOKIE_NAMES.abTest, value: abGroupFor(random[0]), category: 'statistics', maxAge: AB_TEST_MAX_AGE, httpOnly: false });
  }
  if (cookies[COOKIE_NAMES.searchTest] !== 'a' && cookies[COOKIE_NAMES.searchTest] !== 'b') {
    out.push({ name: COOKIE_NAMES.searchTest, value: searchGroupFor(random[1]), category: 'statistics', maxAge: SEARCH_TEST_MAX_AGE, httpOnly: false });
  }
  if (!['a', 'b', 'c'].includes(cookies[COOKIE_NAMES.dynamicPrice] ?? '')) {
    out.push({ name: COOKIE_NAMES.dynamicPrice, value: priceLetterFor(random[2]), category: 'necessary', expires: endOfUtcDay(now), httpOnly: false });
  }
  const location = locationCookieFor(url.pathname);
  if (location && cookies[COOKIE_NAMES.location] !== location) {
    out.push({ name: COOKIE_NAMES.location, value: location, category: 'necessary', maxAge: LOCATION_MAX_AGE, httpOnly: false });
  }
  return out;
}

/** The cookies to set for this request once the consent cookie is applied. */
export function trafficCookies(input: TrafficInput): CookieToSet[] {
  const consent = parseConsent(input.cookies[CONSENT_COOKIE]);
  return wantedCookies(input).filter((c) => consentAllows(consent, c.category));
}

// ---------------------------------------------------------------------------------------------
// The external link-building script (spec §2): paths under /deals, /guides and /deal, except
// /deals/shop; only from a configured URL and only with consent.

export function linkBuildingPath(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0];
  if (first !== 'deals' && first !== 'guides' && first !== 'deal') return false;
  return !/^\/deals\/shop(\/|$)/.test(pathname);
}

/** The script URL to load, or null: no configured https URL, another path, or no consent. */
export function linkBuildingScript(pathname: string, consent: Consent, configuredUrl: string | null | undefined): string | null {
  if (!configuredUrl || !/^https:\/\//.test(configuredUrl)) return null;
  if (!linkBuildingPath(pathname)) return null;
  return consentAllows(consent, 'link-building') ? configuredUrl : null;
}
