/** Text limits of spec §9. */
export const TEXT_LIMITS = { dealTitle: 65, text: 195, mediumText: 70, categoryTitle: 45, subtitle: 120 } as const;

/** Cuts text to at most `max` characters on a word boundary, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
const countFormat = new Intl.NumberFormat('en-GB');

/** "12 March 2027" (UK time). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatCount(n: number): string {
  return countFormat.format(n);
}

export const SITE_NAME = 'Thistle Deals';
