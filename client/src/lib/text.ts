// The text limits of spec §9 and truncation live in domain/, shared with the server's head tags.
export { TEXT_LIMITS, truncate } from '@shop/domain';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
const countFormat = new Intl.NumberFormat('en-GB');

/** "12 March 2027" (UK time). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatCount(n: number): string {
  return countFormat.format(n);
}

export { SITE_NAME } from '@shop/domain';
