import { describe, expect, it } from 'vitest';
import {
  addRecentlyViewed,
  dealsListReducer,
  emptyDealsList,
  isSponsoredClick,
  noSponsoredEntryMessage,
  parseRecentlyViewed,
  parseSearchParams,
  priceFilterOf,
  priceStepsFor,
  searchHref,
  searchQueryString,
  sliderIndexesOf,
} from './search.ts';

describe('price slider (spec §5: a bound at the first or last step drops the parameter)', () => {
  it.each([
    [0, 5, {}],
    [1, 5, { minPrice: 10 }],
    [0, 4, { maxPrice: 100 }],
    [2, 3, { minPrice: 20, maxPrice: 50 }],
    [3, 2, { minPrice: 20, maxPrice: 50 }],
    [-4, 99, {}],
    [Number.NaN, 1, { maxPrice: 10 }],
  ])('lower %s upper %s → %j', (lo, hi, expected) => {
    expect(priceFilterOf(lo, hi)).toEqual(expected);
  });

  it('steps are 0, 10, 20, 50, 100, 1000; the map stops at 200', () => {
    expect(priceStepsFor()).toEqual([0, 10, 20, 50, 100, 1000]);
    expect(priceStepsFor('travel')).toEqual([0, 10, 20, 50, 100, 1000]);
    expect(priceStepsFor('map')).toEqual([0, 10, 20, 50, 100, 200]);
  });

  it('maps a filter back to slider indexes', () => {
    expect(sliderIndexesOf(undefined, undefined)).toEqual([0, 5]);
    expect(sliderIndexesOf(20, 50)).toEqual([2, 3]);
    expect(sliderIndexesOf(15, 60)).toEqual([1, 4]);
    expect(sliderIndexesOf(5000, undefined)).toEqual([5, 5]);
  });
});

describe('search parameters (spec §2)', () => {
  it('reads every parameter and drops malformed ones', () => {
    expect(
      parseSearchParams('q=+spa+day+&location=edinburgh&categories=beauty,food-drink,BAD!&category=beauty&subcategory=spa&minPrice=10&maxPrice=50&searchTag=Couples&vip=true&orderBy=pricelow&order=asc&page=3'),
    ).toEqual({
      q: 'spa day',
      location: 'edinburgh',
      categories: ['beauty', 'food-drink'],
      category: 'beauty',
      subcategory: 'spa',
      minPrice: 10,
      maxPrice: 50,
      searchTag: 'couples',
      vip: true,
      orderBy: 'pricelow',
      order: 'asc',
      page: 3,
    });
    expect(parseSearchParams('q=x&orderBy=drop%20table&page=-1&minPrice=1e3&maxPrice=abc&subcategory=spa&location=../etc')).toEqual({ q: 'x', categories: [], page: 1 });
  });

  it('swaps reversed price bounds and ignores a zero lower bound', () => {
    expect(parseSearchParams('minPrice=50&maxPrice=10')).toMatchObject({ minPrice: 10, maxPrice: 50 });
    expect(parseSearchParams('minPrice=0').minPrice).toBeUndefined();
  });

  it('caps the query at 200 characters', () => {
    expect(parseSearchParams(`q=${'a'.repeat(500)}`).q).toHaveLength(200);
  });

  it('builds shareable links that read back the same', () => {
    const params = parseSearchParams('q=afternoon tea&category=food-drink&subcategory=afternoon-tea&maxPrice=50&orderBy=price&page=2');
    expect(searchQueryString(params)).toBe('q=afternoon+tea&category=food-drink&subcategory=afternoon-tea&maxPrice=50&orderBy=price&page=2');
    expect(parseSearchParams(searchQueryString(params))).toEqual(params);
    expect(searchHref({})).toBe('/search');
    expect(searchHref({ q: 'spa', page: 1 })).toBe('/search?q=spa');
  });
});

describe('sponsored clicks (spec §4, §8)', () => {
  it('a usr_src starting sponsored_search_ is a sponsored click', () => {
    expect(isSponsoredClick('sponsored_search_2')).toBe(true);
    expect(isSponsoredClick('search_2')).toBe(false);
    expect(isSponsoredClick(null)).toBe(false);
    expect(noSponsoredEntryMessage(42)).toBe('no sponsored deal entry for: 42');
  });
});

describe('deals-list state (spec §4)', () => {
  it('replace resets paging and the no-more flag; a short page marks no more, recording the page', () => {
    let s = emptyDealsList<number>();
    s = dealsListReducer(s, { type: 'replace', deals: [1, 2, 3], page: 0, pageSize: 3 });
    expect(s).toEqual({ deals: [1, 2, 3], lastPage: 0, nomore: false, lastId: null });
    s = dealsListReducer(s, { type: 'append', deals: [4], page: 1, pageSize: 3 });
    expect(s).toEqual({ deals: [1, 2, 3, 4], lastPage: 1, nomore: true, lastId: null });
    // Nothing is appended once there are no more.
    expect(dealsListReducer(s, { type: 'append', deals: [9], page: 2, pageSize: 3 })).toBe(s);
    s = dealsListReducer(s, { type: 'setLastId', id: 4 });
    s = dealsListReducer(s, { type: 'replace', deals: [7, 8, 9], page: 0, pageSize: 3 });
    expect(s).toEqual({ deals: [7, 8, 9], lastPage: 0, nomore: false, lastId: 4 });
    expect(dealsListReducer(s, { type: 'noMore', page: 5 })).toMatchObject({ nomore: true, lastPage: 5 });
  });
});

describe('recently viewed (spec §9: 5 ids kept per location)', () => {
  it('moves a viewed deal to the front and keeps 5', () => {
    let list = {};
    for (const id of [1, 2, 3, 4, 5, 6]) list = addRecentlyViewed(list, 'glasgow', id);
    list = addRecentlyViewed(list, 'glasgow', 4);
    list = addRecentlyViewed(list, 'edinburgh', 9);
    expect(list).toEqual({ glasgow: [4, 6, 5, 3, 2], edinburgh: [9] });
  });

  it('reads back only well-formed stored lists', () => {
    expect(parseRecentlyViewed('{"glasgow":[3,3,2,"x",-1,1.5,7,8,9,10]}')).toEqual({ glasgow: [3, 2, 7, 8, 9] });
    expect(parseRecentlyViewed('not json')).toEqual({});
    expect(parseRecentlyViewed('[1,2]')).toEqual({});
    expect(parseRecentlyViewed('{"../x":[1]}')).toEqual({});
  });
});
