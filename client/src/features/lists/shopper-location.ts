import { DEFAULT_LOCATION, displayLocation } from '@shop/domain';
import { COOKIE_NAMES } from '@shop/domain/cookies';
import { readCookie } from '../../lib/cookies.ts';
import { LOCATIONS } from '../../ui/SiteHeader.tsx';

const KNOWN: ReadonlySet<string> = new Set(LOCATIONS.map((l) => l.slug));

/**
 * The location a list outside /deals/{location} is about (early-bird, recently viewed,
 * recommended): ?location= when it names a location, else the location cookie the shop sets on
 * every /deals/{location} page (spec §9, one year), else the default location (Glasgow).
 */
export function shopperLocation(search: URLSearchParams): string {
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
