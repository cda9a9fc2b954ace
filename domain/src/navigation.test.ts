import { describe, expect, it } from 'vitest';
import {
  INITIAL_AUTH_STATE,
  groupTravelNavigation,
  navHoverDelay,
  navOverflowBreakpoints,
  navVisibleCount,
  showVipCrown,
  splitNavigation,
  travelGroupLabel,
  type AuthState,
  type NavBreakpoint,
} from './navigation.ts';

const items = (n: number) => Array.from({ length: n }, (_, i) => `item-${i + 1}`);

describe('More menu overflow counts (spec §2: lg 7, md 5, xl 10; the bar scrolls below md)', () => {
  it.each<[NavBreakpoint, number, number, number]>([
    // breakpoint, items, shown in the bar, under More
    ['sm', 9, 9, 0],
    ['sm', 14, 14, 0],
    ['md', 9, 5, 4],
    ['md', 5, 5, 0],
    ['md', 4, 4, 0],
    ['lg', 9, 7, 2],
    ['lg', 7, 7, 0],
    ['lg', 8, 7, 1],
    ['xl', 9, 9, 0],
    ['xl', 10, 10, 0],
    ['xl', 11, 10, 1],
    ['xl', 14, 10, 4],
    ['md', 0, 0, 0],
  ])('%s with %i items: %i in the bar, %i under More', (bp, total, shown, more) => {
    expect(navVisibleCount(bp, total)).toBe(shown);
    const split = splitNavigation(bp, items(total));
    expect(split.bar).toHaveLength(shown);
    expect(split.more).toHaveLength(more);
    expect([...split.bar, ...split.more]).toEqual(items(total)); // order kept, nothing lost
  });

  it('names the breakpoints at which an item sits under More', () => {
    // Glasgow: 'all' plus 8 categories.
    expect(navOverflowBreakpoints(0, 9)).toEqual([]);
    expect(navOverflowBreakpoints(4, 9)).toEqual([]);
    expect(navOverflowBreakpoints(5, 9)).toEqual(['md']);
    expect(navOverflowBreakpoints(6, 9)).toEqual(['md']);
    expect(navOverflowBreakpoints(7, 9)).toEqual(['md', 'lg']);
    expect(navOverflowBreakpoints(8, 9)).toEqual(['md', 'lg']);
    expect(navOverflowBreakpoints(10, 12)).toEqual(['md', 'lg', 'xl']);
  });
});

describe('popover hover delay (spec §4: 200 ms, 0 for travel items)', () => {
  it.each([
    [{ navigationType: null }, 200],
    [{}, 200],
    [{ navigationType: 'UK Travel' }, 0],
    [{ navigationType: 'International Travel' }, 0],
  ])('%o waits %i ms', (item, ms) => expect(navHoverDelay(item)).toBe(ms));
});

describe('VIP crown (spec §2, §6): only for non-VIP users once the auth check has finished', () => {
  it.each<[string, AuthState, boolean]>([
    ['the check has not finished (start state)', INITIAL_AUTH_STATE, false],
    ['the check has not finished, a VIP user already set', { finished: false, authenticated: true, vip: true }, false],
    ['the check has not finished, a non-VIP user already set', { finished: false, authenticated: true, vip: false }, false],
    ['finished with no user', { finished: true, authenticated: false, vip: false }, true],
    ['finished, a signed-in non-VIP user', { finished: true, authenticated: true, vip: false }, true],
    ['finished, a signed-in VIP user', { finished: true, authenticated: true, vip: true }, false],
  ])('%s → %s', (_, auth, shown) => expect(showVipCrown(auth)).toBe(shown));
});

describe('travel bar groups (spec §2)', () => {
  const travel = [
    { name: 'All Travel Deals', navigationType: null },
    { name: 'Scotland Breaks', navigationType: 'UK Travel' },
    { name: 'Europe', navigationType: 'International Travel' },
    { name: 'UK City Breaks', navigationType: 'UK Travel' },
    { name: 'Long Haul', navigationType: 'International Travel' },
  ];

  it('splits items into UK Travel then International Travel, in their order, leaving out untyped items', () => {
    expect(groupTravelNavigation(travel, false).map((g) => [g.label, g.items.map((i) => i.name)])).toEqual([
      ['UK Travel', ['Scotland Breaks', 'UK City Breaks']],
      ['International Travel', ['Europe', 'Long Haul']],
    ]);
  });

  it('swaps the two labels when the Ireland feature is on, keeping the groups', () => {
    expect(travelGroupLabel('UK Travel', false)).toBe('UK Travel');
    expect(travelGroupLabel('International Travel', false)).toBe('International Travel');
    expect(travelGroupLabel('UK Travel', true)).toBe('International Travel');
    expect(travelGroupLabel('International Travel', true)).toBe('UK Travel');
    expect(groupTravelNavigation(travel, true).map((g) => [g.type, g.label, g.items.map((i) => i.name)])).toEqual([
      ['UK Travel', 'International Travel', ['Scotland Breaks', 'UK City Breaks']],
      ['International Travel', 'UK Travel', ['Europe', 'Long Haul']],
    ]);
  });

  it('leaves out an empty group', () => {
    expect(groupTravelNavigation(travel.slice(0, 2), false).map((g) => g.type)).toEqual(['UK Travel']);
    expect(groupTravelNavigation([], false)).toEqual([]);
  });
});
