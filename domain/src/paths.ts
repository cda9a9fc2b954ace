/**
 * Deal and list URLs (spec §2 "Route shapes") and page-type derivation (spec §2 "Page types").
 * Pure functions: the client, the gateway and the services build and read URLs the same way.
 */

export const DEAL_URL_TYPES = ['deal', 'email-deal', 'email-deals'] as const;
export const LIST_URL_TYPES = ['deals', 'near-me'] as const;
export const TRAVEL_URL_TYPES = ['travel', 'escapes'] as const;
export const SHOP_URL_TYPES = ['shop', 'national-deal'] as const;
/** Every first segment a deal or list url can start with (deal-preview reads as deals). */
export type DealUrlType =
  | (typeof DEAL_URL_TYPES)[number]
  | (typeof LIST_URL_TYPES)[number]
  | (typeof TRAVEL_URL_TYPES)[number]
  | (typeof SHOP_URL_TYPES)[number];

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

const isOneOf = (list: readonly string[], value: string | undefined): boolean => value !== undefined && list.includes(value);

/**
 * A path with its national location rewritten to shop (spec §2: "National urls are rewritten to
 * shop"): /deals/national-deal/… → /deals/shop/…, /national-deal/… → /shop/…. Any query string
 * is kept; any other path comes back unchanged.
 */
export function rewriteNationalPath(path: string): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? '' : path.slice(cut);
  const segments = pathname.split('/');
  // segments[0] is '' for a path starting with '/'.
  const at = segments[0] === '' ? 1 : 0;
  if (segments[at] === 'national-deal') segments[at] = 'shop';
  else if (isOneOf([...DEAL_URL_TYPES, ...LIST_URL_TYPES, 'deal-preview'], segments[at]) && segments[at + 1] === 'national-deal') {
    segments[at + 1] = 'shop';
  } else return path;
  return segments.join('/') + rest;
}

/**
 * The href of a navigation item (spec §2): prefixed /deals unless it holds near-me or find;
 * national urls rewritten to shop; full urls (external links) left as they are.
 */
export function navigationUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url;
  const path = url.startsWith('/') ? url : `/${url}`;
  if (/(^|\/)(near-me|find)(\/|$|[?#])/.test(path)) return path;
  if (/^\/deals(\/|$|[?#])/.test(path)) return rewriteNationalPath(path);
  return rewriteNationalPath(path === '/' ? '/deals' : `/deals${path}`);
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
  // Spec §2 page type vouchers: My Vouchers, in the account area.
  if (first === 'myaccount' && second === 'vouchers') return 'vouchers';
  // Spec §2 page type extendLanding: a voucher's validity extension, the landing page of expiry reminder links (/voucher/extend/{voucherId}).
  if (first === 'voucher' && second === 'extend') return 'extendLanding';
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
    // Spec §2 /mygift: claim a gift (the claim link of a gift email, ?claim=<token>).
    mygift: 'claim-gift',
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

/** The messages of the path functions' argument errors (spec §2), word for word. */
export const PATH_ERRORS = {
  unsupportedPageType: 'Unsupported page type',
  evergreenWithoutOverride: 'dealIdOverride must be specified on Evergreen path',
  unparseable: 'Unable to parse deal type / location',
  empty: 'Empty string received',
  fullUrl: 'Full url received',
} as const;

/**
 * Thrown by the deal url functions for an argument they cannot take: a caller's bug (the router
 * only hands them paths it matched), so it is an exception, not a result value.
 */
export class PathError extends Error {
  override name = 'PathError';
}

/** The page types whose deal urls are built (spec §2); any other is 'Unsupported page type'. */
export const DEAL_URL_PAGE_TYPES = ['deal', 'dealPreview', 'category', 'homepage', 'vipDeal', 'vipCategory', 'gifts'] as const satisfies readonly PageType[];

/** The evergreen marker in the deal id position of a deal path. */
export const EVERGREEN_SEGMENT = 'e';

export interface DealUrl {
  /** The first segment (deal-preview reads as deals). */
  urlType: DealUrlType;
  /** deal: deal, email-deal, email-deals; list: deals, near-me; travel: travel, escapes; shop: shop, national-deal. */
  kind: 'deal' | 'list' | 'travel' | 'shop';
  /** The location segment; for travel and shop urls, the url type itself. */
  location: string;
  /** Category, subcategory and sub-subcategory, as far as the path has them (0 to 3). */
  categories: string[];
  /** The numeric deal id, the override for an evergreen path; null for a list path. */
  dealId: number | null;
  evergreen: boolean;
  blurb: string | null;
  productId: number | null;
}

export interface DealUrlOptions {
  /** The deal id of an evergreen ('e') path; required there. */
  dealIdOverride?: number | string;
}

function pathSegments(path: string): string[] {
  if (typeof path !== 'string' || path.trim() === '') throw new PathError(PATH_ERRORS.empty);
  if (/^[a-z][a-z\d+.-]*:/i.test(path) || path.startsWith('//')) throw new PathError(PATH_ERRORS.fullUrl);
  return path.split(/[?#]/)[0]!.split('/').filter(Boolean);
}

const unparseable = () => new PathError(PATH_ERRORS.unparseable);

/**
 * Reads a deal or list path of spec §2: {type}/{location}/{category}/{subcategory}/{sub-subcategory}/
 * {dealId or 'e'}/{blurb}/{productId}, where travel and shop urls have no separate location
 * segment and every part after the location is optional (a list path stops before the id).
 * Throws PathError: 'Empty string received', 'Full url received', 'Unable to parse deal type /
 * location' (unknown type, no location, a malformed id or too many segments), and
 * 'dealIdOverride must be specified on Evergreen path'.
 */
export function parseDealUrl(path: string, options: DealUrlOptions = {}): DealUrl {
  const segments = pathSegments(path);
  const first = segments[0] === 'deal-preview' ? 'deals' : segments[0];
  let kind: DealUrl['kind'];
  let location: string | undefined;
  let rest: string[];
  if (isOneOf(DEAL_URL_TYPES, first) || isOneOf(LIST_URL_TYPES, first)) {
    kind = isOneOf(DEAL_URL_TYPES, first) ? 'deal' : 'list';
    location = segments[1];
    rest = segments.slice(2);
  } else if (isOneOf(TRAVEL_URL_TYPES, first) || isOneOf(SHOP_URL_TYPES, first)) {
    kind = isOneOf(TRAVEL_URL_TYPES, first) ? 'travel' : 'shop';
    location = first;
    rest = segments.slice(1);
  } else throw unparseable();
  if (!location || !/^[a-z0-9-]+$/.test(location)) throw unparseable();

  const plain = rest.map((s) => s.replace(/\.html$/, ''));
  const idIndex = plain.findIndex((s) => s === EVERGREEN_SEGMENT || /^\d+$/.test(s));
  const categories = idIndex === -1 ? plain : plain.slice(0, idIndex);
  if (categories.length > 3 || categories.some((s) => !/^[a-z0-9-]+$/.test(s))) throw unparseable();
  const evergreen = idIndex !== -1 && plain[idIndex] === EVERGREEN_SEGMENT;
  let dealId: number | null = null;
  let blurb: string | null = null;
  let productId: number | null = null;
  if (idIndex !== -1) {
    if (evergreen && options.dealIdOverride === undefined) throw new PathError(PATH_ERRORS.evergreenWithoutOverride);
    dealId = parseNumericId(String(options.dealIdOverride ?? plain[idIndex]));
    if (dealId === null) throw unparseable();
    const after = plain.slice(idIndex + 1);
    if (after[0] !== undefined && !/^\d+$/.test(after[0])) blurb = after.shift()!;
    if (after[0] !== undefined) {
      productId = parseNumericId(after.shift()!);
      if (productId === null) throw unparseable();
    }
    if (after.length > 0 || (blurb !== null && !/^[a-z0-9-]+$/.test(blurb))) throw unparseable();
  }
  return { urlType: first as DealUrlType, kind, location, categories, dealId, evergreen, blurb, productId };
}

export interface DealUrlParts {
  /** Default deals. */
  urlType?: DealUrlType;
  location: string;
  categories?: readonly string[];
  /** A numeric id, or 'e' for an evergreen deal. */
  dealId?: number | typeof EVERGREEN_SEGMENT | null;
  blurb?: string | null;
  productId?: number | null;
}

/**
 * Builds a deal or list path from its parts (the inverse of parseDealUrl), national rewritten
 * to shop; a deal path ends in .html.
 */
export function buildDealUrl(parts: DealUrlParts): string {
  const urlType = parts.urlType ?? 'deals';
  const kind = isOneOf(TRAVEL_URL_TYPES, urlType) || isOneOf(SHOP_URL_TYPES, urlType) ? 'own' : 'located';
  const head = kind === 'own' ? [urlType] : [urlType, parts.location];
  const tail: string[] = [];
  if (parts.dealId !== undefined && parts.dealId !== null) {
    tail.push(String(parts.dealId));
    if (parts.blurb) tail.push(parts.blurb);
    if (parts.productId) tail.push(String(parts.productId));
  }
  const path = `/${[...head, ...(parts.categories ?? []), ...tail].join('/')}`;
  return rewriteNationalPath(tail.length > 0 ? `${path}.html` : path);
}

/**
 * The deals fetch path of a page (spec §7: {location path}/{category}/…/{dealId}), built for the
 * page types of DEAL_URL_PAGE_TYPES only ('Unsupported page type' otherwise). The location is the
 * one the services know: shop reads as national-deal. The gift finder's path is kept as it is.
 */
export function dealsApiPath(path: string, pageType: PageType, options: DealUrlOptions = {}): string {
  const segments = pathSegments(path);
  if (!(DEAL_URL_PAGE_TYPES as readonly string[]).includes(pageType)) throw new PathError(PATH_ERRORS.unsupportedPageType);
  if (pageType === 'gifts' && segments[0] === 'gifts') return `/${segments.join('/')}`;
  const url = parseDealUrl(path, options);
  const location = url.location === 'shop' ? 'national-deal' : url.location;
  return `/${[location, ...url.categories, ...(url.dealId === null ? [] : [String(url.dealId)])].join('/')}`;
}

export interface HyperlocalPage {
  /** /near-me on its own: the hub of every near-me page. */
  hub: boolean;
  location: string | null;
  area: string | null;
}

/** The near-me (hyperlocal) page of a path (spec §2): /near-me is the hub, /near-me/{location}[/{area}]. */
export function hyperlocalOf(pathname: string): HyperlocalPage | null {
  const segments = pathname.split(/[?#]/)[0]!.split('/').filter(Boolean);
  if (segments[0] !== 'near-me' || segments.length > 3) return null;
  return { hub: segments.length === 1, location: segments[1] ?? null, area: segments[2] ?? null };
}
