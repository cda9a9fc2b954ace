import { describe, expect, it } from 'vitest';
import { addDaysToDate, addMonthsToDate, endOfLondonDayAfter, londonDate, londonDateInWords, londonExpiry, nextLondonMidnight } from './london-time.ts';

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

describe('londonDateInWords (every date a shopper reads)', () => {
  it.each([
    ['2027-05-25T23:30:00Z', '26 May 2027'], // BST: already the 26th in London, the 25th in UTC
    ['2027-01-25T23:30:00Z', '25 January 2027'], // GMT
    ['2027-05-26', '26 May 2027'],
  ])('%s reads %s', (at, words) => {
    expect(londonDateInWords(at)).toBe(words);
  });
  it('refuses what is not a date', () => {
    expect(() => londonDateInWords('soon')).toThrow(RangeError);
  });
});

describe('londonExpiry (voucher validity in London calendar months)', () => {
  it.each([
    ['bought 25 Nov, late evening GMT, 6 months', '2026-11-25T23:30:00Z', 6, '2027-05-25T22:59:59.999Z', '25 May 2027'],
    ['bought just after London midnight in BST (the UTC day before), 3 months', '2026-07-15T23:30:00Z', 3, '2026-10-16T22:59:59.999Z', '16 October 2026'],
    ['31 August + 6 months is the last day of February', '2026-08-31T10:00:00Z', 6, '2027-02-28T23:59:59.999Z', '28 February 2027'],
    ['an extension across the clocks going forward keeps the London day', '2027-02-25T23:59:59.999Z', 3, '2027-05-25T22:59:59.999Z', '25 May 2027'],
    ['12 months', '2026-11-22T12:00:00Z', 12, '2027-11-22T23:59:59.999Z', '22 November 2027'],
  ])('%s', (_label, from, months, iso, words) => {
    const at = londonExpiry(new Date(from), months);
    expect(at.toISOString()).toBe(iso);
    expect(londonDateInWords(at)).toBe(words);
  });
  it('addMonthsToDate crosses years both ways', () => {
    expect(addMonthsToDate('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsToDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDate('2026-01-15', -2)).toBe('2025-11-15');
  });
});

describe('addDaysToDate and endOfLondonDayAfter (periods counted in London days)', () => {
  it.each([
    ['2026-10-20', 14, '2026-11-03'],
    ['2026-12-25', 14, '2027-01-08'], // across a year
    ['2028-02-20', 14, '2028-03-05'], // a leap February
    ['2027-02-20', 14, '2027-03-06'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-20', 0, '2026-03-20'],
  ])('%s + %s days is %s', (date, days, expected) => {
    expect(addDaysToDate(date, days)).toBe(expected);
  });
  it.each([
    // from, days, the last instant: London 23:59:59.999 of the day, in GMT or BST
    ['GMT to GMT', '2026-01-10T12:00:00Z', 14, '2026-01-24T23:59:59.999Z'],
    ['BST to GMT: the clocks go back on 25 Oct 2026', '2026-10-20T09:00:00Z', 14, '2026-11-03T23:59:59.999Z'],
    ['GMT to BST: the clocks go forward on 29 Mar 2026', '2026-03-20T09:00:00Z', 14, '2026-04-03T22:59:59.999Z'],
    ['just after London midnight in BST is already the next day', '2026-07-15T23:30:00Z', 14, '2026-07-30T22:59:59.999Z'],
    ['day 0 is the day itself', '2026-07-15T12:00:00Z', 0, '2026-07-15T22:59:59.999Z'],
  ])('%s', (_label, from, days, iso) => {
    expect(endOfLondonDayAfter(new Date(from), days).toISOString()).toBe(iso);
  });
});
