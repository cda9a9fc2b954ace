/**
 * Layouts (spec §2 "Layouts"): which frame a page type renders in, the VIP layout variants,
 * and the login guard of the account and delete layouts. Pure functions, no I/O.
 */
import { pageTypeOf, type PageType } from './paths.ts';
import type { AuthState } from './navigation.ts';

export const LAYOUTS = ['account', 'checkout', 'deals', 'delete', 'gift', 'header-and-footer', 'login'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** The VIP layout variants (spec §2): how the VIP offer shows inside a layout. */
export const VIP_LAYOUT_VARIANTS = ['checkbox', 'show-no-vip', 'two-buttons'] as const;
export type VipLayoutVariant = (typeof VIP_LAYOUT_VARIANTS)[number];

/** The layout of each page type; anything not listed uses header-and-footer. */
const LAYOUT_OF_PAGE_TYPE: Partial<Record<PageType, Layout>> = {
  account: 'login', // login, register, forgot-password: the authentication pages
  myaccount: 'account',
  vouchers: 'account',
  checkout: 'checkout',
  'order-addon': 'checkout',
  extendLanding: 'checkout',
  gifts: 'gift',
  'gift-finder': 'gift',
  'claim-gift': 'gift',
  homepage: 'deals',
  category: 'deals',
  deal: 'deals',
  dealPreview: 'deals',
  vipDeal: 'deals',
  vipCategory: 'deals',
  special: 'deals',
  travel: 'deals',
  'wellness-collection': 'deals',
};

/** The layout a path renders in. /myaccount/delete (and below) uses the delete layout. */
export function layoutOf(pathname: string, search = ''): Layout {
  const pageType = pageTypeOf(pathname, search);
  if (pageType === 'myaccount' && /^\/myaccount\/delete(\/|$)/.test(pathname)) return 'delete';
  return LAYOUT_OF_PAGE_TYPE[pageType] ?? 'header-and-footer';
}

/** Layouts that need a logged-in user (spec §2, §6). */
export const LOGIN_REQUIRED_LAYOUTS: readonly Layout[] = ['account', 'delete'];

export function layoutNeedsLogin(layout: Layout): boolean {
  return LOGIN_REQUIRED_LAYOUTS.includes(layout);
}

/** Layouts drawn with a reduced header: no category bar, no search, no subscribe box. */
export function layoutHasReducedHeader(layout: Layout): boolean {
  return layout === 'login' || layout === 'checkout';
}

/** The login page's path. */
export const LOGIN_PATH = '/login';

/** The post-login url cookie (spec §9: post-login url 30 days). */
export const POST_LOGIN_URL_COOKIE = 'postLoginUrl';
export const POST_LOGIN_URL_MAX_AGE_DAYS = 30;

/**
 * A return path that is safe to redirect to after login: a same-site path starting with a single
 * '/', never the login pages themselves. Null for anything else (full urls, '//host', '/\\host').
 */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (typeof path !== 'string' || path.length === 0 || path.length > 2000) return null;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if ([...path].some((c) => c.charCodeAt(0) < 0x20)) return null;
  if (pageTypeOf(path.split(/[?#]/)[0]!) === 'account') return null;
  return path;
}

export type LayoutAccess =
  /** Show the page. */
  | { kind: 'render' }
  /** The auth check has not finished: show a placeholder, decide later. */
  | { kind: 'wait' }
  /** Logged out on a login-only layout: save `returnPath` as the post-login url, then go to `to`. */
  | { kind: 'login'; to: string; returnPath: string | null };

/**
 * What a layout does for the current user (spec §2: "Account and delete layouts send a logged-out
 * user to the login page, after saving the return path"). `path` is pathname + search.
 */
export function layoutAccess(layout: Layout, auth: AuthState, path: string): LayoutAccess {
  if (!layoutNeedsLogin(layout)) return { kind: 'render' };
  if (!auth.finished) return { kind: 'wait' };
  if (auth.authenticated) return { kind: 'render' };
  return { kind: 'login', to: LOGIN_PATH, returnPath: safeReturnPath(path) };
}

/**
 * The VIP layout variant: members and shoppers with VIP switched off see no VIP offer; others get
 * the configured variant (checkbox unless configured otherwise).
 */
export function vipLayoutVariant(options: { vipFeature: boolean; auth: AuthState; configured?: VipLayoutVariant }): VipLayoutVariant {
  if (!options.vipFeature) return 'show-no-vip';
  if (options.auth.authenticated && options.auth.vip) return 'show-no-vip';
  return options.configured ?? 'checkbox';
}
