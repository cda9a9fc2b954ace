/**
 * Deal and list URLs (spec §2 "Route shapes") and page-type derivation (spec §2 "Page types").
 * Pure functions: the client, the gateway and the services build and read URLs the same way.
 */

export const DEAL_URL_TYPES = ['deal', 'email-deal', 'email-deals'] as const;
export const LIST_URL_TYPES = ['deals', 'near-me'] as const;
export const TRAVEL_URL_TYPES = ['travel', 'escapes'] as const;
export const SHOP_URL_TYPES = ['shop', 'national-deal'] as const;

export type PageType =
  | 'account'
  | 'category'
  | 'checkout'
  | 'claim-gift'
  | 'dashboard'
  | 'deal'
  | 'dealPreview'
  | 'early-bird'
  | 'extendLanding'
  | 'gift-finder'
  | 'gifts'
  | 'guide'
  | 'homepage'
  | 'map-view'
  | 'myaccount'
  | 'order-addon'
  | 'other'
  | 'ppc'
  | 'recentlyViewed'
  | 'recommended'
  | 'root'
  | 'search'
  | 'special'
  | 'travel'
  | 'vipCategory'
  | 'vipDeal'
  | 'vouchers'
  | 'wellness-collection';

/** Lower-case, hyphenated url segment from free text: "Afternoon Tea for Two!" -> "afternoon-tea-for-two". */
export function slugify(text: string, maxLength = 60): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxLength).replace(/-+$/g, '');
}

/** National urls are rewritten to shop (spec §2). */
export function displayLocation(slug: string): string {
  return slug === 'national-deal' ? 'shop' : slug;
}

export function locationPath(location: string): string {
  return `/deals/${displayLocation(location)}`;
}

export function categoryPath(location: string, category: string, subcategory?: string | null): string {
  return `${locationPath(location)}/${category}${subcategory ? `/${subcategory}` : ''}`;
}

export interface DealPathParts {
  location: string;
  category: string;
  subcategory?: string | null;
  dealId: number;
  title: string;
}

/** The deal page path: /deals/{location}/{category}/{subcategory}/{dealId}/{blurb}.html */
export function dealPath(d: DealPathParts): string {
  const blurb = slugify(d.title) || 'deal';
  return `${categoryPath(d.location, d.category, d.subcategory)}/${d.dealId}/${blurb}.html`;
}

/**
 * The largest numeric id (deal, product, merchant, category): the services take ids of 1 to 9
 * digits (services/deals/src/lib/http.ts), which also keeps every id below 2^31 - 1 (GraphQL Int).
 */
export const MAX_NUMERIC_ID = 999_999_999;

/**
 * A positive integer id from a url segment or a key: 1 to 9 digits, no leading zero. Null for
 * anything else, including ids too large for the services, so such an id is "no such object"
 * and never reaches a service.
 */
export function parseNumericId(value: string): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,8}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_NUMERIC_ID ? id : null;
}

export interface ParsedDealPath {
  location: string;
  category: string | null;
  subcategory: string | null;
  dealId: number;
}

/**
 * Reads a deal page path back into its parts: the numeric id is the segment before the
 * `{blurb}.html` segment (or the last segment when there is no blurb). Null when not a deal path,
 * and when the id is not one the services accept (see parseNumericId).
 */
export function parseDealPath(path: string): ParsedDealPath | null {
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  if (segments.length < 3) return null;
  const [type, location, ...rest] = segments as [string, string, ...string[]];
  if (![...LIST_URL_TYPES, ...DEAL_URL_TYPES, 'deal-preview'].includes(type)) return null;
  const last = rest[rest.length - 1]!;
  let idIndex = rest.length - 1;
  if (last.endsWith('.html') && !/^\d+\.html$/.test(last)) idIndex -= 1;
  const idSegment = rest[idIndex]?.replace(/\.html$/, '');
  const dealId = idSegment ? parseNumericId(idSegment) : null;
  if (dealId === null) return null;
  const cats = rest.slice(0, idIndex);
  return { location, category: cats[0] ?? null, subcategory: cats[1] ?? null, dealId };
}

/**
 * Page type of a path (spec §2 "Page types"). `search` is the query string, with or without '?'.
 */
export function pageTypeOf(pathname: string, search = ''): PageType {
  const params = new URLSearchParams(search);
  const segments = pathname.split('/').filter(Boolean);
  const [first, second, third] = segments;
  if (segments.length === 0) return 'root';
  if (first === 'guides') return params.has('claim-my-gift') ? 'claim-gift' : 'guide';
  if (third === 'special') return 'special';
  if (third === 'gift-finder') return 'gift-finder';
  const fixed: Record<string, PageType> = {
    gifts: 'gifts',
    'recommended-for-you': 'recommended',
    'early-bird': 'early-bird',
    'recently-viewed': 'recentlyViewed',
    search: 'search',
    'map-view': 'map-view',
    welcome: 'ppc',
    insights: 'dashboard',
    myaccount: 'myaccount',
    login: 'account',
    register: 'account',
    'forgot-password': 'account',
    checkout: 'checkout',
    'order-addon': 'order-addon',
    'wellness-collection': 'wellness-collection',
  };
  if (first && fixed[first]) return fixed[first];
  const type = first === 'deal-preview' ? 'deals' : first!;
  const isDealType = (DEAL_URL_TYPES as readonly string[]).includes(type);
  const isListType = ([...LIST_URL_TYPES, ...TRAVEL_URL_TYPES, ...SHOP_URL_TYPES] as readonly string[]).includes(type);
  if (second?.startsWith('vip')) {
    if (isDealType) return 'vipDeal';
    if (isListType) return 'vipCategory';
  }
  if (params.has('dealPreview') || first === 'deal-preview') {
    if (isDealType || parseDealPath(pathname)) return 'dealPreview';
  }
  if (isDealType) return 'deal';
  if (isListType) {
    if (parseDealPath(pathname)) return 'deal';
    if (type === 'deals' && segments.length === 2) return 'homepage';
    return 'category';
  }
  return 'other';
}
