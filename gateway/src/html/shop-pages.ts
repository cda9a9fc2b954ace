/**
 * The shop's HTML answers with real HTTP semantics (spec §2): every page is the client's
 * index.html, with its own head tags written in on the server, and the status the page deserves.
 *
 * - 200 for a page the client renders (client/src/routes.tsx): the root and /deals (the default
 *   location's homepage), /deals/{location}, /deals/{location}/{category}[/{subcategory}], and a
 *   deal path /deals/{location}/{category}/{subcategory}/{dealId}/{blurb}.html, each only when its
 *   location, category or deal exists.
 *   Also the static pages /page/{slug} and the content pages /editorial-team and /discountcodes,
 *   when the page exists.
 * - The help centres /faqs and /merchantfaqs (200, their own title and description).
 * - The wellness collection /deals/wellness-collection and /wellness-collection (200, its fixed title).
 * - 404 with the not-found head for anything else, and for an unknown location, category or deal.
 * - 301 from a national url to shop (/deals/national-deal/… → /deals/shop/…).
 * - Guides (/guides/…): 301 to a guide's redirectUrl; 404 when the guide is unknown or fails to
 *   load (spec §2, §8: a guide load failure is a 404). Loaded with the gateway's `guide` query
 *   unless `loadGuide` is given.
 * - Listings (spec §2): /search (200, noindex: result pages stay out of indexes, canonical
 *   /search), /recently-viewed, /recommended-for-you, /buy-again and /wishlist (200, noindex: personal),
 *   /early-bird (200), /map-view (200, the map view).
 * - A special event /deals/{location}/special/{slug}: 200 with the event's title, 404 when the
 *   event is unknown or over.
 * - The gift finder (issue 19 point 3): /gifts[/gifts-for-{who}] and
 *   /deals/{location}/gift-finder[/gifts-for-{who}] (200 with its title; 404 for an unknown
 *   location or recipient).
 * - Near-me (spec §2): the hub /near-me (200), /near-me/{location}[/{area}] (200 with the fixed
 *   titles, 404 for an unknown location or area).
 * - Accounts (spec §2 login layout, the pages account emails link to): /login, /register,
 *   /forgot-password, /reset-password, /activate-account, /confirm-email, /email/confirm,
 *   /email/preferences, /email/alerts (a wish list alert's unsubscribe link) and /myaccount/* are
 *   200, noindex. The pages opened from an emailed link
 *   with a token in the url send `Referrer-Policy: no-referrer`, so the token never leaves in a
 *   Referer (OWASP Forgot Password cheat sheet; reliability A7).
 * - Buying (spec §2): /checkout, /checkout/confirmation/{orderNumber}, /order-addon,
 *   /order-addon/signin-page and /voucher/extend/{voucherId} (extendLanding) are 200, noindex.
 * - A deal preview (issue 19 point 6; spec §2: /deal-preview/… or a deal path with ?dealPreview):
 *   200, noindex (robots meta and X-Robots-Tag), never cached, for a member of the deal's business
 *   or staff (the viewer's own cookies and key go with the query); for anyone else a live deal's
 *   preview link is a 301 to the deal's page, and any other the normal 404.
 * - The paid-campaign landing page /welcome (issue 19 point 8): 200 with its campaign's headline,
 *   noindex (robots meta and X-Robots-Tag).
 * - 503 when the gateway cannot say (a service down): never a false 404.
 *
 * At most one small GraphQL query per request, in process through the gateway's fetch.
 */
import {
  categoryHead,
  dealHead,
  DEFAULT_LOCATION,
  earlyBirdHead,
  errorHead,
  fixedHeadOf,
  GIFT_FINDER_SEGMENT,
  giftFinderHead,
  giftFinderPageOf,
  headAtPath,
  homepageHead,
  hyperlocalHead,
  hyperlocalOf,
  listPageOf,
  mapViewHead,
  notFoundHead,
  NOINDEX_ROBOTS,
  pageHead,
  pageTypeOf,
  parseDealPath,
  parseSearchParams,
  PERSONAL_LISTINGS,
  personalListingHead,
  rewriteNationalPath,
  searchHead,
  specialEventHead,
  truncate,
  TEXT_LIMITS,
  vipCategoryHead,
  type HeadCategory,
  type HeadSpecialEvent,
  type PersonalListingPath,
  type HeadLocation,
  type PageHead,
} from '@shop/domain';
import { dealStructuredData, type DealStructuredDataInput, type GraphqlDealForStructuredData } from '@shop/domain/structured-data';
import { helpCentreHead, HELP_CENTRES } from '@shop/domain/help-centre';
import { campaignSlugOf, dealPreviewPath, previewDealIdOf, PREVIEW_ROBOTS, WELCOME_PATH, WELCOME_ROBOTS, welcomeCampaignPath, X_ROBOTS_NOINDEX, X_ROBOTS_WELCOME } from '@shop/domain/deal-preview';
import type { Logger } from '../logger.ts';
import { internalGraphqlRequest } from '../security/operation-access.ts';

/** A guide page as the guide service gives it (spec §3 Guide page; only what the head needs). */
export interface GuidePage {
  displayName: string;
  description?: string | null;
  /** When set, the guide has moved: a permanent (301) redirect (spec §2). */
  redirectUrl?: string | null;
}

/** Loads a guide by its slug (the path after /guides/); null, or a throw, when it fails to load. */
export type GuideLoader = (slug: string, request: Request) => Promise<GuidePage | null>;

/** No guides at all (every /guides/… is 404). */
export const noGuides: GuideLoader = async () => null;

export type PageAnswer =
  | {
      status: 200 | 404 | 503;
      head: PageHead;
      headers?: Record<string, string>;
      /** A deal page's deal: its schema.org Product and Offer go in the head (render-head.ts). */
      deal?: DealStructuredDataInput;
    }
  | { status: 301; location: string };

/** The account pages (client/src/routes.tsx), with their titles; all are noindex. */
export const ACCOUNT_PAGES: Record<string, { title: string; description: string }> = {
  '/login': { title: 'Sign in', description: 'Sign in to your Thistle Deals account.' },
  '/register': { title: 'Create an account', description: 'Create your Thistle Deals account.' },
  '/forgot-password': { title: 'Forgotten your password?', description: 'Get a link to reset your Thistle Deals password.' },
  '/login/email-link': { title: 'Email me a sign-in link', description: 'Sign in to your Thistle Deals account with a link sent by email.' },
  '/login/link': { title: 'Sign in with your link', description: 'Sign in to your Thistle Deals account with a link sent by email.' },
  '/reset-password': { title: 'Choose a new password', description: 'Choose a new password for your Thistle Deals account.' },
  '/activate-account': { title: 'Set your password', description: 'Set the password of your Thistle Deals account.' },
  '/confirm-email': { title: 'Confirm your email', description: 'Confirm the email address of your Thistle Deals account.' },
  '/email/confirm': { title: 'Confirm your subscription', description: 'Confirm your Thistle Deals email subscription.' },
  '/email/preferences': { title: 'Email preferences', description: 'Choose which Thistle Deals emails you get.' },
  // A wish list alert's unsubscribe link (issue 19 point 2): the signed token of one kind is in its query.
  '/email/alerts': { title: 'Stop wish list alerts', description: 'Stop wish list alert emails from Thistle Deals.' },
  // A gift email's claim link (spec §2 /mygift): the claim token is in its query.
  '/mygift': { title: 'Claim a gift', description: 'Claim a gift someone sent you: it goes into your account, ready to use.' },
  // Gift cards (issue 18 point 2; spec §2 /giftcard/redeem): a code turned into wallet credit, signed in.
  '/giftcard/redeem': { title: 'Redeem a gift card', description: 'Redeem a Thistle Deals gift card for wallet credit to spend on any deal.' },
};

/** The buying pages (client/src/routes.tsx), with the client's titles; personal, so noindex. */
export const BUYING_PAGES: Record<string, { title: string; description: string }> = {
  '/checkout': { title: 'Your basket', description: 'Your basket and checkout at Thistle Deals.' },
  '/order-addon': { title: 'Extend your vouchers', description: 'Extend the validity of your vouchers.' },
  '/order-addon/signin-page': { title: 'Sign in to manage your vouchers', description: 'Sign in to manage your Thistle Deals vouchers.' },
};
/** "Become a merchant" (issue 17; client/src/routes/merchants): a public form, page type 'other'. */
export const MERCHANT_APPLY_PAGE = { path: '/merchant/apply', title: 'Become a merchant', description: 'Feature your business on Thistle Deals: tell us about it and we will be in touch.' };
/** The account area's pages with a title of their own (client/src/routes.tsx); the others are "My account". */
const ACCOUNT_AREA_PAGES: Record<string, { title: string; description: string }> = {
  '/myaccount/vouchers': { title: 'My Vouchers', description: 'Your Thistle Deals vouchers: their codes, status and how to redeem them.' },
};
/** A voucher's validity extension, /voucher/extend/{voucherId} (spec §2 page type extendLanding): an expiry reminder's one-tap link. */
const EXTEND_PAGE = { title: 'Extend your voucher', description: 'Extend the validity of your voucher.' };
/** An order's confirmation page, /checkout/confirmation/{orderNumber}: the page says whose and what it is. */
const CONFIRMATION_PAGE = { title: 'Your order', description: 'Your Thistle Deals order.' };

/** Pages opened from an emailed link that carries a token: no Referer may take it elsewhere. */
export const TOKEN_LINK_PAGES = new Set(['/reset-password', '/activate-account', '/confirm-email', '/login/link', '/email/confirm', '/email/preferences', '/email/alerts', '/mygift']);

type FetchHandler = { fetch(request: Request): Response | Promise<Response> };

export interface PageResolverOptions {
  /** The GraphQL gateway (yoga), called in process. */
  gateway: FetchHandler;
  loadGuide?: GuideLoader;
  logger: Logger;
}

const LOCATION_FIELDS = 'slug name description isNational isTravel';
const HOME_QUERY = `query ShopHeadHome($location: String!) { location(slug: $location) { ${LOCATION_FIELDS} } }`;
const CATEGORY_QUERY = `query ShopHeadCategory($location: String!, $category: String!, $subcategory: String) {
  location(slug: $location) { ${LOCATION_FIELDS} category(slug: $category, subcategory: $subcategory) { name metaTitle description } }
}`;
// The deal's head and its structured data: the price shown first (headlinePrice, unless the page
// hides prices), the closing date and the options' state (domain/src/structured-data.ts).
const DEAL_QUERY = `query ShopHeadDeal($dealId: ID!) { deal(dealId: $dealId) {
  dealId title headline description url image { url } merchant { name }
  headlinePrice { amount currency } priceDisplay closingDate products { soldOut disabled }
} }`;

// A deal preview's head, asked as the viewer (their session or staff key decides); the live deal's url for anyone else.
const PREVIEW_QUERY = `query ShopHeadDealPreview($dealId: ID!) {
  dealPreview(dealId: $dealId) { deal { title headline description url } }
  deal(dealId: $dealId) { url }
}`;

const WELCOME_QUERY = `query ShopHeadWelcome($campaign: String) { welcomeCampaign(campaign: $campaign) { slug headline description } }`;

/** The categories that have VIP deals (the client's VipCategoryPage reads the same facet). */
const VIP_CATEGORIES_QUERY = `query ShopHeadVipCategories { search(vip: true, allLocations: true, first: 1) { facets { type value label count } } }`;

const STATIC_PAGE_QUERY = `query ShopHeadStaticPage($slug: String!) { staticPage(slug: $slug) { title description path } }`;
const GUIDE_QUERY = `query ShopHeadGuide($slug: String!) { guide(slug: $slug) { displayName description redirectUrl } }`;
const SPECIAL_QUERY = `query ShopHeadSpecial($location: String!, $slug: String!) {
  location(slug: $location) { ${LOCATION_FIELDS} }
  specialEvent(location: $location, slug: $slug) { slug title description }
}`;
const NEAR_ME_LOCATIONS_QUERY = `query ShopHeadNearMe { nearMeLocations { location { slug name } } }`;
const NEAR_ME_AREA_QUERY = `query ShopHeadNearMeArea($location: String!, $area: String!) { nearMeArea(location: $location, area: $area) { name location { name } } }`;

/** Content pages with a path of their own (client/src/routes.tsx); their slug is the path. */
const CONTENT_PAGE_PATHS = new Set(['editorial-team', 'discountcodes']);

/** Page types the client renders a page for (the rest are 404 until it does). */
const CLIENT_PAGE_TYPES = new Set(['root', 'homepage', 'category', 'deal']);

/** A redirect target we follow: a site path (not //host) or an http(s) url. */
function safeRedirect(target: string): string | null {
  if (/^\/(?![/\\])/.test(target)) return target;
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function createPageResolver(options: PageResolverOptions): (request: Request) => Promise<PageAnswer> {
  const { logger } = options;
  /** The gateway's guide query; a failed query throws, which is a 404 (spec §8). */
  const guideFromGateway: GuideLoader = async (slug, request) => {
    const data = await query<{ guide: GuidePage | null }>(GUIDE_QUERY, { slug }, request);
    if (!data) throw new Error('The guide query failed');
    return data.guide;
  };
  const loadGuide = options.loadGuide ?? guideFromGateway;

  /** One GraphQL query; undefined when the gateway could not answer (errors, a failed service). */
  async function query<T>(document: string, variables: Record<string, unknown>, request: Request, asViewer = false): Promise<T | undefined> {
    const requestId = request.headers.get('x-request-id');
    // asViewer: the page is the viewer's own (a deal preview): their cookies and staff key go with the query.
    const viewer: Record<string, string> = {};
    for (const name of asViewer ? ['cookie', 'authorization'] : []) {
      const value = request.headers.get(name);
      if (value) viewer[name] = value;
    }
    // The shop's own query, made in process: trusted as an internal tool's (security/operation-access.ts).
    const response = await options.gateway.fetch(internalGraphqlRequest(document, variables, { ...(requestId ? { 'x-request-id': requestId } : {}), ...viewer }));
    const body = (await response.json().catch(() => null)) as { data?: T; errors?: unknown[] } | null;
    if (!response.ok || !body?.data || (body.errors && body.errors.length > 0)) {
      logger.warn('Page head query failed', { status: response.status, errors: body?.errors, path: new URL(request.url).pathname });
      return undefined;
    }
    return body.data;
  }

  const notFound = (pathname: string): PageAnswer => ({ status: 404, head: notFoundHead(pathname) });
  const unavailable = (pathname: string): PageAnswer => ({ status: 503, head: errorHead(pathname) });
  const found = (head: PageHead, pathname: string, deal?: DealStructuredDataInput): PageAnswer => ({
    status: 200,
    head: headAtPath(fixedHeadOf(pathname) ?? head, pathname),
    ...(deal ? { deal } : {}),
  });

  async function guide(slug: string, request: Request, pathname: string): Promise<PageAnswer> {
    if (!slug) return notFound(pathname);
    let page: GuidePage | null;
    try {
      page = await loadGuide(slug, request);
    } catch (error) {
      logger.warn('Guide failed to load', { slug, error: String(error) });
      page = null;
    }
    if (!page) return notFound(pathname);
    const target = page.redirectUrl ? safeRedirect(page.redirectUrl) : null;
    if (target) return { status: 301, location: target };
    return found(
      pageHead({
        title: page.displayName,
        description: truncate(page.description || page.displayName, TEXT_LIMITS.text),
        canonical: pathname,
      }),
      pathname,
    );
  }

  async function special(location: string, slug: string, request: Request, pathname: string, page: number): Promise<PageAnswer> {
    const data = await query<{ location: HeadLocation | null; specialEvent: HeadSpecialEvent | null }>(SPECIAL_QUERY, { location, slug }, request);
    if (!data) return unavailable(pathname);
    if (!data.location || !data.specialEvent) return notFound(pathname);
    return found(specialEventHead(data.location, data.specialEvent, page), pathname);
  }

  /** /deals/vip/{category} (spec §2 page type vipCategory): a page while the category has VIP deals. */
  async function vipCategory(category: string, request: Request, pathname: string): Promise<PageAnswer> {
    const data = await query<{ search: { facets: { type: string; value: string; label: string; count: number }[] } }>(VIP_CATEGORIES_QUERY, {}, request);
    if (!data) return unavailable(pathname);
    const facet = data.search.facets.find((f) => f.type === 'CATEGORY' && f.value === category && f.count > 0);
    return facet ? found(vipCategoryHead(facet.label, category), pathname) : notFound(pathname);
  }

  /** A deal page's head: canonical to the deal's own url, whichever url reached it (a VIP deal url too). */
  async function dealPage(dealId: number, request: Request, pathname: string): Promise<PageAnswer> {
    const data = await query<{ deal: GraphqlDealForStructuredData | null }>(DEAL_QUERY, { dealId: String(dealId) }, request);
    if (!data) return unavailable(pathname);
    if (!data.deal) return notFound(pathname);
    const { deal } = data;
    return found(
      dealHead({ title: deal.title, headline: deal.headline, description: deal.description, url: deal.url, imageUrl: deal.image.url }),
      pathname,
      dealStructuredData(deal),
    );
  }

  /**
   * A deal preview: the viewer's own page (noindex, never cached) when they may preview the deal;
   * otherwise a live deal's link goes to its page and anything else is the normal not-found.
   */
  async function previewPage(dealId: number, request: Request, pathname: string): Promise<PageAnswer> {
    type Preview = { deal: { title: string; headline: string; description: string; url: string } };
    const data = await query<{ dealPreview: Preview | null; deal: { url: string } | null }>(PREVIEW_QUERY, { dealId: String(dealId) }, request, true);
    if (!data) return unavailable(pathname);
    if (!data.dealPreview) return data.deal ? { status: 301, location: data.deal.url } : notFound(pathname);
    const { deal } = data.dealPreview;
    const head = pageHead({
      title: `Preview: ${truncate(deal.title, TEXT_LIMITS.mediumText)}`,
      description: truncate(deal.headline || deal.description, TEXT_LIMITS.text),
      canonical: dealPreviewPath(deal.url),
      robots: PREVIEW_ROBOTS,
    });
    return { status: 200, head, headers: { 'x-robots-tag': X_ROBOTS_NOINDEX, 'cache-control': 'private, no-store' } };
  }

  /** /welcome?campaign=… (or utm_campaign=…): the campaign's headline; the default campaign for any other link. */
  async function welcomePage(request: Request, pathname: string, params: URLSearchParams): Promise<PageAnswer> {
    const data = await query<{ welcomeCampaign: { slug: string; headline: string; description: string } }>(WELCOME_QUERY, { campaign: campaignSlugOf(params) }, request);
    if (!data) return unavailable(pathname);
    const { slug, headline, description } = data.welcomeCampaign;
    const head = pageHead({ title: truncate(headline, TEXT_LIMITS.mediumText), description: truncate(description, TEXT_LIMITS.text), canonical: welcomeCampaignPath(slug, listPageOf(params)), robots: WELCOME_ROBOTS });
    return { status: 200, head, headers: { 'x-robots-tag': X_ROBOTS_WELCOME } };
  }

  /** /near-me/{location}[/{area}]: the fixed titles, with the place's display names. */
  async function nearMe(location: string, area: string | null, request: Request, pathname: string): Promise<PageAnswer> {
    let names: { location: string; area?: string } | null;
    if (area === null) {
      const data = await query<{ nearMeLocations: { location: { slug: string; name: string } }[] }>(NEAR_ME_LOCATIONS_QUERY, {}, request);
      if (!data) return unavailable(pathname);
      const entry = data.nearMeLocations.find((l) => l.location.slug === location);
      names = entry ? { location: entry.location.name } : null;
    } else {
      const data = await query<{ nearMeArea: { name: string; location: { name: string } } | null }>(NEAR_ME_AREA_QUERY, { location, area }, request);
      if (!data) return unavailable(pathname);
      names = data.nearMeArea ? { location: data.nearMeArea.location.name, area: data.nearMeArea.name } : null;
    }
    const head = names && hyperlocalHead(pathname, names);
    return head ? { status: 200, head: headAtPath(head, pathname) } : notFound(pathname);
  }

  /** The gift finder (issue 19 point 3): a page while its location and recipient exist. */
  async function giftFinder(request: Request, pathname: string, page: number): Promise<PageAnswer> {
    const finder = giftFinderPageOf(pathname);
    if (!finder) return notFound(pathname);
    if (finder.location === null) return found(giftFinderHead(finder, null, page), pathname);
    const data = await query<{ location: HeadLocation | null }>(HOME_QUERY, { location: finder.location }, request);
    if (!data) return unavailable(pathname);
    return data.location ? found(giftFinderHead(finder, data.location.name, page), pathname) : notFound(pathname);
  }

  async function home(location: string, request: Request, pathname: string, page: number): Promise<PageAnswer> {
    const data = await query<{ location: HeadLocation | null }>(HOME_QUERY, { location }, request);
    if (!data) return unavailable(pathname);
    return data.location ? found(homepageHead(data.location, page), pathname) : notFound(pathname);
  }

  return async function resolve(request: Request): Promise<PageAnswer> {
    const url = new URL(request.url);
    const { pathname } = url;
    const national = rewriteNationalPath(pathname);
    if (national !== pathname) return { status: 301, location: `${national}${url.search}` };

    let segments: string[];
    try {
      segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return notFound(pathname);
    }
    if (segments[0] === 'guides') return guide(segments.slice(1).join('/'), request, pathname);
    // A deal preview (spec §2): /deal-preview/{location}/…/{dealId}/{blurb}.html, or a deal path with ?dealPreview.
    const previewId = previewDealIdOf(pathname, url.search);
    if (previewId !== null) return previewPage(previewId, request, pathname);

    // Static and content pages (spec §2), from the deals service's staticpage API.
    const staticSlug =
      segments[0] === 'page' && segments.length === 2 ? segments[1]! : segments.length === 1 && CONTENT_PAGE_PATHS.has(segments[0]!) ? segments[0]! : null;
    if (staticSlug !== null) {
      const data = await query<{ staticPage: { title: string; description: string; path: string } | null }>(STATIC_PAGE_QUERY, { slug: staticSlug }, request);
      if (!data) return unavailable(pathname);
      if (!data.staticPage) return notFound(pathname);
      const { title, description, path } = data.staticPage;
      return found(pageHead({ title, description, canonical: path }), pathname);
    }

    // Sign-in (spec §2 login layout), the pages account emails link to, and the account area
    // (the client sends a signed-out shopper from /myaccount/* to /login after saving the return
    // path): real pages (200), kept out of search results.
    const accountPath = `/${segments.join('/')}`;
    const accountPage = ACCOUNT_PAGES[accountPath];
    if (accountPage) {
      const head = headAtPath(pageHead({ ...accountPage, canonical: accountPath, robots: NOINDEX_ROBOTS }), pathname);
      return { status: 200, head, ...(TOKEN_LINK_PAGES.has(accountPath) ? { headers: { 'referrer-policy': 'no-referrer' } } : {}) };
    }
    // Buying (spec §2 checkout): the basket and checkout, an order's confirmation, the
    // validity-extension add-on. A shared or reloaded link is a real page, kept out of indexes.
    const buyingPage = BUYING_PAGES[accountPath] ?? (segments.length === 3 && segments[0] === 'checkout' && segments[1] === 'confirmation' ? CONFIRMATION_PAGE : null) ?? (segments.length === 3 && segments[0] === 'voucher' && segments[1] === 'extend' ? EXTEND_PAGE : null);
    if (buyingPage) return found(pageHead({ ...buyingPage, canonical: pathname, robots: NOINDEX_ROBOTS }), pathname);
    // The help centres (issue 19 point 7): /faqs and /merchantfaqs, typed content (domain help-centre.ts).
    if (Object.hasOwn(HELP_CENTRES, accountPath)) return found(helpCentreHead(HELP_CENTRES[accountPath as keyof typeof HELP_CENTRES]), pathname);
    // The paid-campaign landing page (issue 19 point 8; spec §2 page type ppc): its campaign's headline, kept out of indexes.
    if (accountPath === WELCOME_PATH) return welcomePage(request, pathname, url.searchParams);
    if (accountPath === MERCHANT_APPLY_PAGE.path) return found(pageHead({ title: MERCHANT_APPLY_PAGE.title, description: MERCHANT_APPLY_PAGE.description, canonical: MERCHANT_APPLY_PAGE.path }), pathname);
    if (segments[0] === 'myaccount') {
      const areaPage = ACCOUNT_AREA_PAGES[accountPath] ?? { title: 'My account', description: 'Your Thistle Deals account.' };
      return found(pageHead({ ...areaPage, canonical: pathname, robots: NOINDEX_ROBOTS }), pathname);
    }

    const page = listPageOf(url.searchParams);

    // Listings (spec §2).
    if (segments.length === 1) {
      const [only] = segments as [string];
      if (only === 'search') return found(searchHead(parseSearchParams(url.searchParams).q), pathname);
      if (only === 'early-bird') return found(earlyBirdHead(page), pathname);
      // The map view (issue 19 point 4, page type map-view).
      if (only === 'map-view') return found(mapViewHead(), pathname);
      const listing = `/${only}`;
      if (listing in PERSONAL_LISTINGS) return found(personalListingHead(listing as PersonalListingPath), pathname);
    }

    // Near-me (hyperlocal) pages: the hub, a location, an area.
    if (segments[0] === 'near-me') {
      const hyperlocal = hyperlocalOf(pathname);
      if (!hyperlocal) return notFound(pathname);
      if (hyperlocal.hub) return found(fixedHeadOf('/near-me')!, pathname);
      return nearMe(hyperlocal.location!, hyperlocal.area, request, pathname);
    }

    // /deals/vip (issue 18 point 5): the VIP deals page, with its fixed head (spec §2).
    if (accountPath === '/deals/vip') return found(fixedHeadOf('/deals/vip')!, pathname);
    // The wellness collection (issue 19 point 5; spec §2 fixed title): every location's wellness deals.
    if (accountPath === '/deals/wellness-collection' || accountPath === '/wellness-collection') return found(fixedHeadOf(accountPath)!, pathname);
    // A VIP category (spec §2 page type vipCategory): /deals/vip/{category}.
    if (segments[0] === 'deals' && segments[1] === 'vip') return segments.length === 3 ? vipCategory(segments[2]!, request, pathname) : notFound(pathname);
    // A VIP deal url (spec §2 page type vipDeal): /deal/vip/{dealId}[/{blurb}.html], the deal page.
    if (segments[0] === 'deal' && segments[1] === 'vip') {
      const vipDeal = segments.length <= 4 ? parseDealPath(pathname) : null;
      return vipDeal ? dealPage(vipDeal.dealId, request, pathname) : notFound(pathname);
    }

    // The gift finder (issue 19 point 3): /gifts[/gifts-for-{who}], /deals/{location}/gift-finder[/gifts-for-{who}].
    if (segments[0] === 'gifts' || (segments[0] === 'deals' && segments[2] === GIFT_FINDER_SEGMENT)) return giftFinder(request, pathname, page);

    // A special event: /deals/{location}/special/{slug}.
    if (segments[0] === 'deals' && segments[2] === 'special') {
      return segments.length === 4 ? special(segments[1]!, segments[3]!, request, pathname, page) : notFound(pathname);
    }

    // The client sends / and /deals on to the default location's homepage.
    if (segments.length === 0 || (segments.length === 1 && segments[0] === 'deals')) {
      return home(DEFAULT_LOCATION, request, pathname, 1);
    }
    if (!CLIENT_PAGE_TYPES.has(pageTypeOf(pathname)) || segments[0] !== 'deals') return notFound(pathname);

    // The client's routes under /deals/:location (client/src/routes.tsx).
    const [, location, category, subcategory, ...deeper] = segments as [string, string, string?, string?, ...string[]];
    if (category === undefined) return home(location, request, pathname, page);
    if (deeper.length === 0) {
      const data = await query<{ location: (HeadLocation & { category: HeadCategory | null }) | null }>(
        CATEGORY_QUERY,
        { location, category, subcategory: subcategory ?? null },
        request,
      );
      if (!data) return unavailable(pathname);
      if (!data.location?.category) return notFound(pathname);
      return found(categoryHead(data.location, data.location.category, { category, subcategory: subcategory ?? null }, page), pathname);
    }
    const parsed = parseDealPath(pathname);
    if (!parsed) return notFound(pathname);
    return dealPage(parsed.dealId, request, pathname);
  };
}
