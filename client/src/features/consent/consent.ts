/**
 * The shopper's cookie consent in the browser: the first-party `td_consent` cookie holds the
 * list of denied vendor categories for one year (spec §4 "Cookie-consent denial is stored as a
 * list and checked per vendor before some tracking"). The server reads the same cookie before it
 * sets any tracking cookie (domain consentAllows); `openCookieSettings()` reopens the banner (e.g.
 * from a footer "Cookie settings" link).
 */
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE,
  COOKIE_NAMES,
  parseConsent,
  serializeConsent,
  type Consent,
  type ConsentVendor,
} from '@shop/domain/cookies';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies.ts';

export const CONSENT_CHANGE_EVENT = 'td:consent-change';
export const CONSENT_OPEN_EVENT = 'td:consent-open';

export function readConsent(): Consent {
  return parseConsent(readCookie(CONSENT_COOKIE));
}

/** Has the visitor answered the cookie banner (accepted, rejected or chosen)? */
export function consentAnswered(): boolean {
  // The same reading as the banner's: an unreadable cookie is no answer (the banner shows).
  return readConsent().chosen;
}

/** Readable cookies set under a category, removed when the shopper denies it. */
const READABLE_COOKIES: Partial<Record<ConsentVendor, readonly string[]>> = {
  statistics: [COOKIE_NAMES.abTest, COOKIE_NAMES.searchTest, COOKIE_NAMES.clickSource],
  marketing: [COOKIE_NAMES.affiliateEvent],
};

/** Stores the choice (the denied list) for one year and tells listeners. */
export function saveConsent(denied: readonly ConsentVendor[]): void {
  writeCookie(CONSENT_COOKIE, serializeConsent(denied), CONSENT_MAX_AGE);
  for (const vendor of denied) for (const name of READABLE_COOKIES[vendor] ?? []) deleteCookie(name);
  window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT));
}

/** Reopens the cookie banner with the per-category choices shown. */
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}
