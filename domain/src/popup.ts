/**
 * The subscribe popup rule (spec §2 "Header, menus, footer", §9 "Popup delay 2 seconds"). Pure.
 */
import { pageTypeOf } from './paths.ts';
import type { AuthState } from './navigation.ts';

/** The popup opens this long after a page shows (spec §9). */
export const SUBSCRIBE_POPUP_DELAY_MS = 2000;

/** Cookies whose presence keeps the popup away (spec §2: "no affiliate or brand cookie"). */
export const BRAND_COOKIE = 'brand';
export const AFFILIATE_COOKIE = 'affiliate';

/** After a dismissal the popup stays away this long. */
export const SUBSCRIBE_POPUP_SNOOZE_DAYS = 30;

/** Path segments of the pages the popup never shows on (spec §2). */
export const SUBSCRIBE_POPUP_EXCLUDED_SEGMENTS = [
  'checkout',
  'order-addon',
  'faqs',
  'merchantfaqs',
  'welcome',
  'refer-a-friend',
  'internetsafety',
  'affiliate',
  'affiliates',
] as const;

export interface SubscribePopupInput {
  pathname: string;
  search?: string;
  auth: AuthState;
  /** Names of the cookies present (only presence matters). */
  cookies: ReadonlySet<string> | readonly string[];
  /** When the visitor last dismissed the popup (ms since epoch), if ever. */
  dismissedAt?: number | null;
  now?: number;
}

/** Whether the subscribe popup may open on this page for this visitor. */
export function showSubscribePopup(input: SubscribePopupInput): boolean {
  const { pathname, search = '', auth } = input;
  // Only once the auth check has finished, and only for visitors who are not logged in.
  if (!auth.finished || auth.authenticated) return false;
  const cookies = new Set(input.cookies);
  if (cookies.has(BRAND_COOKIE) || cookies.has(AFFILIATE_COOKIE)) return false;
  const pageType = pageTypeOf(pathname, search);
  if (pageType === 'ppc' || pageType === 'checkout' || pageType === 'order-addon') return false;
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  if (segments.some((s) => (SUBSCRIBE_POPUP_EXCLUDED_SEGMENTS as readonly string[]).includes(s.replace(/\.html$/, '')))) return false;
  if (input.dismissedAt != null) {
    const now = input.now ?? Date.now();
    if (now - input.dismissedAt < SUBSCRIBE_POPUP_SNOOZE_DAYS * 86_400_000) return false;
  }
  return true;
}

/** The cookie names in a `document.cookie` string. */
export function cookieNames(cookieHeader: string): string[] {
  return cookieHeader
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean);
}

/**
 * A pragmatic email check for the subscribe forms (something@domain.tld, no spaces); the
 * subscription service validates again. Its message is spec §5's 'Enter a valid email'.
 */
export function isSubscribeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim());
}

export const SUBSCRIBE_EMAIL_ERROR = 'Enter a valid email';
