import { londonDate } from './london-time.ts';

/**
 * Site themes (spec §2 "Theme", issue 3 point 9). The client sets the chosen name as
 * <html data-theme>, and each name has a CSS custom-property set.
 */
export const THEME_NAMES = ['evening-deals', 'main-brand', 'black-friday', 'christmas', 'wellness', 'vip'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** The default theme is the evening-deals brand; an unknown configured theme falls back to the main brand. */
export const DEFAULT_THEME: ThemeName = 'evening-deals';
export const FALLBACK_THEME: ThemeName = 'main-brand';

/** The location whose pages wear the wellness theme. */
export const WELLNESS_LOCATION = 'wellness-collection';
/** The categories the wellness collection lists (issue 19 point 5): spa days and breaks, beauty, health and fitness. */
export const WELLNESS_CATEGORIES = ['spa', 'beauty', 'health-fitness', 'uk-spa-breaks'] as const;

/** A window of whole London days, both ends included: 'YYYY-MM-DD'. */
export interface DateWindow {
  from: string;
  to: string;
}

export interface SeasonalWindows {
  blackFriday: DateWindow;
  christmas: DateWindow;
}

/**
 * Seasonal windows per year (spec §9: Black Friday 1 Nov to 8 Dec 2024, Christmas 9 to 26 Dec
 * 2024). A year missing from the table follows the same rule (`seasonalWindowsFor`); add a row
 * to move a year's dates.
 */
export const SEASONAL_WINDOWS: Readonly<Record<number, SeasonalWindows>> = {
  2024: { blackFriday: { from: '2024-11-01', to: '2024-12-08' }, christmas: { from: '2024-12-09', to: '2024-12-26' } },
};

/** The year's windows: its row in `table`, else the 2024 rule (1 Nov–8 Dec, 9–26 Dec) for that year. */
export function seasonalWindowsFor(year: number, table: Readonly<Record<number, SeasonalWindows>> = SEASONAL_WINDOWS): SeasonalWindows {
  return (
    table[year] ?? {
      blackFriday: { from: `${year}-11-01`, to: `${year}-12-08` },
      christmas: { from: `${year}-12-09`, to: `${year}-12-26` },
    }
  );
}

/** A theme name from configuration or markup; anything unknown becomes the main-brand fallback. */
export function resolveTheme(name: string | null | undefined): ThemeName {
  return (THEME_NAMES as readonly string[]).includes(name ?? '') ? (name as ThemeName) : FALLBACK_THEME;
}

export interface ThemeInput {
  now: Date;
  /** The current location slug (`glasgow`, `wellness-collection`, …), or null off location pages. */
  location: string | null;
  /** Whether the `site` lookup returned a VIP flag (spec §2 query parameters). */
  siteIsVip: boolean;
}

export interface ThemeConfig {
  /** The configured default theme name; unknown names fall back to the main brand. */
  defaultTheme?: string;
  windows?: Readonly<Record<number, SeasonalWindows>>;
}

/**
 * The theme for a page. In order: VIP when the `site` lookup says so; wellness on the
 * wellness-collection location; Black Friday or Christmas inside their windows, counted in whole
 * days in Europe/London (a window opens at 00:00 UK time on its first day and closes at the end
 * of its last); otherwise the configured default (evening-deals), or main-brand if that is unknown.
 */
export function themeFor({ now, location, siteIsVip }: ThemeInput, config: ThemeConfig = {}): ThemeName {
  if (siteIsVip) return 'vip';
  if (location === WELLNESS_LOCATION) return 'wellness';
  const today = londonDate(now);
  const windows = seasonalWindowsFor(Number(today.slice(0, 4)), config.windows);
  const inside = (w: DateWindow) => w.from <= today && today <= w.to;
  if (inside(windows.blackFriday)) return 'black-friday';
  if (inside(windows.christmas)) return 'christmas';
  return resolveTheme(config.defaultTheme ?? DEFAULT_THEME);
}

/**
 * The location a path shows, for theming: the wellness collection (`/wellness-collection…`, or
 * `/deals/wellness-collection…`), a `/deals/{location}` page's location, or null elsewhere.
 */
export function themeLocationOf(pathname: string): string | null {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first === WELLNESS_LOCATION) return WELLNESS_LOCATION;
  return first === 'deals' && second ? second : null;
}

/**
 * The `site` query parameter (spec §2: "site decides a VIP theme if its lookup returns a VIP
 * flag"): the sub-brand sites of spec §1 and whether each is the VIP members' site. Unknown
 * values are not VIP. The table is configuration: a site service can replace it.
 */
export const SITE_LOOKUP: Readonly<Record<string, { readonly vip: boolean }>> = {
  deals: { vip: false },
  local: { vip: false },
  travel: { vip: false },
  evening: { vip: false },
  wellness: { vip: false },
  vip: { vip: true },
};

export function siteIsVip(site: string | null | undefined, lookup: Readonly<Record<string, { readonly vip: boolean }>> = SITE_LOOKUP): boolean {
  if (!site) return false;
  return Object.hasOwn(lookup, site) ? lookup[site]!.vip : false;
}
