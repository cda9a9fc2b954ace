/**
 * The seeded copy never contradicts the seeded data (issue 15 point 9): every fact a deal's copy
 * states (title, headline, description, highlights, fine print, option titles, image alt text and
 * the guide listicle text beside it) is the fact the deal page shows from the data: the merchant's
 * rating and review count (as MerchantCard prints them), how many people each option is for, the
 * nights, prices (formatted by the domain's formatMoney), savings (the domain's headline
 * discount), postage, deposits, the purchase limit, the option choices, the merchant, its street
 * and area, the hotel's stars, VIP options, per-person pricing, sold counts and dates.
 *
 * It seeds the whole default catalogue (DEFAULT_DEAL_COUNT deals, DEFAULT_SEED) the way the service
 * does at first start, and reads every deal back through the service's own /deal route, so it
 * checks what the gateway and the page are given. PGlite only: the copy does not depend on the
 * database, and one default catalogue is enough work for one test file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealHeadline, deliveryPricesOf, formatMoney, londonDateInWords, optionHeadline, PRICE_PER_PERSON_MIN_QUANTITY } from '@shop/domain';
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { createDealsApp } from '../app.ts';
import { DealsByIdsResponseSchema, type Deal, type DealProduct } from '../contract.ts';
import { migrateDeals, type DealsDb } from '../db/database.ts';
import { TEST_NOW } from '../test/deals-fixture.ts';
import { AREAS, DESTINATIONS } from './catalogue-data.ts';
import { DEFAULT_DEAL_COUNT, seedDeals } from './seed.ts';

const TOKEN = 'seed-consistency-token';

// ---- Reading facts out of copy ------------------------------------------------------------------

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const NUM = `(?:${Object.keys(NUMBER_WORDS).join('|')}|\\d+)`;
const toNumber = (s: string): number => NUMBER_WORDS[s.toLowerCase()] ?? Number(s);
const UNITS = '(?:minutes?|hours?|days?|nights?|weeks?|months?|years?|courses?|sessions?|classes|lessons?|visits?)';

interface PeopleClaim {
  phrase: string;
  counts: number[];
  orMore: boolean;
}

/** "for Two", "for One, Two or Four", "for up to six", "for two or more", "groups of two, four or six". */
function peopleClaims(text: string): PeopleClaim[] {
  // The count ends the phrase ("for two", "for two at …", "for two in York"): "for four cocktails" counts cocktails.
  const re = new RegExp(
    `\\b(?:for|groups of)\\s+(?:up to\\s+)?(${NUM}(?:(?:\\s*,\\s*|\\s+or\\s+)${NUM}(?![\\w-]))*)(\\s+or\\s+more)?(?![\\w-])(?!\\s+${UNITS}\\b)(?:\\s+(?:people|person)\\b)?` +
      `(?=\\s*$|\\s*[^\\w\\s]|\\s+(?:at|with|in|on|and|from|who|sharing)\\b)`,
    'gi',
  );
  const claims: PeopleClaim[] = [];
  for (const m of text.matchAll(re)) {
    const counts = m[1]!.split(/\s*,\s*|\s+or\s+/i).map(toNumber);
    claims.push({ phrase: m[0], counts, orMore: Boolean(m[2]) });
  }
  return claims;
}

/** How many people an option is for, from its title (null when its title does not say). */
function optionPeople(title: string): number | null {
  const claims = peopleClaims(title);
  if (claims.length === 0) return null;
  return claims[claims.length - 1]!.counts[0]!;
}

const PRICE = /£\d{1,3}(?:,\d{3})*(?:\.\d{2})?/g;
const sameSet = (a: Iterable<number>, b: Iterable<number>) => {
  const x = [...new Set(a)].sort((m, n) => m - n);
  const y = [...new Set(b)].sort((m, n) => m - n);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mentions = (text: string, name: string) => new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`).test(text);

// ---- The checks ---------------------------------------------------------------------------------

interface Contradiction {
  kind: string;
  dealId: number;
  detail: string;
}

/** The options the page lists for everyone (VIP-only copies of an option aside). */
const publicOptions = (d: Deal) => d.products.filter((p) => !p.vipExclusive);
const headlineInput = (p: DealProduct) => ({ price: p.price.amount, originalPrice: p.originalPrice.amount, deliveryPrices: deliveryPricesOf(p.postagePrice?.amount ?? null), vipExclusive: p.vipExclusive, disabled: p.disabled });

const MERCHANT_STREETS = [...new Set(Object.values(AREAS).flatMap((list) => list.flatMap((a) => a.streets)))];
const AREA_NAMES = [...new Set(Object.entries(AREAS).filter(([slug]) => slug !== 'shop').flatMap(([, list]) => list.map((a) => a.name)))];
const PLACES = [...new Set(Object.values(DESTINATIONS).flatMap((list) => list.map((d) => d.place)))];

function checkDeal(d: Deal, merchantNames: string[], add: (kind: string, detail: string) => void): void {
  const options = publicOptions(d);
  const optionTitles = d.products.map((p) => p.title);
  // Copy about the deal as a whole, field by field.
  const dealCopy: Array<[field: string, text: string]> = [
    ['title', d.title],
    ['headline', d.headline],
    ['description', d.description],
    ...d.highlights.map((h, i): [string, string] => [`highlights[${i}]`, h]),
    ['image alt', d.image.alt],
  ];
  const finePrint = d.finePrint.map((f, i): [string, string] => [`finePrint[${i}]`, f]);
  const allCopy = [...dealCopy, ...finePrint, ...optionTitles.map((t, i): [string, string] => [`products[${i}].title`, t])];

  // Rating and review count: as MerchantCard shows them (toFixed(1), only with reviews).
  const m = d.business;
  const shownRating = m.rating != null && m.reviewCount > 0 ? m.rating.toFixed(1) : null;
  for (const [field, text] of allCopy) {
    for (const r of text.matchAll(/\b[Rr]ated\s+(\d+(?:\.\d+)?)|(\d\.\d)\s*(?:out of 5|\/\s*5)/g)) {
      const stated = r[1] ?? r[2]!;
      if (shownRating === null) add('rating', `${field} "${text}" but the page shows no rating (rating ${m.rating}, ${m.reviewCount} reviews)`);
      else if (stated !== shownRating) add('rating', `${field} "${text}" but the page shows ${shownRating}`);
    }
    for (const r of text.matchAll(/\b(\d[\d,]*)\s+(?:reviews?|ratings?|diners|customers)\b/g)) {
      const stated = Number(r[1]!.replace(/,/g, ''));
      if (stated !== m.reviewCount) add('review count', `${field} "${text}" but the page shows ${m.reviewCount} reviews`);
    }
  }

  // People: a count in the deal's copy is the set of counts of its options.
  const people = options.map((p) => optionPeople(p.title));
  for (const [field, text] of dealCopy) {
    for (const claim of peopleClaims(text)) {
      if (claim.orMore) {
        if (!d.pricePerPerson || Math.min(...claim.counts) !== PRICE_PER_PERSON_MIN_QUANTITY) add('people', `${field} "${text}" says "${claim.phrase}" but the deal is ${d.pricePerPerson ? 'per person' : 'not priced per person'}`);
        continue;
      }
      if (people.some((n) => n === null) || !sameSet(claim.counts, people as number[])) {
        add('people', `${field} "${text}" says "${claim.phrase}" but the options are ${options.map((p) => `"${p.title}"`).join(', ')}`);
      }
    }
  }
  // "For yourself" is for one: not when every option is for two or more.
  for (const [field, text] of dealCopy) {
    if (/\bfor yourself\b/i.test(text) && people.every((n) => n !== null && n >= 2)) add('people', `${field} "${text}" but every option is for two or more: ${options.map((p) => `"${p.title}"`).join(', ')}`);
  }
  // Per-person pricing: each unit bought is one person, so no option is "for two".
  if (d.pricePerPerson) {
    for (const p of options) if (optionPeople(p.title) !== null) add('per-person pricing', `priced per person (for ${PRICE_PER_PERSON_MIN_QUANTITY} or more) but option "${p.title}" is for ${optionPeople(p.title)}`);
  }
  // What an option includes ("with Prosecco", "with flights") the other options include too.
  const extras = new Set(options.flatMap((p) => [...p.title.matchAll(/\bwith ([A-Z][\w-]*(?: [A-Z][\w-]*)*|flights)\b/g)].map((x) => x[1]!)));
  for (const extra of extras) {
    const without = options.filter((p) => !p.title.includes(`with ${extra}`));
    if (without.length) add('option contents', `options differ on "with ${extra}": ${options.map((p) => `"${p.title}"`).join(', ')}`);
  }

  // Savings: a stated percentage is the one the page shows beside the price (domain headline).
  const headline = dealHeadline(d.products.map(headlineInput));
  const optionDiscounts = options.map((p) => optionHeadline(headlineInput(p)).discountPercentage);
  for (const [field, text] of allCopy) {
    for (const s of text.matchAll(/\b(?:save|saving of)\s+(up to\s+)?(\d+)%|\b(\d+)%\s+off\b/gi)) {
      const stated = Number(s[2] ?? s[3]);
      const expected = s[1] ? Math.max(...optionDiscounts) : headline.discountPercentage;
      if (stated !== expected) add('discount', `${field} "${text}" but the page shows ${expected}%`);
    }
  }

  // Prices: every amount is one the page shows for this deal, formatted the shop's way.
  const shownPrices = new Set<string>([formatMoney(headline.price), formatMoney(headline.originalPrice)]);
  for (const p of d.products) {
    const h = optionHeadline(headlineInput(p));
    for (const amount of [p.price.amount, p.originalPrice.amount, h.price, h.originalPrice, p.postagePrice?.amount, p.depositProduct?.price.amount]) {
      if (amount !== undefined && amount !== null) shownPrices.add(formatMoney(amount));
    }
  }
  for (const [field, text] of allCopy) {
    // A supplement paid to the merchant on the day is not a price of the deal.
    for (const price of text.replace(/£\d+ supplement/g, '').match(PRICE) ?? []) {
      if (!shownPrices.has(price)) add('price', `${field} "${text}" states ${price}, not a price this deal shows (${[...shownPrices].join(', ')})`);
    }
  }

  // Delivery: free means free on every option; a postage fee means one is charged.
  const postage = options.map((p) => p.postagePrice?.amount ?? 0);
  for (const [field, text] of [...dealCopy, ...finePrint]) {
    if (/\bfree (?:UK )?delivery\b|\bdelivered[^.]*free of charge/i.test(text) && postage.some((x) => x > 0)) add('delivery', `${field} "${text}" but postage is ${postage.map((x) => formatMoney(x)).join(', ')}`);
    if (/\bpostage (?:fee|of|charge)\b/i.test(text) && postage.every((x) => x === 0)) add('delivery', `${field} "${text}" but every option is posted free`);
  }

  // Nights: "2-night+", "Choose 1, 2 or 3 nights", "2 nights for two".
  const nights = options.map((p) => p.numberOfNights).filter((n): n is number => n !== null);
  for (const [field, text] of [...dealCopy, ...finePrint]) {
    for (const n of text.matchAll(/\b(\d+)-night(\+)?/g)) {
      const distinct = new Set(nights).size;
      if (nights.length === 0 || Number(n[1]) !== Math.min(...nights) || Boolean(n[2]) !== distinct > 1) add('nights', `${field} "${text}" but the options are ${nights.join(', ')} nights`);
    }
    const choose = text.match(/\bChoose ([\d, or]+) nights\b/);
    const single = text.match(/^(\d+) nights?\b/);
    const stated = choose ? choose[1]!.split(/\s*,\s*|\s+or\s+/).map(Number) : single ? [Number(single[1])] : null;
    if (stated && !sameSet(stated, nights)) add('nights', `${field} "${text}" but the options are ${nights.join(', ')} nights`);
  }
  for (const p of d.products) {
    const n = p.title.match(/\b(\d+) nights?\b/);
    if (n && Number(n[1]) !== p.numberOfNights) add('nights', `option "${p.title}" is ${p.numberOfNights} nights`);
  }

  // Hotel stars agree within the deal (across deals of one hotel: below).
  const stars = new Set(dealCopy.flatMap(([, text]) => [...text.matchAll(/\b(\d)(?:\*|-star\b)/g)].map((s) => Number(s[1]))));
  if (stars.size > 1) add('stars', `the copy gives ${[...stars].join(' and ')} stars`);

  // The merchant: no other business named, the street and area are its address, the place is where it is.
  for (const [field, text] of [...dealCopy, ...finePrint]) {
    for (const other of merchantNames) {
      if (other !== m.name && !m.name.includes(other) && mentions(text, other)) add('merchant', `${field} "${text}" names ${other}, but the business is ${m.name}`);
    }
    // A street the copy puts it on ("a short walk from" a street is not its address); the longest
    // name only ("Portobello High Street", not "High Street" again).
    const named = MERCHANT_STREETS.filter((street) => mentions(text, street));
    for (const street of named.filter((s) => !named.some((longer) => longer !== s && longer.includes(s)))) {
      if (new RegExp(`(?:walk from|near|close to) ${escape(street)}`).test(text)) continue;
      if (!m.address.includes(street)) add('address', `${field} "${text}" places it on ${street}, but the address is ${m.address}`);
    }
    if (d.deliveryType !== 'postal') {
      for (const area of AREA_NAMES) {
        if (mentions(text, area) && !m.address.includes(area)) add('address', `${field} "${text}" places it in ${area}, but the address is ${m.address}`);
      }
    }
    if (d.deliveryType === 'travel') {
      for (const place of PLACES) {
        if (mentions(text, place) && !m.address.includes(place)) add('address', `${field} "${text}" places it in ${place}, but the address is ${m.address}`);
      }
    }
  }

  // Purchase limit, deposits, choices, VIP, sold counts, voucher validity, dates.
  for (const [field, text] of [...dealCopy, ...finePrint]) {
    const limit = text.match(/\b[Ll]imit (?:of )?(\d+) per (?:customer|person|order)\b/);
    if (limit && Number(limit[1]) !== d.purchaseCap) add('purchase limit', `${field} "${text}" but the deal's purchase cap is ${d.purchaseCap}`);
    if (/\bdeposit\b/i.test(text) && !options.some((p) => p.hasDeposit)) add('deposit', `${field} "${text}" but no option takes a deposit`);
    if (/\bpay (?:in full|the full price)\b/i.test(text) && options.some((p) => p.hasDeposit)) add('deposit', `${field} "${text}" but an option takes a deposit`);
    const choice = text.match(/\ba choice of (\d+|\w+) (?:options|colours|sizes)\b/);
    if (choice && toNumber(choice[1]!) !== options.length) add('options', `${field} "${text}" but the page lists ${options.length} options`);
    const chooseFrom = text.match(/^Choose from (.+)$/) ?? text.match(/^Options?: (.+)$/);
    if (chooseFrom) {
      const listed = chooseFrom[1]!.split(/\s*,\s*|\s+or\s+|\s+and\s+/);
      const variants = options.map((p) => p.title.split(' – ').pop()!);
      if (listed.length !== variants.length || !listed.every((v) => variants.includes(v))) add('options', `${field} "${text}" but the options are ${variants.join(', ')}`);
    }
    if (/\bVIP\b/.test(text) && !d.vipExclusive) add('vip', `${field} "${text}" but the deal has no VIP option`);
    const sold = text.match(/\b(\d[\d,]*)\s+(?:sold|bought)\b/);
    if (sold && Number(sold[1]!.replace(/,/g, '')) !== d.soldCount) add('sold count', `${field} "${text}" but the page shows ${d.soldCount} bought`);
    const validity = text.match(/\b[Vv]ouchers? (?:is |are )?valid for (\w+) months?\b/);
    const months = Number(d.finePrint[0]?.match(/^Voucher valid for (\d+) month/)?.[1]);
    if (validity && toNumber(validity[1]!) !== months) add('validity', `${field} "${text}" but the voucher is valid for ${months} months`);
    for (const date of text.matchAll(/\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/g)) {
      const shown = [d.closingDate, ...d.products.flatMap((p) => [p.checkInDate, p.checkOutDate])].filter((x): x is string => x !== null).map((x) => londonDateInWords(x.length === 10 ? `${x}T12:00:00Z` : x));
      if (!shown.includes(date[0])) add('date', `${field} "${text}" but the deal's dates are ${shown.join(', ') || 'none'}`);
    }
  }
  for (const p of d.products) {
    if (/\bVIP\b/.test(p.title) !== p.vipExclusive) add('vip', `option "${p.title}" is ${p.vipExclusive ? '' : 'not '}VIP-exclusive`);
  }
}

/** A listicle entry's words about its deal: its price, bubbles, people, kind of deal. */
function checkListicleEntry(guide: string, entry: { heading: string; text: string }, d: Deal, add: (kind: string, detail: string) => void): void {
  const words = `${entry.heading}: ${entry.text}`;
  const copy = `${d.title} ${d.headline} ${d.description} ${d.highlights.join(' ')} ${d.products.map((p) => p.title).join(' ')}`;
  const shown = dealHeadline(d.products.map(headlineInput)).price;
  const under = words.match(/\b[Uu]nder (£\d+)/);
  if (under && shown >= Number(under[1]!.slice(1)) * 100) add('listicle', `${guide}: "${words}" beside deal ${d.id} at ${formatMoney(shown)}`);
  for (const price of words.match(PRICE) ?? []) {
    if (!under && price !== formatMoney(shown)) add('listicle', `${guide}: "${words}" beside deal ${d.id} at ${formatMoney(shown)}`);
  }
  if (/\b(?:prosecco|champagne|bubbles|fizz)\b/i.test(words) && !/\b(?:prosecco|champagne)\b/i.test(copy)) add('listicle', `${guide}: "${words}" beside deal ${d.id} "${d.title}"`);
  if (/\b(?:couples?|side-by-side)\b/i.test(words) && !/\b(?:couples?|for two)\b/i.test(copy)) add('listicle', `${guide}: "${words}" beside deal ${d.id} "${d.title}"`);
  const kinds: Array<[RegExp, RegExp]> = [
    [/\btoys\b/i, /^toys-/],
    [/\bbeauty and fragrance\b/i, /^(?:health-beauty|fragrance|skincare|haircare|grooming)$/],
    [/\bfor the home\b/i, /^home-garden$/],
    [/\b(?:tea|scones)\b/i, /afternoon-tea/],
    [/\b(?:spa|massage|facials?|thermal)\b/i, /^(?:spa|spa-days|spa-for-two|massage|facials)$/],
  ];
  const slugs = [d.category.shortName, d.subCategory?.shortName ?? ''];
  for (const [claim, slug] of kinds) {
    if (claim.test(words) && !slugs.some((s) => slug.test(s))) add('listicle', `${guide}: "${words}" beside deal ${d.id} in ${slugs.filter(Boolean).join('/')}`);
  }
}

// ---- The test -----------------------------------------------------------------------------------

describe.each(testDatabases().filter(([name]) => name === 'pglite'))('the default seed on %s', (_name, open) => {
  let database: Database;
  let deals: Deal[] = [];
  let guides: Array<{ slug: string; listicle: Array<{ dealId: number; heading: string; text: string }> }> = [];

  beforeAll(async () => {
    database = await open();
    const db = database.db as DealsDb;
    await migrateDeals(db);
    await seedDeals(db, { now: TEST_NOW }); // the service's first start: seedIfEmpty → seedDeals(db)
    const app = createDealsApp({ db, serviceToken: TOKEN, now: () => TEST_NOW, log: () => {} });
    for (let from = 1; from <= DEFAULT_DEAL_COUNT; from += 100) {
      const ids = Array.from({ length: Math.min(100, DEFAULT_DEAL_COUNT - from + 1) }, (_, i) => from + i);
      const res = await app.request(`/deal?ids=${ids.join(',')}`, { headers: { [SERVICE_TOKEN_HEADER]: TOKEN } });
      deals.push(...DealsByIdsResponseSchema.parse(await res.json()).deals);
    }
    deals = deals.sort((a, b) => a.id - b.id);
    const rows = await db.withSchema('deals').selectFrom('guide').select(['slug', 'listicle']).orderBy('id').execute();
    guides = rows.map((r) => ({ slug: r.slug, listicle: typeof r.listicle === 'string' ? JSON.parse(r.listicle) : (r.listicle as never) }));
  }, 300_000);
  afterAll(async () => {
    await database?.close();
  });

  it('seeds the whole default catalogue', () => {
    expect(deals).toHaveLength(DEFAULT_DEAL_COUNT);
  });

  it('writes no copy that contradicts the data the deal page shows', () => {
    const found: Contradiction[] = [];
    const merchantNames = [...new Set(deals.map((d) => d.business.name))];
    for (const d of deals) checkDeal(d, merchantNames, (kind, detail) => found.push({ kind, dealId: d.id, detail }));

    // One hotel has one star rating, whichever of its deals says it.
    const starsByMerchant = new Map<number, Map<number, number>>();
    for (const d of deals.filter((x) => x.deliveryType === 'travel')) {
      const s = d.title.match(/\b(\d)\*/);
      if (!s) continue;
      const seen = starsByMerchant.get(d.business.id) ?? new Map<number, number>();
      seen.set(Number(s[1]), d.id);
      starsByMerchant.set(d.business.id, seen);
    }
    for (const [merchantId, seen] of starsByMerchant) {
      if (seen.size > 1) found.push({ kind: 'stars', dealId: [...seen.values()][0]!, detail: `merchant ${merchantId}: deals ${[...seen.entries()].map(([s, id]) => `${id} (${s}*)`).join(', ')}` });
    }

    const byId = new Map(deals.map((d) => [d.id, d]));
    for (const g of guides) {
      for (const entry of g.listicle) {
        const d = byId.get(entry.dealId);
        if (d) checkListicleEntry(g.slug, entry, d, (kind, detail) => found.push({ kind, dealId: d.id, detail }));
      }
    }

    // Per kind: how many statements, in how many deals (or merchants, for stars across deals).
    const counts: Record<string, string> = {};
    for (const kind of new Set(found.map((c) => c.kind))) {
      const of = found.filter((c) => c.kind === kind);
      counts[kind] = `${of.length} in ${new Set(of.map((c) => c.dealId)).size} deals`;
    }
    const dealsAffected = new Set(found.map((c) => c.dealId)).size;
    const examples = Object.keys(counts).map((kind) => found.filter((c) => c.kind === kind).slice(0, 3).map((c) => `  [${kind}] deal ${c.dealId}: ${c.detail}`).join('\n'));
    expect(`${found.length} contradictions in ${dealsAffected} deals: ${JSON.stringify(counts)}\n${examples.join('\n')}`).toBe('0 contradictions in 0 deals: {}\n');
  });
});
