import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { addRecentlyViewed, displayLocation, parseDealPath, parseRecentlyViewed, type RecentlyViewed } from '@shop/domain';

/**
 * The recently viewed list (spec §9): deal ids per location, newest first, at most 5 per
 * location, kept in this browser only (localStorage). Nothing leaves the browser except the ids
 * the recently viewed and recommended lists ask the shop about. domain's addRecentlyViewed and
 * parseRecentlyViewed hold the rules; this file only stores and shares them.
 */
const KEY = 'td_recently_viewed';
const CHANGE_EVENT = 'td:recently-viewed-change';
const NONE: readonly number[] = [];

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: no history
  }
}

function readAll(): RecentlyViewed {
  return parseRecentlyViewed(readRaw());
}

function write(list: RecentlyViewed | null): void {
  try {
    if (list === null || Object.keys(list).length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage blocked or full: the history simply is not kept.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The viewed deal ids of a location (shop for national deals), newest first. */
export function recentlyViewedIds(location: string): readonly number[] {
  return readAll()[displayLocation(location)] ?? NONE;
}

/** Every location's viewed ids, each location newest first, without repeats (sent on sign-in). */
export function allRecentlyViewedIds(max = 20): number[] {
  return [...new Set(Object.values(readAll()).flat())].slice(0, max);
}

/** Records a viewed deal: moved to the front of its location's list, 5 kept. */
function recordRecentlyViewed(location: string, dealId: number): void {
  write(addRecentlyViewed(readAll(), displayLocation(location), dealId));
}

/** Clears the whole history (every location). */
export function clearRecentlyViewed(): void {
  write(null);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage); // other tabs
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** A location's viewed ids, kept current when this or another tab changes the history. */
export function useRecentlyViewedIds(location: string): readonly number[] {
  // The raw string is the snapshot: stable between changes, so no extra renders.
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return useMemo(() => parseRecentlyViewed(raw)[displayLocation(location)] ?? NONE, [raw, location]);
}

/**
 * Records the deal of a deal page once it has loaded: `url` is the deal's path
 * (/deals/{location}/…/{dealId}/{blurb}.html), undefined while there is no deal.
 */
export function useRecordRecentlyViewed(url: string | null | undefined): void {
  useEffect(() => {
    if (!url) return;
    const parsed = parseDealPath(url);
    if (parsed) recordRecentlyViewed(parsed.location, parsed.dealId);
  }, [url]);
}

/** Ids as the GraphQL ID list takes them. */
export const asIdList = (ids: readonly number[]): string[] => ids.map(String);
