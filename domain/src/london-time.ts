/** UK calendar rules: the shop's days start and end at midnight Europe/London (GMT or BST). */

const LONDON = 'Europe/London';

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function londonParts(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of dateParts.formatToParts(at)) {
    if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  }
  return out;
}

/** The calendar date in London at `now`, as 'YYYY-MM-DD' (so dates compare as strings). */
export function londonDate(now: Date): string {
  const { year, month, day } = londonParts(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** London's offset from UTC at `at`, in minutes: 0 in GMT, 60 in BST. */
function londonOffsetMinutes(at: Date): number {
  const p = londonParts(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The next midnight in Europe/London after `now`: when the daily deals refresh. Midnight is
 * never skipped or repeated by the UK clock changes (they happen at 01:00 UTC), so it is exact.
 */
export function nextLondonMidnight(now: Date): Date {
  const { year, month, day } = londonParts(now);
  const guess = new Date(Date.UTC(year, month - 1, day + 1));
  return new Date(guess.getTime() - londonOffsetMinutes(guess) * 60_000);
}

const inWords = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Every date a shopper reads (pages, emails, vouchers): the Europe/London calendar date of an
 * instant, in words, "26 May 2027". Accepts a Date or an ISO 8601 string.
 */
export function londonDateInWords(at: Date | string): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not a date: ${String(at)}`);
  return inWords.format(d);
}

/** 'YYYY-MM-DD' plus whole calendar months; a day past the month's end is its last day (31 Aug + 6 = 28/29 Feb). */
export function addMonthsToDate(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The last instant of a London calendar day ('YYYY-MM-DD'): one millisecond before the next London midnight. */
export function endOfLondonDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // Noon UTC of that day is always inside the London day (GMT or BST).
  return new Date(nextLondonMidnight(new Date(Date.UTC(y, m - 1, d, 12))).getTime() - 1);
}

/**
 * A voucher valid for `months` from its purchase (or an expiry extended by `months`): it can be
 * used to the end of the London day `months` calendar months on, so the date printed on it, in the
 * email and on the page is that day (never a UTC date a day out).
 */
export function londonExpiry(from: Date, months: number): Date {
  return endOfLondonDay(addMonthsToDate(londonDate(from), months));
}

/** 'YYYY-MM-DD' plus whole calendar days (negative goes back); a plain calendar sum, with no clock change in it. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The end of the London day `days` calendar days after the London day of `from` (day 0): the
 * last instant of a "within N days" period that runs to the end of a day, as consumer law counts
 * them (the 14-day cancellation period ends at the end of day 14 after the contract day).
 */
export function endOfLondonDayAfter(from: Date, days: number): Date {
  return endOfLondonDay(addDaysToDate(londonDate(from), days));
}
