/**
 * The head of every page (spec §2 "Page head"): title, description, robots, canonical and open
 * graph. The client renders these with React's hoisted <title>/<meta>, and the shop server writes
 * the same into the served index.html, so crawlers and link previews see them without script.
 */
import { categoryPath, hyperlocalOf, locationPath } from './paths.ts';
import { TEXT_LIMITS, truncate } from './text.ts';

export const SITE_NAME = 'Thistle Deals';

/** Robots of every page unless a rule says otherwise (spec §2). */
export const DEFAULT_ROBOTS = 'INDEX, FOLLOW';
/** Pages crawlers should not index: the gift-shop segment, not-found and error pages. */
export const NOINDEX_ROBOTS = 'NOINDEX, FOLLOW';

/** The gift-shop segment (spec §2: set to noindex). */
export const GIFT_SHOP_SEGMENT = 'gshop';

/** Fixed titles (spec §2): the near-me hub, /deals/vip and the wellness collection. */
export const HYPERLOCAL_HUB_TITLE = 'Deals Near You - Local Restaurants, Spas & Things To Do';
export const VIP_TITLE = 'VIP Deals - Members Save up to an Extra 10% | Thistle Deals';
export const WELLNESS_COLLECTION_TITLE = 'The Wellness Collection - Spa Days, Massages & Retreats | Thistle Deals';

export interface PageHead {
  /** The document title, the site name included. */
  title: string;
  /** og:title: the page's own title. */
  ogTitle: string;
  description: string;
  robots: string;
  /** Site-relative path (and query) of the canonical page. */
  canonical: string;
  type: 'website' | 'product';
  /** og:image: a site-relative path or an absolute url. */
  image: string | null;
}

interface HeadInput {
  /** The page's own title; the document title adds the site name unless `fixedTitle`. */
  title: string;
  description: string;
  canonical: string;
  robots?: string;
  type?: PageHead['type'];
  image?: string | null;
  /** The whole document title, as it is (fixed titles). */
  fixedTitle?: string;
}

export function pageHead(input: HeadInput): PageHead {
  return {
    title: input.fixedTitle ?? `${input.title} | ${SITE_NAME}`,
    ogTitle: input.title,
    description: input.description,
    robots: input.robots ?? DEFAULT_ROBOTS,
    canonical: input.canonical,
    type: input.type ?? 'website',
    image: input.image ?? null,
  };
}

/**
 * An absolute url on `origin` (https://host) for a site path, or the url itself when it is
 * already absolute (http or https). A path is appended to the origin, never resolved against it,
 * so a path such as //elsewhere.example stays on this site.
 */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * The X (Twitter) card of a page: a large image card when the page has an image (deal pages),
 * else a summary card. X reads the title, description and image from the og: tags.
 */
export function twitterCardOf(head: Pick<PageHead, 'image'>): 'summary_large_image' | 'summary' {
  return head.image ? 'summary_large_image' : 'summary';
}

/** Robots of a path: noindex under a gift-shop (gshop) segment, else the default. */
export function robotsOf(pathname: string): string {
  return pathname.split(/[?#]/)[0]!.split('/').includes(GIFT_SHOP_SEGMENT) ? NOINDEX_ROBOTS : DEFAULT_ROBOTS;
}

/** The head as served at `pathname`: path rules (gshop noindex) over the page's own head. */
export function headAtPath(head: PageHead, pathname: string): PageHead {
  return robotsOf(pathname) === NOINDEX_ROBOTS ? { ...head, robots: NOINDEX_ROBOTS } : head;
}

const pageSuffix = (page: number) => (page > 1 ? ` – page ${page}` : '');
const canonicalOf = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

export interface HeadLocation {
  slug: string;
  name: string;
  description?: string | null;
  isNational: boolean;
  isTravel: boolean;
}

/** A location's homepage, /deals/{location}[?page=N]. */
export function homepageHead(location: HeadLocation, page = 1): PageHead {
  const where = location.isNational || location.isTravel ? location.name : `in ${location.name}`;
  const title = homepageTitle(location);
  return pageHead({
    title: page > 1 ? `${title}${pageSuffix(page)}` : `${title}: save up to ${location.isTravel ? 50 : 80}%`,
    description: truncate(location.description || `The best deals and vouchers ${where}.`, TEXT_LIMITS.text),
    canonical: canonicalOf(locationPath(location.slug), page),
  });
}

/** The homepage's heading: "Deals in Glasgow", "Shop deals". */
export function homepageTitle(location: Pick<HeadLocation, 'name' | 'isNational' | 'isTravel'>): string {
  return location.isNational || location.isTravel ? `${location.name} deals` : `Deals in ${location.name}`;
}

export interface HeadCategory {
  name: string;
  metaTitle?: string | null;
  description?: string | null;
}

/** " in Glasgow" for a city; nothing for the national shop and travel. */
export function inLocation(location: Pick<HeadLocation, 'name' | 'isNational' | 'isTravel'>): string {
  return location.isNational || location.isTravel ? '' : ` in ${location.name}`;
}

/** A category page, /deals/{location}/{category}[/{subcategory}][?page=N]. */
export function categoryHead(
  location: HeadLocation,
  category: HeadCategory,
  slugs: { category: string; subcategory?: string | null },
  page = 1,
): PageHead {
  const where = inLocation(location);
  return pageHead({
    title: `${category.metaTitle ?? `${category.name} deals${where}`}${pageSuffix(page)}`,
    description: truncate(
      category.description ?? `Save on ${category.name.toLowerCase()}${where} with vouchers from local businesses.`,
      TEXT_LIMITS.text,
    ),
    canonical: canonicalOf(categoryPath(location.slug, slugs.category, slugs.subcategory), page),
  });
}

export interface HeadDeal {
  title: string;
  headline?: string | null;
  description: string;
  /** The deal's canonical path. */
  url: string;
  imageUrl?: string | null;
}

/** A deal page. */
export function dealHead(deal: HeadDeal): PageHead {
  return pageHead({
    title: truncate(deal.title, TEXT_LIMITS.dealTitle),
    description: truncate(deal.headline || deal.description, TEXT_LIMITS.text),
    canonical: deal.url,
    image: deal.imageUrl ?? null,
    type: 'product',
  });
}

/** Any path the shop does not have (served with status 404). */
export function notFoundHead(pathname: string): PageHead {
  return pageHead({ title: 'Page not found', description: 'Sorry, we could not find that page.', canonical: pathname, robots: NOINDEX_ROBOTS });
}

/** A page that failed to load. */
export function errorHead(pathname: string): PageHead {
  return pageHead({ title: 'Something went wrong', description: 'Something went wrong. Please try again.', canonical: pathname, robots: NOINDEX_ROBOTS });
}

/** "west-end" → "West End": a display name from a url slug. */
export function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * Near-me pages (spec §2 "Hyperlocal pages get their own title"): the hub /near-me is titled
 * 'Deals Near You - Local Restaurants, Spas & Things To Do'; /near-me/{location}[/{area}] name
 * the place. Names default to the slugs' words when the caller has no display names.
 */
export function hyperlocalHead(pathname: string, names: { location?: string; area?: string } = {}): PageHead | null {
  const page = hyperlocalOf(pathname);
  if (!page) return null;
  if (page.hub) {
    return pageHead({
      title: HYPERLOCAL_HUB_TITLE,
      fixedTitle: HYPERLOCAL_HUB_TITLE,
      description: 'Find deals near you: local restaurants, spa days, beauty and things to do, wherever you are in Scotland.',
      canonical: '/near-me',
    });
  }
  const location = names.location ?? nameFromSlug(page.location!);
  const area = page.area ? (names.area ?? nameFromSlug(page.area)) : null;
  const place = area ? `${area}, ${location}` : location;
  return pageHead({
    title: `Deals Near Me in ${place} - Local Restaurants, Spas & Things To Do`,
    fixedTitle: `Deals Near Me in ${place} - Local Restaurants, Spas & Things To Do`,
    description: `Local deals near you in ${place}: restaurants, spa days, beauty and things to do, with savings of up to 80%.`,
    canonical: `/near-me/${page.location}${page.area ? `/${page.area}` : ''}`,
  });
}

/** /deals/vip: the VIP members' deals (fixed title, spec §2). */
export function vipHead(): PageHead {
  return pageHead({
    title: 'VIP Deals',
    fixedTitle: VIP_TITLE,
    description: 'VIP members save up to an extra 10% on deals across Scotland, for £4.99 a year.',
    canonical: '/deals/vip',
  });
}

/** A VIP category page, /deals/vip/{category} (spec §2 page type vipCategory): that category's VIP deals. */
export function vipCategoryHead(label: string, category: string): PageHead {
  return pageHead({
    title: `VIP ${label} Deals`,
    description: `VIP members save up to an extra 10% on ${label.toLowerCase()} deals, for £4.99 a year.`,
    canonical: `/deals/vip/${category}`,
  });
}

/** The wellness collection (fixed title, spec §2). */
export function wellnessCollectionHead(canonical = '/deals/wellness-collection'): PageHead {
  return pageHead({
    title: 'The Wellness Collection',
    fixedTitle: WELLNESS_COLLECTION_TITLE,
    description: 'Spa days, massages, retreats and wellbeing experiences, hand-picked for the Wellness Collection.',
    canonical,
  });
}

/**
 * The fixed head of a path that has one, whatever the data: the near-me pages, /deals/vip and
 * the wellness collection (/wellness-collection or /deals/wellness-collection). Null otherwise.
 */
export function fixedHeadOf(pathname: string): PageHead | null {
  const path = pathname.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (path === '/deals/vip') return vipHead();
  if (path === '/wellness-collection' || path === '/deals/wellness-collection') return wellnessCollectionHead(path);
  return hyperlocalHead(path);
}

/**
 * The search page, /search?q=… (spec §2): result pages are kept out of search engines' indexes
 * (noindex, follow: their deal links are still followed), and every search has one canonical,
 * /search. The query is cut to the spec §9 medium text limit in the title.
 */
export function searchHead(query: string | null | undefined): PageHead {
  const q = (query ?? '').replace(/\s+/g, ' ').trim();
  const title = q ? `Search results for "${truncate(q, TEXT_LIMITS.mediumText)}"` : 'Search deals';
  return pageHead({
    title,
    description: q
      ? truncate(`Deals and vouchers matching "${q}": restaurants, spa days, activities, shop and travel.`, TEXT_LIMITS.text)
      : 'Search deals and vouchers: restaurants, spa days, activities, shop and travel.',
    canonical: '/search',
    robots: NOINDEX_ROBOTS,
  });
}

/** The shopper's own listings (spec §2 "Listings"): personal, so never indexed. */
export const PERSONAL_LISTINGS = {
  '/recently-viewed': { title: 'Recently viewed deals', description: 'The deals you looked at most recently.' },
  '/recommended-for-you': { title: 'Recommended for you', description: 'Deals picked for you from what you viewed and the most popular near you.' },
  '/buy-again': { title: 'Buy again', description: 'Deals you bought before, ready to buy again.' },
  '/wishlist': { title: 'Wish list', description: 'The deals you’ve saved for later.' },
} as const;

export type PersonalListingPath = keyof typeof PERSONAL_LISTINGS;

/** /recently-viewed, /recommended-for-you, /buy-again and /wishlist: 200, noindex. */
export function personalListingHead(path: PersonalListingPath): PageHead {
  const { title, description } = PERSONAL_LISTINGS[path];
  return pageHead({ title, description, canonical: path, robots: NOINDEX_ROBOTS });
}

/** /early-bird: the early-bird deals (indexed, like any deals list). */
export function earlyBirdHead(page = 1): PageHead {
  return pageHead({
    title: `Early bird deals${pageSuffix(page)}`,
    description: 'Be first to the newest deals: early-bird prices on restaurants, spa days and things to do.',
    canonical: canonicalOf('/early-bird', page),
  });
}

export interface HeadSpecialEvent {
  slug: string;
  title: string;
  description?: string | null;
}

/** A special event page, /deals/{location}/special/{slug}: titled with the event. */
export function specialEventHead(location: Pick<HeadLocation, 'slug' | 'name' | 'isNational' | 'isTravel'>, event: HeadSpecialEvent, page = 1): PageHead {
  return pageHead({
    title: `${truncate(event.title, TEXT_LIMITS.mediumText)}${inLocation(location)}${pageSuffix(page)}`,
    description: truncate(event.description || `${event.title}: deals and vouchers${inLocation(location)}.`, TEXT_LIMITS.text),
    canonical: canonicalOf(`${locationPath(location.slug)}/special/${event.slug}`, page),
  });
}
