import { describe, expect, it } from 'vitest';
import {
  categoryHead,
  dealHead,
  DEFAULT_ROBOTS,
  earlyBirdHead,
  personalListingHead,
  searchHead,
  specialEventHead,
  fixedHeadOf,
  headAtPath,
  homepageHead,
  HYPERLOCAL_HUB_TITLE,
  NOINDEX_ROBOTS,
  notFoundHead,
  robotsOf,
  VIP_TITLE,
  WELLNESS_COLLECTION_TITLE,
} from './page-head.ts';

const glasgow = { slug: 'glasgow', name: 'Glasgow', description: 'Deals across Glasgow.', isNational: false, isTravel: false };
const shop = { slug: 'national-deal', name: 'Shop', description: '', isNational: true, isTravel: false };
const travel = { slug: 'travel', name: 'Travel', description: '', isNational: false, isTravel: true };

describe('page heads (spec §2 "Page head")', () => {
  it.each([
    ['homepage', homepageHead(glasgow), { title: 'Deals in Glasgow: save up to 80% | Thistle Deals', description: 'Deals across Glasgow.', canonical: '/deals/glasgow' }],
    ['homepage page 2', homepageHead(glasgow, 2), { title: 'Deals in Glasgow – page 2 | Thistle Deals', canonical: '/deals/glasgow?page=2' }],
    ['national homepage', homepageHead(shop), { title: 'Shop deals: save up to 80% | Thistle Deals', description: 'The best deals and vouchers Shop.', canonical: '/deals/shop' }],
    ['travel homepage', homepageHead(travel), { title: 'Travel deals: save up to 50% | Thistle Deals' }],
    [
      'category',
      categoryHead(glasgow, { name: 'Spa', metaTitle: null, description: null }, { category: 'beauty', subcategory: 'spa' }),
      { title: 'Spa deals in Glasgow | Thistle Deals', description: 'Save on spa in Glasgow with vouchers from local businesses.', canonical: '/deals/glasgow/beauty/spa' },
    ],
    [
      'category with a meta title, page 3',
      categoryHead(shop, { name: 'Electricals', metaTitle: 'Cheap electricals', description: 'Gadgets.' }, { category: 'electricals' }, 3),
      { title: 'Cheap electricals – page 3 | Thistle Deals', description: 'Gadgets.', canonical: '/deals/shop/electricals?page=3' },
    ],
    [
      'deal',
      dealHead({ title: 'Spa Day for Two', headline: '', description: 'A day of calm.', url: '/deals/glasgow/spa/7/spa-day.html', imageUrl: '/img/7.jpg' }),
      { title: 'Spa Day for Two | Thistle Deals', ogTitle: 'Spa Day for Two', description: 'A day of calm.', canonical: '/deals/glasgow/spa/7/spa-day.html', image: '/img/7.jpg', type: 'product' },
    ],
    ['not found', notFoundHead('/nope'), { title: 'Page not found | Thistle Deals', robots: NOINDEX_ROBOTS }],
  ])('%s', (_name, head, expected) => {
    expect(head).toMatchObject({ robots: DEFAULT_ROBOTS, ...expected });
  });

  it('cuts long deal titles and descriptions to the spec §9 limits', () => {
    const head = dealHead({ title: 'word '.repeat(30), description: 'long '.repeat(80), url: '/d' });
    expect(head.ogTitle.length).toBeLessThanOrEqual(65);
    expect(head.description.length).toBeLessThanOrEqual(195);
  });

  it.each([
    ['/near-me', HYPERLOCAL_HUB_TITLE, '/near-me'],
    ['/near-me/', HYPERLOCAL_HUB_TITLE, '/near-me'],
    ['/near-me/glasgow', 'Deals Near Me in Glasgow - Local Restaurants, Spas & Things To Do', '/near-me/glasgow'],
    ['/near-me/glasgow/west-end', 'Deals Near Me in West End, Glasgow - Local Restaurants, Spas & Things To Do', '/near-me/glasgow/west-end'],
    ['/deals/vip', VIP_TITLE, '/deals/vip'],
    ['/deals/wellness-collection', WELLNESS_COLLECTION_TITLE, '/deals/wellness-collection'],
    ['/wellness-collection', WELLNESS_COLLECTION_TITLE, '/wellness-collection'],
  ])('%s has the fixed title %s', (path, title, canonical) => {
    expect(fixedHeadOf(path)).toMatchObject({ title, canonical, robots: DEFAULT_ROBOTS });
  });

  it('the hub title is the spec words exactly', () => {
    expect(HYPERLOCAL_HUB_TITLE).toBe('Deals Near You - Local Restaurants, Spas & Things To Do');
  });

  it.each(['/deals/glasgow', '/deals/vip-glasgow', '/deals/wellness-collection/spa'])('%s has no fixed head', (path) => {
    expect(fixedHeadOf(path)).toBeNull();
  });

  it.each([
    ['/deals/glasgow', DEFAULT_ROBOTS],
    ['/deals/shop/gshop', NOINDEX_ROBOTS],
    ['/gshop/gifts-for-mum', NOINDEX_ROBOTS],
    ['/deals/shop/gshop-sale', DEFAULT_ROBOTS],
  ])('robots of %s: %s', (path, robots) => {
    expect(robotsOf(path)).toBe(robots);
    expect(headAtPath(homepageHead(glasgow), path).robots).toBe(robots);
  });
});

describe('listing heads (spec §2 Listings)', () => {
  it('search: titled with the words, noindex, one canonical', () => {
    expect(searchHead('spa day')).toMatchObject({ title: 'Search results for "spa day" | Thistle Deals', robots: NOINDEX_ROBOTS, canonical: '/search' });
    expect(searchHead('  ')).toMatchObject({ title: 'Search deals | Thistle Deals', robots: NOINDEX_ROBOTS, canonical: '/search' });
    expect(searchHead(null).title).toBe('Search deals | Thistle Deals');
    const long = searchHead('word '.repeat(60));
    expect(long.ogTitle.length).toBeLessThanOrEqual('Search results for ""'.length + 70);
    expect(long.description.length).toBeLessThanOrEqual(195);
  });

  it.each([
    ['/recently-viewed', 'Recently viewed deals | Thistle Deals'],
    ['/recommended-for-you', 'Recommended for you | Thistle Deals'],
    ['/buy-again', 'Buy again | Thistle Deals'],
  ] as const)('%s: personal, noindex', (path, title) => {
    expect(personalListingHead(path)).toMatchObject({ title, canonical: path, robots: NOINDEX_ROBOTS });
  });

  it('early bird: indexed, paged', () => {
    expect(earlyBirdHead()).toMatchObject({ title: 'Early bird deals | Thistle Deals', canonical: '/early-bird', robots: DEFAULT_ROBOTS });
    expect(earlyBirdHead(2)).toMatchObject({ title: 'Early bird deals – page 2 | Thistle Deals', canonical: '/early-bird?page=2' });
  });

  it('a special event: its title in the location', () => {
    const event = { slug: 'black-friday', title: 'Black Friday Deals', description: 'Big savings.' };
    expect(specialEventHead(glasgow, event)).toMatchObject({
      title: 'Black Friday Deals in Glasgow | Thistle Deals',
      description: 'Big savings.',
      canonical: '/deals/glasgow/special/black-friday',
      robots: DEFAULT_ROBOTS,
    });
    expect(specialEventHead(shop, event, 3)).toMatchObject({ title: 'Black Friday Deals – page 3 | Thistle Deals', canonical: '/deals/shop/special/black-friday?page=3' });
  });
});
