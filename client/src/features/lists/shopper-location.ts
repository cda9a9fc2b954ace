import { DEFAULT_LOCATION, displayLocation } from '@shop/domain';
import { COOKIE_NAMES } from '@shop/domain/cookies';
import { readCookie } from '../../lib/cookies.ts';
import { LOCATIONS } from '../../ui/locations.ts';

const KNOWN: ReadonlySet<string> = new Set(LOCATIONS.map((l) => l.slug));

/**
 * The shopper's location, for what is not under /deals/{location} (early-bird, recently viewed,
 * recommended, the search box and page): ?location= when it names a location, else the location
 * cookie the shop sets on every /deals/{location} page (spec §9, one year, strictly necessary and
 * readable by the page), else the default location (Glasgow).
 */
export function shopperLocation(search: URLSearchParams = new URLSearchParams()): string {
  for (const candidate of [search.get('location'), readCookie(COOKIE_NAMES.location)]) {
    const slug = candidate ? displayLocation(candidate) : null;
    if (slug && KNOWN.has(slug)) return slug;
  }
  return DEFAULT_LOCATION;
}

export function locationName(slug: string): string {
  return LOCATIONS.find((l) => l.slug === slug)?.name ?? slug;
}

/** "in Glasgow", or "Shop" / "Travel" for the non-city locations. */
export function inLocationName(slug: string): string {
  return slug === 'shop' || slug === 'travel' ? locationName(slug) : `in ${locationName(slug)}`;
}
