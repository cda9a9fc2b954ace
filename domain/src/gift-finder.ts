/**
 * The gift finder (spec §1 "a gift finder by recipient, personality and price", §2 page types
 * gifts and gift-finder, routes /gifts and /deals/{location}/gift-finder[/gifts-for-{who}], §3
 * recipients, personalities and price steps, §7 the feed and the gift-finder data document, §9
 * gift finder 12 a page and gift carousel page 20; issue 19 point 3). Pure: the clock is passed in.
 *
 * Deals carry gift tags (deals.deal.gift_tags): a recipient's tag ('gifts-for-mum', spec §3) and a
 * personality's tag ('personality-playful'). Filters combine: a deal matches when it has every
 * chosen tag and its headline price (postage included) is in the chosen price band.
 */
import { formatMoney } from './money.ts';
import { pageHead, type PageHead } from './page-head.ts';
import { addDaysToDate, londonDate, londonDateInWords } from './london-time.ts';
import { GIFT_CARD_DEAL_ID, GIFT_CARD_POST_WORKING_DAYS } from './gift-cards.ts';
import { GIFT_SEND_MAX_MONTHS, latestGiftSendOn, giftSendOnInWords } from './gift-send-date.ts';

/** Spec §9: the gift finder lists 12 deals a page. */
export const GIFT_FINDER_PAGE_SIZE = 12;
/** Spec §9: the gift carousel shows a page of 20. */
export const GIFT_CAROUSEL_PAGE_SIZE = 20;

/** Spec §3 gift finder recipients: id, label and tag ('gifts-for-…'), in the spec's order. */
export const GIFT_FINDER_RECIPIENTS = [
  { id: 'mum', label: 'Mum', tag: 'gifts-for-mum' },
  { id: 'dad', label: 'Dad', tag: 'gifts-for-dad' },
  { id: 'hubby', label: 'Hubby', tag: 'gifts-for-hubby' },
  { id: 'wifey', label: 'Wifey', tag: 'gifts-for-wifey' },
  { id: 'little-ones', label: 'Little Ones', tag: 'gifts-for-little-ones' },
  { id: 'teen', label: 'Teen', tag: 'gifts-for-teen' },
  { id: 'grandparents', label: 'Grandparents', tag: 'gifts-for-grandparents' },
  { id: 'bff', label: 'BFF', tag: 'gifts-for-bff' },
  { id: 'colleague', label: 'Colleague', tag: 'gifts-for-colleague' },
] as const;

export type GiftFinderRecipient = (typeof GIFT_FINDER_RECIPIENTS)[number];
export type GiftFinderRecipientId = GiftFinderRecipient['id'];

/** Spec §3 gift finder personalities, in the spec's order; the tag is what a deal carries. */
export const GIFT_FINDER_PERSONALITIES = [
  { id: 'playful', label: 'Playful', tag: 'personality-playful' },
  { id: 'indulgent', label: 'Indulgent', tag: 'personality-indulgent' },
  { id: 'insta-famous', label: 'Insta-famous', tag: 'personality-insta-famous' },
  { id: 'geeky', label: 'Geeky', tag: 'personality-geeky' },
  { id: 'giggly', label: 'Giggly', tag: 'personality-giggly' },
  { id: 'gorgeous', label: 'Gorgeous', tag: 'personality-gorgeous' },
  { id: 'active', label: 'Active', tag: 'personality-active' },
  { id: 'pampered', label: 'Pampered', tag: 'personality-pampered' },
  { id: 'jet-setter', label: 'Jet Setter', tag: 'personality-jet-setter' },
  { id: 'daredevil', label: 'Daredevil', tag: 'personality-daredevil' },
] as const;

export type GiftFinderPersonality = (typeof GIFT_FINDER_PERSONALITIES)[number];
export type GiftFinderPersonalityId = GiftFinderPersonality['id'];

/** Spec §3 (and §9 price filter steps) for the gift finder: pounds. */
export const GIFT_FINDER_PRICE_STEPS = [0, 10, 20, 50, 100] as const;

/**
 * The price bands the steps make: from each step (inclusive) to the next (exclusive), the last
 * open-ended. Under £10, £10 to £20, £20 to £50, £50 to £100, £100 and over. Pence, headline price.
 */
export interface GiftPriceBand {
  /** '0-10', '10-20', '20-50', '50-100', '100-'. */
  id: string;
  label: string;
  minPence: number;
  /** Exclusive; null for the last band. */
  maxPence: number | null;
}

export const GIFT_PRICE_BANDS: readonly GiftPriceBand[] = GIFT_FINDER_PRICE_STEPS.map((from, i) => {
  const to = GIFT_FINDER_PRICE_STEPS[i + 1];
  const pounds = (n: number) => formatMoney(n * 100);
  return {
    id: `${from}-${to ?? ''}`,
    label: to === undefined ? `${pounds(from)} and over` : from === 0 ? `Under ${pounds(to)}` : `${pounds(from)} to ${pounds(to)}`,
    minPence: from * 100,
    maxPence: to === undefined ? null : to * 100,
  };
});

export const giftRecipientOf = (id: string | null | undefined): GiftFinderRecipient | null => GIFT_FINDER_RECIPIENTS.find((r) => r.id === id) ?? null;
export const giftPersonalityOf = (id: string | null | undefined): GiftFinderPersonality | null => GIFT_FINDER_PERSONALITIES.find((p) => p.id === id) ?? null;
export const giftPriceBandOf = (id: string | null | undefined): GiftPriceBand | null => GIFT_PRICE_BANDS.find((b) => b.id === id) ?? null;
/** The recipient of a 'gifts-for-…' segment or tag. */
export const giftRecipientOfTag = (tag: string | null | undefined): GiftFinderRecipient | null => GIFT_FINDER_RECIPIENTS.find((r) => r.tag === tag) ?? null;

/** Every gift tag a deal may carry: the recipients' and the personalities'. */
export const GIFT_TAGS: readonly string[] = [...GIFT_FINDER_RECIPIENTS.map((r) => r.tag), ...GIFT_FINDER_PERSONALITIES.map((p) => p.tag)];

// ---------------------------------------------------------------------------------------------
// Paths (spec §2): /gifts[/gifts-for-{who}] and /deals/{location}/gift-finder[/gifts-for-{who}]

export const GIFTS_PATH = '/gifts';
export const GIFT_FINDER_SEGMENT = 'gift-finder';

/** A gift finder page: every location's gifts (/gifts) or one location's (with national deals). */
export interface GiftFinderPage {
  /** null: /gifts, every location. */
  location: string | null;
  recipient: GiftFinderRecipient | null;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The gift finder page of a path, or null when the path is not one: also null for an unknown
 * 'gifts-for-…' segment (a not-found page) and for anything deeper.
 */
export function giftFinderPageOf(pathname: string): GiftFinderPage | null {
  const segments = pathname.split(/[?#]/)[0]!.split('/').filter(Boolean);
  let location: string | null;
  let rest: string[];
  if (segments[0] === 'gifts') {
    location = null;
    rest = segments.slice(1);
  } else if (segments[0] === 'deals' && segments[2] === GIFT_FINDER_SEGMENT && SLUG.test(segments[1] ?? '')) {
    location = segments[1] === 'national-deal' ? 'shop' : segments[1]!;
    rest = segments.slice(3);
  } else return null;
  if (rest.length === 0) return { location, recipient: null };
  if (rest.length > 1) return null;
  const recipient = giftRecipientOfTag(rest[0]);
  return recipient ? { location, recipient } : null;
}

export interface GiftFinderFilters {
  personality?: string | null | undefined;
  /** A GIFT_PRICE_BANDS id. */
  price?: string | null | undefined;
  /** 1-based; 1 is left out of the url. */
  page?: number | null | undefined;
}

/** The path of a gift finder page (the recipient in the path, the other filters in the query). */
export function giftFinderPath(location: string | null, recipient: string | null, filters: GiftFinderFilters = {}): string {
  const who = giftRecipientOf(recipient);
  const base = location === null ? GIFTS_PATH : `/deals/${location === 'national-deal' ? 'shop' : location}/${GIFT_FINDER_SEGMENT}`;
  const path = who ? `${base}/${who.tag}` : base;
  const query = new URLSearchParams();
  if (giftPersonalityOf(filters.personality)) query.set('personality', filters.personality!);
  if (giftPriceBandOf(filters.price)) query.set('price', filters.price!);
  if (filters.page && filters.page > 1) query.set('page', String(Math.floor(filters.page)));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The filters of a gift finder page's query string; unknown values are dropped (the page shows every gift). */
export function giftFinderFiltersOf(search: string | URLSearchParams): { personality: GiftFinderPersonalityId | null; price: string | null } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return { personality: giftPersonalityOf(params.get('personality'))?.id ?? null, price: giftPriceBandOf(params.get('price'))?.id ?? null };
}

/** The page's heading: "Gifts for Mum" or "Gift finder", with the place when it is a location's. */
export function giftFinderTitle(page: GiftFinderPage, locationName: string | null = null): string {
  const what = page.recipient ? `Gifts for ${page.recipient.label}` : 'Gift finder';
  return locationName ? `${what} in ${locationName}` : what;
}

/**
 * The head of a gift finder page: its title, and the path as canonical (the personality and price
 * filters are views of that page; ?page=N pages are their own).
 */
export function giftFinderHead(page: GiftFinderPage, locationName: string | null = null, pageNumber = 1): PageHead {
  const title = giftFinderTitle(page, locationName);
  const who = page.recipient ? `for ${page.recipient.label}` : 'for everyone';
  return pageHead({
    title: pageNumber > 1 ? `${title} – page ${pageNumber}` : title,
    description: `Gift ideas ${who}${locationName ? ` in ${locationName}` : ''}: experiences, pampering, food and drink, gadgets and gift cards, by personality and price. E-gifts arrive by email today.`,
    canonical: giftFinderPath(page.location, page.recipient?.id ?? null, { page: pageNumber }),
  });
}

// ---------------------------------------------------------------------------------------------
// "Arrives by" (issue 19 point 3): e-gifts by email, posted gifts by working days

/**
 * Posted goods arrive within 5 to 7 working days (the seeded deals' fine print): the gift finder
 * promises the later end.
 */
export const POSTED_GIFT_WORKING_DAYS = 7;

/** Easter Sunday of a year (Anonymous Gregorian algorithm), 'YYYY-MM-DD'. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const weekday = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();
const ymd = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The n-th (1-based) Monday of a month, or the last when n is -1. */
function monday(year: number, month: number, n: number): string {
  if (n > 0) {
    const first = ymd(year, month, 1);
    return addDaysToDate(first, ((8 - weekday(first)) % 7) + (n - 1) * 7);
  }
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return addDaysToDate(last, -((weekday(last) + 6) % 7));
}

/**
 * The bank holidays of a year on which Royal Mail does not deliver (the UK-wide ones: New Year's
 * Day, Good Friday, Easter Monday, early May, spring and summer bank holidays, Christmas and
 * Boxing Day, with their substitute days). One-off royal holidays are not in it.
 */
export function postalHolidays(year: number): Set<string> {
  const out = new Set<string>();
  // New Year's Day: a weekend day moves to the Monday.
  const ny = ymd(year, 1, 1);
  out.add(weekday(ny) === 6 ? addDaysToDate(ny, 2) : weekday(ny) === 0 ? addDaysToDate(ny, 1) : ny);
  const easter = easterSunday(year);
  out.add(addDaysToDate(easter, -2));
  out.add(addDaysToDate(easter, 1));
  out.add(monday(year, 5, 1));
  out.add(monday(year, 5, -1));
  out.add(monday(year, 8, -1));
  // Christmas and Boxing Day, each on the next free weekday when on a weekend.
  const christmas = ymd(year, 12, 25);
  const boxing = ymd(year, 12, 26);
  const wc = weekday(christmas);
  if (wc === 6) {
    out.add(addDaysToDate(christmas, 2));
    out.add(addDaysToDate(christmas, 3));
  } else if (wc === 0) {
    out.add(addDaysToDate(christmas, 1));
    out.add(addDaysToDate(christmas, 2));
  } else if (wc === 5) {
    out.add(christmas);
    out.add(addDaysToDate(boxing, 2));
  } else {
    out.add(christmas);
    out.add(boxing);
  }
  return out;
}

/** A working day: Monday to Friday and not a postal holiday. */
export function isWorkingDay(date: string): boolean {
  const w = weekday(date);
  return w !== 0 && w !== 6 && !postalHolidays(Number(date.slice(0, 4))).has(date);
}

/** The n-th working day after `date` ('YYYY-MM-DD'). */
export function addWorkingDays(date: string, n: number): string {
  let d = date;
  for (let left = n; left > 0; ) {
    d = addDaysToDate(d, 1);
    if (isWorkingDay(d)) left -= 1;
  }
  return d;
}

/** How a gift reaches its recipient, as the gift finder shows it. */
export interface GiftArrival {
  /** By email ('e-gift': vouchers, travel, gift cards), or by post ('posted': goods, or a gift card's printed card). */
  kind: 'e-gift' | 'posted';
  /** The London day it arrives by, 'YYYY-MM-DD'. */
  by: string;
  /** What a card says: "E-gift: arrives by email today, or on a day you choose". */
  text: string;
}

export interface GiftArrivalDeal {
  id: number;
  /** The deal's deliveryType: 'voucher', 'postal' or 'travel'. */
  deliveryType: string;
}

/**
 * When a gift ordered at `now` arrives: an e-gift by email today (or on the day the buyer
 * chooses, up to GIFT_SEND_MAX_MONTHS ahead); posted goods by the POSTED_GIFT_WORKING_DAYS-th
 * working day; a gift card both ways (its printed card by the GIFT_CARD_POST_WORKING_DAYS-th).
 */
export function giftArrivals(deal: GiftArrivalDeal, now: Date): GiftArrival[] {
  const today = londonDate(now);
  const postedBy = (days: number): GiftArrival => {
    const by = addWorkingDays(today, days);
    return { kind: 'posted', by, text: `Posted: arrives by ${dayInWords(by)}` };
  };
  const eGift: GiftArrival = {
    kind: 'e-gift',
    by: today,
    text: `E-gift: arrives by email today, or on a day you choose up to ${giftSendOnInWords(latestGiftSendOn(now))}`,
  };
  if (deal.id === GIFT_CARD_DEAL_ID) return [eGift, postedBy(GIFT_CARD_POST_WORKING_DAYS)];
  if (deal.deliveryType === 'postal') return [postedBy(POSTED_GIFT_WORKING_DAYS)];
  return [eGift];
}

/** "Friday 4 December 2026". */
function dayInWords(date: string): string {
  const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  return `${names[weekday(date)]} ${londonDateInWords(`${date}T12:00:00Z`)}`;
}

// ---------------------------------------------------------------------------------------------
// The gift-finder data document (spec §7: "a JSON file in static storage per environment (dev, nxt, prod)")

/** The environments the document is published for (spec §7). */
export const GIFT_FINDER_ENVIRONMENTS = ['dev', 'nxt', 'prod'] as const;
export type GiftFinderEnvironment = (typeof GIFT_FINDER_ENVIRONMENTS)[number];

/**
 * The document's version: raise it whenever its content (recipients, personalities, price steps,
 * page sizes) changes, so a cached copy is known to be stale.
 */
export const GIFT_FINDER_DATA_VERSION = 1;

/** The shop's path of its environment's document. */
export const GIFT_FINDER_DATA_PATH = '/gift-finder/data.json';

/** The environment a shop process publishes: prod with NODE_ENV=production, dev otherwise. */
export const giftFinderEnvironmentOf = (nodeEnv: string | null | undefined): GiftFinderEnvironment => (nodeEnv === 'production' ? 'prod' : 'dev');

export interface GiftFinderData {
  version: number;
  environment: GiftFinderEnvironment;
  pageSize: number;
  carouselPageSize: number;
  recipients: Array<{ id: string; label: string; tag: string; url: string }>;
  personalities: Array<{ id: string; label: string; tag: string }>;
  priceSteps: number[];
  priceBands: Array<{ id: string; label: string; min: number; max: number | null }>;
  currency: 'GBP';
  eGift: { sendUpToMonths: number };
  posted: { workingDays: number; giftCardWorkingDays: number };
}

/** The gift-finder data document of an environment (the same content everywhere, versioned). */
export function giftFinderData(environment: GiftFinderEnvironment): GiftFinderData {
  return {
    version: GIFT_FINDER_DATA_VERSION,
    environment,
    pageSize: GIFT_FINDER_PAGE_SIZE,
    carouselPageSize: GIFT_CAROUSEL_PAGE_SIZE,
    recipients: GIFT_FINDER_RECIPIENTS.map((r) => ({ id: r.id, label: r.label, tag: r.tag, url: giftFinderPath(null, r.id) })),
    personalities: GIFT_FINDER_PERSONALITIES.map((p) => ({ id: p.id, label: p.label, tag: p.tag })),
    priceSteps: [...GIFT_FINDER_PRICE_STEPS],
    priceBands: GIFT_PRICE_BANDS.map((b) => ({ id: b.id, label: b.label, min: b.minPence, max: b.maxPence })),
    currency: 'GBP',
    eGift: { sendUpToMonths: GIFT_SEND_MAX_MONTHS },
    posted: { workingDays: POSTED_GIFT_WORKING_DAYS, giftCardWorkingDays: GIFT_CARD_POST_WORKING_DAYS },
  };
}
