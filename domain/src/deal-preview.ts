/**
 * Deal previews and the paid-campaign landing page (issue 19 points 6 and 8; spec §2: "A
 * dealPreview query parameter marks a deal preview. The deal-preview segment is treated as
 * deals."; "welcome is a paid-campaign landing page"). Pure.
 */
import { pageTypeOf, parseDealPath } from './paths.ts';

/** The first segment of a preview page: /deal-preview/{location}/… reads as /deals/{location}/…. */
export const DEAL_PREVIEW_SEGMENT = 'deal-preview';
/** The query parameter that marks a deal url as a preview (spec §2). */
export const DEAL_PREVIEW_PARAM = 'dealPreview';

/**
 * Neither a preview nor the paid-campaign page may be indexed or followed: the robots meta and
 * the X-Robots-Tag header both say so.
 */
export const PREVIEW_ROBOTS = 'NOINDEX, NOFOLLOW';
export const X_ROBOTS_NOINDEX = 'noindex, nofollow';
/** The paid-campaign page is kept out of indexes (paid traffic only), its deal links still followed. */
export const WELCOME_ROBOTS = 'NOINDEX, FOLLOW';
export const X_ROBOTS_WELCOME = 'noindex';

/** The preview page of a deal url (/deals/{location}/…/{id}/{blurb}.html → /deal-preview/{location}/…). */
export function dealPreviewPath(dealUrl: string): string {
  const [path, ...rest] = dealUrl.split(/(?=[?#])/);
  const segments = path!.split('/');
  // segments[0] is '' for a path starting with '/'.
  if (segments[1] === 'deals') segments[1] = DEAL_PREVIEW_SEGMENT;
  return segments.join('/') + rest.join('');
}

/**
 * The deal id of a preview page: a deal path under the deal-preview segment, or a deal path with
 * ?dealPreview (any value); null for any other page.
 */
export function previewDealIdOf(pathname: string, search = ''): number | null {
  if (pageTypeOf(pathname, search) !== 'dealPreview') return null;
  return parseDealPath(pathname)?.dealId ?? null;
}

/** What the preview banner says, by the deal's status. */
export type PreviewStatus = 'DRAFT' | 'SCHEDULED' | 'LIVE' | 'CLOSED';

const LONDON_PARTS = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Tuesday 1 June 2027 at 10:00", London time, built from parts (ICU versions punctuate the whole differently). */
function londonMoment(iso: string): string {
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const parts = LONDON_PARTS.formatToParts(new Date(iso));
  return `${part(parts, 'weekday')} ${part(parts, 'day')} ${part(parts, 'month')} ${part(parts, 'year')} at ${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** The banner's second sentence: where the deal stands (a scheduled deal's time in London). */
export function previewStatusText(status: PreviewStatus, liveFrom: string | null): string {
  switch (status) {
    case 'DRAFT':
      return 'This deal is a draft: it is not scheduled to go live yet.';
    case 'SCHEDULED':
      return liveFrom ? `This deal goes live on ${londonMoment(liveFrom)}.` : 'This deal is scheduled to go live.';
    case 'LIVE':
      return 'This deal is live: shoppers see it on its own page.';
    case 'CLOSED':
      return 'This deal has closed: shoppers can no longer buy it.';
  }
}

/** The banner's heading: the page is a preview and nothing can be bought from it. */
export const PREVIEW_BANNER_HEADING = 'Preview: only you can see this page';
export const PREVIEW_NOT_FOR_SALE = 'Nothing can be bought from a preview: shoppers can buy the deal once it is live.';

/** The paid-campaign landing page (spec §2 page type ppc). */
export const WELCOME_PATH = '/welcome';
/** The query parameters naming a campaign, first found wins: ours, then the utm one paid links carry. */
export const CAMPAIGN_PARAMS = ['campaign', 'utm_campaign'] as const;

/** /welcome: deals a page (spec §9 gift finder and search pages show 12 too). */
export const WELCOME_PAGE_SIZE = 12;
/** A campaign's slug: lower-case letters, digits and hyphens, at most CAMPAIGN_SLUG_MAX characters. */
export const CAMPAIGN_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CAMPAIGN_SLUG_MAX = 60;

/**
 * The canonical url of the campaign a /welcome page shows (the default campaign's own slug when
 * the link named none or another), and of its page from the 2nd on: the page head says it, and
 * its deals connection the first page's.
 */
export const welcomeCampaignPath = (slug: string, page = 1): string => `${WELCOME_PATH}?campaign=${encodeURIComponent(slug)}${page > 1 ? `&page=${page}` : ''}`;

/** A campaign slug from a url's query, normalised (lower case, a-z 0-9 and hyphens, at most 60); null when none or malformed. */
export function campaignSlugOf(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  for (const name of CAMPAIGN_PARAMS) {
    const value = params.get(name)?.trim().toLowerCase();
    if (value && CAMPAIGN_SLUG.test(value) && value.length <= CAMPAIGN_SLUG_MAX) return value;
  }
  return null;
}
