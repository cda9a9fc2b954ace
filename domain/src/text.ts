/** Text limits of spec §9. */
export const TEXT_LIMITS = { dealTitle: 65, text: 195, mediumText: 70, categoryTitle: 45, subtitle: 120 } as const;

/** Cuts text to at most `max` characters on a word boundary, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** ?page= of a list (1-based): anything that is not a whole number of at least 1 is page 1. */
export function listPageOf(search: URLSearchParams): number {
  const value = search.get('page');
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
