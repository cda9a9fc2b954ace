// The text limits of spec §9 and truncation live in domain/, shared with the server's head tags.
export { TEXT_LIMITS, truncate } from '@shop/domain';
import { londonDateInWords } from '@shop/domain/london-time';

const countFormat = new Intl.NumberFormat('en-GB');

/** "12 March 2027": the Europe/London date in words, by the one formatter the emails use too (domain london-time). */
export function formatDate(iso: string): string {
  return londonDateInWords(iso);
}

export function formatCount(n: number): string {
  return countFormat.format(n);
}
