import { describe, expect, it } from 'vitest';
import { londonDate, nextLondonMidnight } from './london-time.ts';

describe('londonDate (Europe/London calendar day)', () => {
  it.each([
    ['2024-10-31T23:59:59Z', '2024-10-31'], // GMT: UTC and London agree
    ['2024-11-01T00:00:00Z', '2024-11-01'],
    ['2025-05-31T22:59:59Z', '2025-05-31'], // BST: London is an hour ahead
    ['2025-05-31T23:00:00Z', '2025-06-01'],
    ['2025-03-30T00:59:59Z', '2025-03-30'], // the spring change (01:00 UTC)
    ['2025-10-25T23:30:00Z', '2025-10-26'], // the autumn change day, still BST
  ])('%s is %s in London', (iso, date) => {
    expect(londonDate(new Date(iso))).toBe(date);
  });
});

describe('nextLondonMidnight (the daily deals refresh)', () => {
  it.each([
    ['GMT afternoon', '2026-01-15T15:00:00Z', '2026-01-16T00:00:00.000Z'],
    ['BST afternoon', '2026-07-15T15:00:00Z', '2026-07-15T23:00:00.000Z'],
    ['BST, just after London midnight (still the UTC day before)', '2026-07-15T23:00:00Z', '2026-07-16T23:00:00.000Z'],
    ['BST, one second before London midnight', '2026-07-15T22:59:59Z', '2026-07-15T23:00:00.000Z'],
    ['the day before the clocks go forward', '2025-03-29T12:00:00Z', '2025-03-30T00:00:00.000Z'],
    ['the day the clocks go forward', '2025-03-30T12:00:00Z', '2025-03-30T23:00:00.000Z'],
    ['the day before the clocks go back', '2025-10-25T12:00:00Z', '2025-10-25T23:00:00.000Z'],
    ['the day the clocks go back', '2025-10-26T12:00:00Z', '2025-10-27T00:00:00.000Z'],
    ['new year', '2026-12-31T23:59:59Z', '2027-01-01T00:00:00.000Z'],
  ])('%s: %s → %s', (_label, now, next) => {
    expect(nextLondonMidnight(new Date(now)).toISOString()).toBe(next);
  });
});
