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
