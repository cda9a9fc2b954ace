import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, FALLBACK_THEME, resolveTheme, seasonalWindowsFor, siteIsVip, themeFor, themeLocationOf, type ThemeName } from './themes.ts';

const at = (iso: string, location: string | null = 'glasgow', siteIsVip = false) => ({ now: new Date(iso), location, siteIsVip });

describe('themeFor (spec §2 theme, §9 promotions), in Europe/London days', () => {
  it.each<[string, string, ThemeName]>([
    ['an ordinary day', '2024-06-15T12:00:00Z', 'evening-deals'],
    ['the last moment before Black Friday', '2024-10-31T23:59:59.999Z', 'evening-deals'],
    ['Black Friday opens at 00:00 on 1 Nov', '2024-11-01T00:00:00Z', 'black-friday'],
    ['Black Friday itself', '2024-11-29T12:00:00Z', 'black-friday'],
    ['the last moment of Black Friday (8 Dec)', '2024-12-08T23:59:59.999Z', 'black-friday'],
    ['Christmas opens at 00:00 on 9 Dec', '2024-12-09T00:00:00Z', 'christmas'],
    ['Christmas Day', '2024-12-25T09:00:00Z', 'christmas'],
    ['the last moment of Christmas (26 Dec)', '2024-12-26T23:59:59.999Z', 'christmas'],
    ['27 Dec is back to the default', '2024-12-27T00:00:00Z', 'evening-deals'],
    ['another year follows the same rule: 31 Oct', '2026-10-31T23:59:59Z', 'evening-deals'],
    ['another year: 1 Nov', '2026-11-01T00:00:00Z', 'black-friday'],
    ['another year: 8 Dec', '2026-12-08T23:59:59Z', 'black-friday'],
    ['another year: 9 Dec', '2026-12-09T00:00:00Z', 'christmas'],
    ['another year: 26 Dec', '2026-12-26T23:59:59Z', 'christmas'],
    ['another year: 27 Dec', '2026-12-27T00:00:00Z', 'evening-deals'],
  ])('%s (%s) → %s', (_label, iso, theme) => {
    expect(themeFor(at(iso))).toBe(theme);
  });

  it.each<[string, ReturnType<typeof at>, ThemeName]>([
    ['VIP flag beats everything', at('2024-12-25T12:00:00Z', 'wellness-collection', true), 'vip'],
    ['VIP flag on an ordinary day', at('2024-06-15T12:00:00Z', 'glasgow', true), 'vip'],
    ['wellness collection beats the seasonal windows', at('2024-12-25T12:00:00Z', 'wellness-collection'), 'wellness'],
    ['wellness collection on an ordinary day', at('2024-06-15T12:00:00Z', 'wellness-collection'), 'wellness'],
    ['no location (e.g. /page/aboutus) on an ordinary day', at('2024-06-15T12:00:00Z', null), 'evening-deals'],
    ['no location in a window', at('2024-11-15T12:00:00Z', null), 'black-friday'],
  ])('%s → %s', (_label, input, theme) => {
    expect(themeFor(input)).toBe(theme);
  });

  // Configured windows are London days: in BST a day starts at 23:00 UTC the evening before.
  it.each<[string, ThemeName]>([
    ['2025-05-31T22:59:59Z', 'evening-deals'], // 23:59:59 on 31 May in London
    ['2025-05-31T23:00:00Z', 'black-friday'], // 00:00 on 1 Jun in London
    ['2025-06-02T22:59:59Z', 'black-friday'],
    ['2025-06-02T23:00:00Z', 'christmas'],
    ['2025-06-03T22:59:59Z', 'christmas'],
    ['2025-06-03T23:00:00Z', 'evening-deals'],
  ])('a configured BST window: %s → %s', (iso, theme) => {
    const windows = { 2025: { blackFriday: { from: '2025-06-01', to: '2025-06-02' }, christmas: { from: '2025-06-03', to: '2025-06-03' } } };
    expect(themeFor(at(iso), { windows })).toBe(theme);
  });

  it('a configured row replaces the rule for its year only', () => {
    const windows = { 2027: { blackFriday: { from: '2027-11-20', to: '2027-11-30' }, christmas: { from: '2027-12-01', to: '2027-12-24' } } };
    expect(themeFor(at('2027-11-05T12:00:00Z'), { windows })).toBe('evening-deals');
    expect(themeFor(at('2027-12-01T12:00:00Z'), { windows })).toBe('christmas');
    expect(themeFor(at('2028-11-05T12:00:00Z'), { windows })).toBe('black-friday');
  });

  it('the default is evening-deals, and an unknown configured default falls back to the main brand', () => {
    expect(DEFAULT_THEME).toBe('evening-deals');
    expect(FALLBACK_THEME).toBe('main-brand');
    expect(themeFor(at('2024-06-15T12:00:00Z'), { defaultTheme: 'main-brand' })).toBe('main-brand');
    expect(themeFor(at('2024-06-15T12:00:00Z'), { defaultTheme: 'halloween' })).toBe('main-brand');
  });
});

describe('seasonalWindowsFor', () => {
  it('holds the spec 2024 dates as the first row', () => {
    expect(seasonalWindowsFor(2024)).toEqual({
      blackFriday: { from: '2024-11-01', to: '2024-12-08' },
      christmas: { from: '2024-12-09', to: '2024-12-26' },
    });
  });
  it('applies the same rule to other years', () => {
    expect(seasonalWindowsFor(2031)).toEqual({
      blackFriday: { from: '2031-11-01', to: '2031-12-08' },
      christmas: { from: '2031-12-09', to: '2031-12-26' },
    });
  });
});

describe('resolveTheme and themeLocationOf', () => {
  it.each([
    ['evening-deals', 'evening-deals'],
    ['christmas', 'christmas'],
    ['wellness', 'wellness'],
    ['', 'main-brand'],
    [null, 'main-brand'],
    ['Christmas', 'main-brand'],
  ])('resolveTheme(%j) → %s', (name, theme) => {
    expect(resolveTheme(name)).toBe(theme);
  });

  it.each([
    ['/wellness-collection', 'wellness-collection'],
    ['/wellness-collection/spa', 'wellness-collection'],
    ['/deals/wellness-collection', 'wellness-collection'],
    ['/deals/glasgow/spa', 'glasgow'],
    ['/deals', null],
    ['/page/aboutus', null],
    ['/', null],
  ])('themeLocationOf(%s) → %s', (path, location) => {
    expect(themeLocationOf(path)).toBe(location);
  });
});

describe('siteIsVip (the `site` lookup)', () => {
  it.each([
    ['vip', true],
    ['deals', false],
    ['travel', false],
    ['unknown', false],
    ['', false],
    [null, false],
    ['__proto__', false],
    ['constructor', false],
  ] as const)('%s → %s', (site, vip) => {
    expect(siteIsVip(site)).toBe(vip);
  });

  it('a VIP site gives the VIP theme', () => {
    expect(themeFor({ now: new Date('2026-06-01T12:00:00Z'), location: 'glasgow', siteIsVip: siteIsVip('vip') })).toBe('vip');
  });
});
