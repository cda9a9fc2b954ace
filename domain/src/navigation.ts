/** Rules of the navigation bar and the travel bar (spec §2 "Header, menus, footer", §4, §6, §9). */

/** Screen sizes of spec §9: sm 576–767 (and below), md 768–991, lg 992–1199, xl 1200 and up. */
export const NAV_BREAKPOINTS = ['sm', 'md', 'lg', 'xl'] as const;
export type NavBreakpoint = (typeof NAV_BREAKPOINTS)[number];

/** Smallest viewport width (CSS px) of each breakpoint; below md the bar scrolls sideways. */
export const NAV_BREAKPOINT_MIN_WIDTH: Record<NavBreakpoint, number> = { sm: 0, md: 768, lg: 992, xl: 1200 };

/**
 * Navigation items the bar shows before the rest go under "More" (spec §2: lg 7, md 5, xl 10).
 * Below md there is no More menu: every item stays in the bar, which scrolls.
 */
export const NAV_OVERFLOW_COUNTS = { md: 5, lg: 7, xl: 10 } as const satisfies Partial<Record<NavBreakpoint, number>>;

/** How many of `total` navigation items the bar shows at a breakpoint. */
export function navVisibleCount(breakpoint: NavBreakpoint, total: number): number {
  if (breakpoint === 'sm') return total;
  return Math.min(total, NAV_OVERFLOW_COUNTS[breakpoint]);
}

/** The items shown in the bar and those under "More" at a breakpoint (More is empty when all fit). */
export function splitNavigation<T>(breakpoint: NavBreakpoint, items: readonly T[]): { bar: T[]; more: T[] } {
  const shown = navVisibleCount(breakpoint, items.length);
  return { bar: items.slice(0, shown), more: items.slice(shown) };
}

/** The breakpoints at which the item at `index` (0-based) sits under "More" rather than in the bar. */
export function navOverflowBreakpoints(index: number, total: number): NavBreakpoint[] {
  return NAV_BREAKPOINTS.filter((bp) => index >= navVisibleCount(bp, total));
}

/** Hover delay before a nav item's popover opens (spec §4, §9: 200 ms, 0 for travel items). */
export const NAV_HOVER_DELAY_MS = 200;

/** A travel item is one with a travel navigation type ('UK Travel' or 'International Travel'). */
export function navHoverDelay(item: { navigationType?: string | null }): number {
  return item.navigationType ? 0 : NAV_HOVER_DELAY_MS;
}

/**
 * The client's auth state (spec §4): at start the check is not finished and nobody is
 * authenticated; set-user authenticates; a finished flag marks the check done.
 */
export interface AuthState {
  finished: boolean;
  authenticated: boolean;
  /** The user holds a VIP membership (spec §6 vipUser / userVipStatus). */
  vip: boolean;
}

export const INITIAL_AUTH_STATE: AuthState = { finished: false, authenticated: false, vip: false };

/**
 * The VIP crown item shows only to non-VIP users, and only once the auth check has finished
 * (spec §2, §6), so a VIP member never sees it flash while their session loads.
 */
export function showVipCrown(auth: AuthState): boolean {
  return auth.finished && !(auth.authenticated && auth.vip);
}

/** The two groups of the travel bar, in display order (spec §2). */
export const TRAVEL_NAVIGATION_TYPES = ['UK Travel', 'International Travel'] as const;
export type TravelNavigationType = (typeof TRAVEL_NAVIGATION_TYPES)[number];

/**
 * The label of a travel group. With the Ireland feature on the two labels swap (spec §2): seen
 * from Ireland, trips to the UK are the international ones.
 */
export function travelGroupLabel(type: TravelNavigationType, ireland: boolean): TravelNavigationType {
  if (!ireland) return type;
  return type === 'UK Travel' ? 'International Travel' : 'UK Travel';
}

export interface TravelGroup<T> {
  type: TravelNavigationType;
  label: TravelNavigationType;
  items: T[];
}

/** Travel items split into the UK Travel and International Travel groups; empty groups are left out. */
export function groupTravelNavigation<T extends { navigationType?: string | null }>(items: readonly T[], ireland: boolean): TravelGroup<T>[] {
  return TRAVEL_NAVIGATION_TYPES.map((type) => ({
    type,
    label: travelGroupLabel(type, ireland),
    items: items.filter((i) => i.navigationType === type),
  })).filter((g) => g.items.length > 0);
}
