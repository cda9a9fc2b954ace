import { describe, expect, it } from 'vitest';
import {
  mapQueryProblem,
  MAP_CAROUSEL_MAX,
  MAP_COORDINATE_DECIMALS,
  MAP_DEBOUNCE_MS,
  MAP_DEFAULT_DEALS,
  MAP_DEFAULT_ZOOM,
  MAP_DRAG_THRESHOLD_PX,
  MAP_ERROR_MESSAGE,
  MAP_FIRST_LOAD_ZOOM,
  MAP_MAX_DEALS,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_PRICE_STEPS,
  MAP_SLOW_AFTER_MS,
  mapDealsForZoom,
  mapLayoutOf,
  mapViewSearch,
  parseMapViewParams,
  roundMapBounds,
  roundMapCoordinate,
} from './map.ts';

describe('map constants (spec §8, §9)', () => {
  it('are the figures of the spec', () => {
    expect(MAP_DEBOUNCE_MS).toBe(750);
    expect(MAP_SLOW_AFTER_MS).toBe(2000);
    expect(MAP_DEFAULT_DEALS).toEqual({ desktop: 200, mobile: 80 });
    expect(MAP_DRAG_THRESHOLD_PX).toBe(80);
    expect(MAP_COORDINATE_DECIMALS).toBe(3);
    expect([MAP_MIN_ZOOM, MAP_MAX_ZOOM]).toEqual([6, 16]);
    expect(MAP_DEFAULT_ZOOM).toBe(10);
    expect(MAP_FIRST_LOAD_ZOOM).toBe(11);
    expect(MAP_CAROUSEL_MAX).toEqual({ desktop: 200, mobile: 100 });
    expect(MAP_PRICE_STEPS).toEqual([0, 10, 20, 50, 100, 200]);
    expect(MAP_ERROR_MESSAGE).toBe('Sorry there was a problem.');
    expect(MAP_MAX_DEALS).toBe(200);
  });
});

describe('deals per zoom (spec §9: 200 up to 11.5, 150 for 12 to 13.5, 80 from 14; mobile 100 up to 9.5, 80 for 10 to 11.5, 40 from 12)', () => {
  it.each([
    // zoom, desktop, mobile
    [6, 200, 100],
    [7, 200, 100],
    [9, 200, 100],
    [9.5, 200, 100],
    [9.75, 200, 80],
    [10, 200, 80],
    [11, 200, 80],
    [11.5, 200, 80],
    [11.75, 150, 40],
    [12, 150, 40],
    [13, 150, 40],
    [13.5, 150, 40],
    [13.75, 80, 40],
    [14, 80, 40],
    [15.5, 80, 40],
    [16, 80, 40],
    // Outside 6..16: clamped first.
    [3, 200, 100],
    [20, 80, 40],
  ])('zoom %s: %s on desktop, %s on mobile', (zoom, desktop, mobile) => {
    expect(mapDealsForZoom(zoom, 'desktop')).toBe(desktop);
    expect(mapDealsForZoom(zoom, 'mobile')).toBe(mobile);
  });

  it.each([null, undefined, Number.NaN, Infinity])('no zoom (%s): the default, 200 on desktop and 80 on mobile', (zoom) => {
    expect(mapDealsForZoom(zoom, 'desktop')).toBe(200);
    expect(mapDealsForZoom(zoom, 'mobile')).toBe(80);
  });

  it('never more than the carousel holds, nor than the service serves', () => {
    for (let z = MAP_MIN_ZOOM; z <= MAP_MAX_ZOOM; z += 0.25) {
      expect(mapDealsForZoom(z, 'desktop')).toBeLessThanOrEqual(MAP_CAROUSEL_MAX.desktop);
      expect(mapDealsForZoom(z, 'mobile')).toBeLessThanOrEqual(MAP_CAROUSEL_MAX.mobile);
      expect(mapDealsForZoom(z, 'desktop')).toBeLessThanOrEqual(MAP_MAX_DEALS);
    }
  });
});

describe('coordinates to 3 decimals', () => {
  it.each([
    [55.86149, 55.861],
    [55.8615, 55.862],
    [-4.25184, -4.252],
    [0, 0],
  ])('%s → %s', (value, rounded) => expect(roundMapCoordinate(value)).toBe(rounded));

  it('rounds a box outwards so nothing in view is cut off', () => {
    expect(roundMapBounds({ west: -4.45678, south: 55.80012, east: -4.05011, north: 55.92999 })).toEqual({ west: -4.457, south: 55.8, east: -4.05, north: 55.93 });
  });

  it('clamps to the earth and refuses an empty or unreadable box', () => {
    expect(roundMapBounds({ west: -200, south: -95, east: 200, north: 95 })).toEqual({ west: -180, south: -90, east: 180, north: 90 });
    expect(roundMapBounds({ west: 1, south: 50, east: 1, north: 51 })).toBeNull();
    expect(roundMapBounds({ west: 1, south: 51, east: 2, north: 50 })).toBeNull();
    expect(roundMapBounds({ west: Number.NaN, south: 50, east: 2, north: 51 })).toBeNull();
  });
});

describe('the map query rules (one set for the REST call and Query.mapDeals)', () => {
  const GLASGOW = { west: -4.45, south: 55.78, east: -4.07, north: 55.94 };
  it.each([
    [{}, null],
    [{ zoom: 6, minPrice: 0, maxPrice: 20000 }, null],
    [{ zoom: 16, minPrice: 500, maxPrice: 500 }, null],
    [{ zoom: null, minPrice: null, maxPrice: undefined }, null],
    [{ west: -181 }, 'west'],
    [{ east: Number.NaN }, 'east'],
    [{ south: -90.5 }, 'south'],
    [{ north: Number.POSITIVE_INFINITY }, 'north'],
    [{ east: -4.45 }, 'east'],
    [{ north: 55.7 }, 'north'],
    [{ zoom: 5.5 }, 'zoom'],
    [{ zoom: 16.5 }, 'zoom'],
    [{ zoom: Number.NaN }, 'zoom'],
    [{ minPrice: -1 }, 'minPrice'],
    [{ maxPrice: 10.5 }, 'maxPrice'],
    [{ maxPrice: 100_000_000 }, null],
    [{ maxPrice: 100_000_001 }, 'maxPrice'],
    [{ minPrice: 5000, maxPrice: 1000 }, 'maxPrice'],
  ] as const)('%j → %s', (change, field) => {
    expect(mapQueryProblem({ ...GLASGOW, ...change })?.field ?? null).toBe(field);
  });
});

describe('layout (spec §9 breakpoints: md from 768)', () => {
  it.each([
    [375, 'mobile'],
    [767, 'mobile'],
    [768, 'desktop'],
    [1280, 'desktop'],
  ] as const)('%s px wide: %s', (width, layout) => expect(mapLayoutOf(width)).toBe(layout));
});

describe('/map-view url state', () => {
  it('a first load opens over Glasgow at zoom 11', () => {
    expect(parseMapViewParams(new URLSearchParams(''))).toEqual({ lat: 55.861, lon: -4.262, zoom: 11 });
  });

  it('opens over the named city', () => {
    expect(parseMapViewParams(new URLSearchParams('location=edinburgh'))).toEqual({ lat: 55.953, lon: -3.188, zoom: 11 });
    // Not a city: inherited names fall back to Glasgow.
    for (const name of ['constructor', '__proto__', 'toString']) expect(parseMapViewParams(new URLSearchParams(`location=${name}`))).toEqual({ lat: 55.861, lon: -4.262, zoom: 11 });
  });

  it('reads a centre (to 3 decimals), a zoom (6..16, half steps) and the map price steps', () => {
    expect(parseMapViewParams(new URLSearchParams('lat=55.95331&lon=-3.18829&zoom=13.3&minPrice=10&maxPrice=50'))).toEqual({
      lat: 55.953,
      lon: -3.188,
      zoom: 13.5,
      minPrice: 10,
      maxPrice: 50,
    });
    expect(parseMapViewParams(new URLSearchParams('zoom=2')).zoom).toBe(6);
    expect(parseMapViewParams(new URLSearchParams('zoom=99')).zoom).toBe(16);
  });

  it.each([
    'lat=abc&lon=-4',
    'lat=40.1&lon=-4.2', // not the UK
    'lat=&lon=',
    'lat=55.8&lon=Infinity',
  ])('falls back to Glasgow for %s', (search) => {
    const state = parseMapViewParams(new URLSearchParams(search));
    expect([state.lat, state.lon]).toEqual([55.861, -4.262]);
  });

  it('drops prices that are not map steps, a maximum of £200 (no maximum) and a maximum below the minimum', () => {
    expect(parseMapViewParams(new URLSearchParams('minPrice=15&maxPrice=1000'))).toEqual({ lat: 55.861, lon: -4.262, zoom: 11 });
    expect(parseMapViewParams(new URLSearchParams('maxPrice=200'))).not.toHaveProperty('maxPrice');
    expect(parseMapViewParams(new URLSearchParams('minPrice=50&maxPrice=20'))).toEqual({ lat: 55.861, lon: -4.262, zoom: 11, minPrice: 50 });
  });

  it('writes the state back with 3 decimals', () => {
    expect(mapViewSearch({ lat: 55.8614, lon: -4.2, zoom: 11, maxPrice: 50 })).toBe('?lat=55.861&lon=-4.200&zoom=11&maxPrice=50');
    expect(parseMapViewParams(new URLSearchParams(mapViewSearch({ lat: 57.149, lon: -2.094, zoom: 12.5, minPrice: 20 })))).toEqual({ lat: 57.149, lon: -2.094, zoom: 12.5, minPrice: 20 });
  });
});
