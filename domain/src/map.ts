/**
 * The map view (spec §2 page type map-view, /map-view; §8 'Sorry there was a problem.'; §9 map
 * constants; issue 19 point 4). Pure rules shared by the deals service (how many deals a box
 * answers), the gateway and the client (zoom, debounce, slow notice, layout).
 */
import { pageHead, type PageHead } from './page-head.ts';
import { priceStepsFor } from './search.ts';

/** Spec §9: the map waits this long after the last move before it asks for the deals of the view. */
export const MAP_DEBOUNCE_MS = 750;
/** Spec §9: a request still unanswered after this long shows the "slow" notice. */
export const MAP_SLOW_AFTER_MS = 2000;
/** Spec §9: a drag shorter than this (pixels) is a tap, not a move of the map. */
export const MAP_DRAG_THRESHOLD_PX = 80;
/** Spec §9: coordinates are sent (and kept in the url) to 3 decimals (about 100 m). */
export const MAP_COORDINATE_DECIMALS = 3;
/** Spec §9: zoom 6 to 16. */
export const MAP_MIN_ZOOM = 6;
export const MAP_MAX_ZOOM = 16;
/** Spec §9: the default zoom (a city's view when nothing else is asked for) and the first load's zoom. */
export const MAP_DEFAULT_ZOOM = 10;
export const MAP_FIRST_LOAD_ZOOM = 11;
/** Zoom moves in half steps (the per-zoom limits of spec §9 are given in halves: 11.5, 13.5, 9.5). */
export const MAP_ZOOM_STEP = 0.5;
/** Spec §9: the deals a view shows when no zoom is known (desktop, mobile). */
export const MAP_DEFAULT_DEALS = { desktop: 200, mobile: 80 } as const;
/** Spec §9: the carousel of deals under a mobile map, and the list beside a desktop one, show at most this many. */
export const MAP_CAROUSEL_MAX = { desktop: 200, mobile: 100 } as const;
/** Spec §9: the map's price filter goes up to £200 (its steps, in pounds). */
export const MAP_PRICE_STEPS: readonly number[] = priceStepsFor('map');
/** Spec §8: the map's only failure message. */
export const MAP_ERROR_MESSAGE = 'Sorry there was a problem.';
/** The slow notice (spec §9 "slow after 2000 ms"; the wording is ours). */
export const MAP_SLOW_MESSAGE = 'Still looking for deals here, this is taking longer than usual…';

export type MapLayout = 'desktop' | 'mobile';

/**
 * Spec §9 deals per zoom, as (up to and including zoom, deals) bands. "200 up to 11.5, 150 for 12
 * to 13.5, 80 from 14": the zoom moves in half steps, so a band ends at its last half step and the
 * next starts half a step later; a zoom between two half steps belongs to the higher band (the
 * closer view shows fewer deals, never more).
 */
export const MAP_DEALS_PER_ZOOM: Record<MapLayout, ReadonlyArray<{ upTo: number; deals: number }>> = {
  desktop: [
    { upTo: 11.5, deals: 200 },
    { upTo: 13.5, deals: 150 },
    { upTo: Infinity, deals: 80 },
  ],
  // Mobile: 100 up to 9.5, 80 for 10 to 11.5, 40 from 12.
  mobile: [
    { upTo: 9.5, deals: 100 },
    { upTo: 11.5, deals: 80 },
    { upTo: Infinity, deals: 40 },
  ],
};

/** The most deals any view asks for (the service refuses a larger limit). */
export const MAP_MAX_DEALS = 200;

/** How many deals a view at this zoom shows (spec §9); the default when the zoom is unknown or not a number. */
export function mapDealsForZoom(zoom: number | null | undefined, layout: MapLayout = 'desktop'): number {
  if (zoom === null || zoom === undefined || !Number.isFinite(zoom)) return MAP_DEFAULT_DEALS[layout];
  const z = clampMapZoom(zoom);
  return MAP_DEALS_PER_ZOOM[layout].find((band) => z <= band.upTo)!.deals;
}

/** A zoom inside 6..16 (a non-number becomes the default zoom). */
export function clampMapZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MAP_DEFAULT_ZOOM;
  return Math.min(MAP_MAX_ZOOM, Math.max(MAP_MIN_ZOOM, zoom));
}

/** A coordinate to 3 decimals (spec §9). */
export function roundMapCoordinate(value: number): number {
  const f = 10 ** MAP_COORDINATE_DECIMALS;
  return Math.round(value * f) / f;
}

/** The visible area, in degrees: west/east longitudes, south/north latitudes. */
export interface MapBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The bounds as sent: each edge to 3 decimals, rounded outwards so the view is never cut, and
 * clamped to the earth (latitudes ±90, longitudes ±180). Null when the box is empty or not numbers.
 */
export function roundMapBounds(b: MapBounds): MapBounds | null {
  const f = 10 ** MAP_COORDINATE_DECIMALS;
  const values = [b.west, b.south, b.east, b.north];
  if (!values.every(Number.isFinite)) return null;
  const down = (v: number) => Math.floor(Math.round(v * f * 1e6) / 1e6) / f;
  const up = (v: number) => Math.ceil(Math.round(v * f * 1e6) / 1e6) / f;
  const rounded = {
    west: Math.max(-180, down(b.west)),
    south: Math.max(-90, down(b.south)),
    east: Math.min(180, up(b.east)),
    north: Math.min(90, up(b.north)),
  };
  if (rounded.west >= rounded.east || rounded.south >= rounded.north) return null;
  return rounded;
}

/** The highest price a map query may name, in pence (£1,000,000: far above any deal). */
export const MAP_PRICE_MAX_PENCE = 100_000_000;

/** What a map query asks: the box, and optionally the zoom and a headline price range in pence. */
export interface MapQuery extends MapBounds {
  zoom?: number | null | undefined;
  minPrice?: number | null | undefined;
  maxPrice?: number | null | undefined;
}

/**
 * The first thing wrong with a map query, naming its field (west, south, east, north, zoom,
 * minPrice, maxPrice), or null: edges on the earth, a box whose west is below its east and south
 * below its north, a zoom of 6 to 16, whole pence from 0 to MAP_PRICE_MAX_PENCE with the lowest
 * not above the highest.
 * The one rule set of the map's REST call (deals service) and of Query.mapDeals (gateway).
 */
export function mapQueryProblem(q: MapQuery): { field: keyof MapQuery; message: string } | null {
  const edges = [['west', q.west, 180], ['east', q.east, 180], ['south', q.south, 90], ['north', q.north, 90]] as const;
  for (const [field, value, limit] of edges) {
    if (!Number.isFinite(value) || value < -limit || value > limit) return { field, message: `Must be between -${limit} and ${limit}.` };
  }
  if (q.west >= q.east) return { field: 'east', message: 'Must be east of west.' };
  if (q.south >= q.north) return { field: 'north', message: 'Must be north of south.' };
  if (q.zoom != null && !(q.zoom >= MAP_MIN_ZOOM && q.zoom <= MAP_MAX_ZOOM)) return { field: 'zoom', message: `Must be between ${MAP_MIN_ZOOM} and ${MAP_MAX_ZOOM}.` };
  for (const field of ['minPrice', 'maxPrice'] as const) {
    const value = q[field];
    if (value != null && !(Number.isSafeInteger(value) && value >= 0 && value <= MAP_PRICE_MAX_PENCE)) {
      return { field, message: `Must be a whole number of pence from 0 to ${MAP_PRICE_MAX_PENCE}.` };
    }
  }
  if (q.minPrice != null && q.maxPrice != null && q.minPrice > q.maxPrice) return { field: 'maxPrice', message: 'Must not be below minPrice.' };
  return null;
}

/** The layout of a viewport width: under the md breakpoint (768 px, spec §9) the map is the mobile one. */
export function mapLayoutOf(viewportWidth: number): MapLayout {
  return viewportWidth < 768 ? 'mobile' : 'desktop';
}

/** Where the map opens on a first load (spec §9 first load 11): a city's centre, or Glasgow (the default location). */
export const MAP_CITY_CENTRES: Record<string, { name: string; lat: number; lon: number }> = {
  glasgow: { name: 'Glasgow', lat: 55.861, lon: -4.262 },
  edinburgh: { name: 'Edinburgh', lat: 55.953, lon: -3.188 },
  aberdeen: { name: 'Aberdeen', lat: 57.149, lon: -2.094 },
};
export const MAP_DEFAULT_CITY = 'glasgow';

/** The map's url state (/map-view?lat=55.861&lon=-4.262&zoom=11&minPrice=10&maxPrice=50). */
export interface MapViewState {
  lat: number;
  lon: number;
  zoom: number;
  /** Pounds, from the map's price steps. */
  minPrice?: number;
  maxPrice?: number;
}

/**
 * The state of a /map-view url: a centre inside the UK's box, a zoom 6..16 in half steps and the
 * price bounds from the map's steps; anything missing or unreadable falls back to the first load
 * over the city named by `location` (or Glasgow) at zoom 11.
 */
export function parseMapViewParams(params: URLSearchParams): MapViewState {
  const named = params.get('location') ?? '';
  // Own keys only: ?location=constructor is no city.
  const city = (Object.hasOwn(MAP_CITY_CENTRES, named) ? MAP_CITY_CENTRES[named] : undefined) ?? MAP_CITY_CENTRES[MAP_DEFAULT_CITY]!;
  const num = (key: string): number | null => {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') return null;
    const n = Number(raw);
    return Number.isFinite(n) ? n : null;
  };
  const lat = num('lat');
  const lon = num('lon');
  const inUk = lat !== null && lon !== null && lat >= 49 && lat <= 61 && lon >= -11 && lon <= 2.5;
  const zoomRaw = num('zoom');
  const zoom = zoomRaw === null ? MAP_FIRST_LOAD_ZOOM : Math.round(clampMapZoom(zoomRaw) / MAP_ZOOM_STEP) * MAP_ZOOM_STEP;
  const state: MapViewState = {
    lat: inUk ? roundMapCoordinate(lat) : city.lat,
    lon: inUk ? roundMapCoordinate(lon) : city.lon,
    zoom,
  };
  const minPrice = num('minPrice');
  const maxPrice = num('maxPrice');
  if (minPrice !== null && MAP_PRICE_STEPS.includes(minPrice) && minPrice > 0) state.minPrice = minPrice;
  if (maxPrice !== null && MAP_PRICE_STEPS.includes(maxPrice) && maxPrice < MAP_PRICE_STEPS[MAP_PRICE_STEPS.length - 1]! && (state.minPrice === undefined || maxPrice > state.minPrice)) {
    state.maxPrice = maxPrice;
  }
  return state;
}

/** The query string of a map state (coordinates to 3 decimals). */
export function mapViewSearch(state: MapViewState): string {
  const params = new URLSearchParams();
  params.set('lat', roundMapCoordinate(state.lat).toFixed(MAP_COORDINATE_DECIMALS));
  params.set('lon', roundMapCoordinate(state.lon).toFixed(MAP_COORDINATE_DECIMALS));
  params.set('zoom', String(state.zoom));
  if (state.minPrice !== undefined) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined) params.set('maxPrice', String(state.maxPrice));
  return `?${params.toString()}`;
}

/** /map-view's head (page type map-view): one canonical whatever the view. */
export function mapViewHead(): PageHead {
  return pageHead({
    title: 'Deals on a map',
    description: 'Find deals near you on a map of Glasgow, Edinburgh, Aberdeen and beyond: restaurants, spa days, activities and breaks.',
    canonical: '/map-view',
  });
}
