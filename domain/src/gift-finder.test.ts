import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  easterSunday,
  GIFT_CAROUSEL_PAGE_SIZE,
  GIFT_FINDER_PAGE_SIZE,
  GIFT_FINDER_PERSONALITIES,
  GIFT_FINDER_PRICE_STEPS,
  GIFT_FINDER_RECIPIENTS,
  GIFT_PRICE_BANDS,
  GIFT_TAGS,
  giftArrivals,
  giftFinderData,
  giftFinderEnvironmentOf,
  giftFinderFiltersOf,
  giftFinderHead,
  giftFinderPageOf,
  giftFinderPath,
  giftPriceBandOf,
  isWorkingDay,
  postalHolidays,
} from './gift-finder.ts';
import { GIFT_CARD_DEAL_ID } from './gift-cards.ts';
import { pageTypeOf } from './paths.ts';

describe('spec §3 and §9 figures', () => {
  it('has the nine recipients, each with its gifts-for tag, in the spec order', () => {
    expect(GIFT_FINDER_RECIPIENTS.map((r) => r.label)).toEqual(['Mum', 'Dad', 'Hubby', 'Wifey', 'Little Ones', 'Teen', 'Grandparents', 'BFF', 'Colleague']);
    for (const r of GIFT_FINDER_RECIPIENTS) expect(r.tag).toBe(`gifts-for-${r.id}`);
  });

  it('has the ten personalities, Playful to Daredevil', () => {
    expect(GIFT_FINDER_PERSONALITIES.map((p) => p.label)).toEqual(['Playful', 'Indulgent', 'Insta-famous', 'Geeky', 'Giggly', 'Gorgeous', 'Active', 'Pampered', 'Jet Setter', 'Daredevil']);
    expect(new Set(GIFT_TAGS).size).toBe(GIFT_TAGS.length);
  });

  it('has the price steps 0, 10, 20, 50, 100 and their bands', () => {
    expect(GIFT_FINDER_PRICE_STEPS).toEqual([0, 10, 20, 50, 100]);
    expect(GIFT_PRICE_BANDS.map((b) => [b.id, b.label, b.minPence, b.maxPence])).toEqual([
      ['0-10', 'Under £10', 0, 1000],
      ['10-20', '£10 to £20', 1000, 2000],
      ['20-50', '£20 to £50', 2000, 5000],
      ['50-100', '£50 to £100', 5000, 10000],
      ['100-', '£100 and over', 10000, null],
    ]);
    expect(giftPriceBandOf('5-15')).toBeNull();
  });

  it('lists 12 a page and 20 in the carousel', () => {
    expect(GIFT_FINDER_PAGE_SIZE).toBe(12);
    expect(GIFT_CAROUSEL_PAGE_SIZE).toBe(20);
  });
});

describe('paths (spec §2)', () => {
  it.each([
    ['/gifts', { location: null, recipient: null }],
    ['/gifts/', { location: null, recipient: null }],
    ['/gifts/gifts-for-dad', { location: null, recipient: 'dad' }],
    ['/deals/glasgow/gift-finder', { location: 'glasgow', recipient: null }],
    ['/deals/glasgow/gift-finder/gifts-for-little-ones', { location: 'glasgow', recipient: 'little-ones' }],
    ['/deals/national-deal/gift-finder', { location: 'shop', recipient: null }],
    ['/deals/glasgow/gift-finder/gifts-for-cat', null],
    ['/deals/glasgow/gift-finder/gifts-for-mum/more', null],
    ['/gifts/mum', null],
    ['/deals/glasgow/spa', null],
  ])('%s', (path, want) => {
    const page = giftFinderPageOf(path);
    expect(page === null ? null : { location: page.location, recipient: page.recipient?.id ?? null }).toEqual(want);
  });

  it('agrees with the page types of paths.ts', () => {
    expect(pageTypeOf('/gifts')).toBe('gifts');
    expect(pageTypeOf('/deals/glasgow/gift-finder/gifts-for-mum')).toBe('gift-finder');
  });

  it.each([
    [null, null, {}, '/gifts'],
    [null, 'bff', {}, '/gifts/gifts-for-bff'],
    ['edinburgh', 'mum', { personality: 'pampered', price: '20-50' }, '/deals/edinburgh/gift-finder/gifts-for-mum?personality=pampered&price=20-50'],
    ['glasgow', null, { personality: 'nobody', price: '1-2', page: 1 }, '/deals/glasgow/gift-finder'],
    ['national-deal', null, { page: 3 }, '/deals/shop/gift-finder?page=3'],
  ] as const)('builds %s %s %j', (location, recipient, filters, want) => {
    expect(giftFinderPath(location, recipient, filters)).toBe(want);
  });

  it('reads the filters, dropping unknown ones', () => {
    expect(giftFinderFiltersOf('?personality=geeky&price=10-20')).toEqual({ personality: 'geeky', price: '10-20' });
    expect(giftFinderFiltersOf('personality=%3Cscript%3E&price=abc')).toEqual({ personality: null, price: null });
  });

  it('titles the page and canonicalises its filters away', () => {
    const head = giftFinderHead(giftFinderPageOf('/deals/glasgow/gift-finder/gifts-for-mum')!, 'Glasgow', 2);
    expect(head.title).toBe('Gifts for Mum in Glasgow – page 2 | Thistle Deals');
    expect(head.canonical).toBe('/deals/glasgow/gift-finder/gifts-for-mum?page=2');
    expect(giftFinderHead(giftFinderPageOf('/gifts')!).ogTitle).toBe('Gift finder');
  });
});

describe('arrives by', () => {
  it('knows Easter and the postal holidays', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect([...postalHolidays(2026)].sort()).toEqual(['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28']);
    // 2027: Christmas on a Saturday, New Year's Day a Friday.
    expect(postalHolidays(2027).has('2027-12-27')).toBe(true);
    expect(postalHolidays(2027).has('2027-12-28')).toBe(true);
    expect(isWorkingDay('2026-11-27')).toBe(true);
    expect(isWorkingDay('2026-11-28')).toBe(false);
  });

  it('counts working days over weekends and Christmas', () => {
    expect(addWorkingDays('2026-11-27', 7)).toBe('2026-12-08'); // Fri → Tue week after next
    expect(addWorkingDays('2026-12-23', 2)).toBe('2026-12-29'); // 24th, then past 25, 26-27 weekend, 28 substitute
  });

  const friday = new Date('2026-11-27T21:00:00Z');
  it.each([
    [{ id: 1, deliveryType: 'voucher' }, [['e-gift', '2026-11-27']]],
    [{ id: 2, deliveryType: 'travel' }, [['e-gift', '2026-11-27']]],
    [{ id: 3, deliveryType: 'postal' }, [['posted', '2026-12-08']]],
    [{ id: GIFT_CARD_DEAL_ID, deliveryType: 'voucher' }, [['e-gift', '2026-11-27'], ['posted', '2026-12-04']]],
  ])('%j', (deal, want) => {
    expect(giftArrivals(deal, friday).map((a) => [a.kind, a.by])).toEqual(want);
  });

  it('says it in words', () => {
    expect(giftArrivals({ id: 3, deliveryType: 'postal' }, friday)[0]!.text).toBe('Posted: arrives by Tuesday 8 December 2026');
    expect(giftArrivals({ id: 1, deliveryType: 'voucher' }, friday)[0]!.text).toBe('E-gift: arrives by email today, or on a day you choose up to 27 January 2027');
  });
});

describe('the gift-finder data document (spec §7)', () => {
  it('is versioned per environment with every option', () => {
    const doc = giftFinderData('prod');
    expect(doc.version).toBeGreaterThanOrEqual(1);
    expect(doc.environment).toBe('prod');
    expect(doc.recipients).toHaveLength(9);
    expect(doc.recipients[0]).toEqual({ id: 'mum', label: 'Mum', tag: 'gifts-for-mum', url: '/gifts/gifts-for-mum' });
    expect(doc.personalities).toHaveLength(10);
    expect(doc.priceSteps).toEqual([0, 10, 20, 50, 100]);
    expect(doc.pageSize).toBe(12);
    expect(doc.carouselPageSize).toBe(20);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('names the environment from NODE_ENV', () => {
    expect(giftFinderEnvironmentOf('production')).toBe('prod');
    expect(giftFinderEnvironmentOf('development')).toBe('dev');
    expect(giftFinderEnvironmentOf(undefined)).toBe('dev');
  });
});
