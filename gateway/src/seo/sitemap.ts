/**
 * The sitemap's XML (https://www.sitemaps.org/protocol.html): absolute urls on the shop's public
 * origin, entity-escaped, split into parts of at most 50,000 urls and 50 MB (uncompressed) each.
 * One part is served as /sitemap.xml itself; more make /sitemap.xml a sitemap index listing
 * /sitemaps/1.xml, /sitemaps/2.xml, …. Pure: the urls come from sitemap-source.ts.
 */
import { absoluteUrl } from '@shop/domain';

/** The protocol's limits of one sitemap file (and of one index). */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

export interface SitemapLimits {
  /** Most urls in one file (the protocol: 50,000). */
  maxUrls: number;
  /** Most bytes in one file, uncompressed (the protocol: 50 MB, 52,428,800 bytes). */
  maxBytes: number;
}

export const DEFAULT_SITEMAP_LIMITS: SitemapLimits = { maxUrls: SITEMAP_MAX_URLS, maxBytes: SITEMAP_MAX_BYTES };

export interface SitemapUrl {
  /** A site path (/deals/glasgow/…) or an absolute url. */
  path: string;
  /** When the page last changed: W3C date (YYYY-MM-DD or a full ISO 8601 time). */
  lastmod?: string | null;
}

export interface Sitemap {
  /** Each part, a complete <urlset> document; /sitemaps/{n}.xml is parts[n - 1]. */
  parts: string[];
  /** The <sitemapindex> listing the parts when there are more than one; null otherwise. */
  index: string | null;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML content and attributes (the five entities the sitemap protocol names). */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
}

/**
 * The url of a page as the sitemap gives it: absolute on `origin` (the same rule as the pages'
 * canonical tags, domain absoluteUrl), with any character a URL may not hold as it is (spaces,
 * non-ASCII, control characters, "<>\^`{|}) percent-encoded as UTF-8; existing %XX escapes
 * stay. Not yet entity-escaped (& and ' are legal in a URL).
 */
export function sitemapLoc(origin: string, pathOrUrl: string): string {
  return absoluteUrl(origin, pathOrUrl)
    .toWellFormed()
    .replace(/(?:[^\x21-\x7e]|["<>\\^`{|}])+/gu, (run) => encodeURIComponent(run));
}

/** The path of the n-th part (1-based). */
export function sitemapPartPath(n: number): string {
  return `/sitemaps/${n}.xml`;
}

const W3C_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

function urlEntry(origin: string, url: SitemapUrl): string {
  const lastmod = url.lastmod && W3C_DATE.test(url.lastmod) ? `<lastmod>${url.lastmod}</lastmod>` : '';
  return `<url><loc>${escapeXml(sitemapLoc(origin, url.path))}</loc>${lastmod}</url>\n`;
}

/**
 * The sitemap of `urls` on `origin`: the urls in the order given, each once (the first one's
 * lastmod kept), in parts that keep to `limits`.
 */
export function buildSitemap(urls: Iterable<SitemapUrl>, origin: string, limits: SitemapLimits = DEFAULT_SITEMAP_LIMITS): Sitemap {
  if (!Number.isSafeInteger(limits.maxUrls) || limits.maxUrls < 1) throw new RangeError('maxUrls must be a whole number of at least 1');
  const frame = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
  const parts: string[] = [];
  let entries: string[] = [];
  let bytes = frame;
  const seen = new Set<string>();
  for (const url of urls) {
    const key = sitemapLoc(origin, url.path);
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = urlEntry(origin, url);
    const size = Buffer.byteLength(entry);
    if (frame + size > limits.maxBytes) throw new RangeError(`A sitemap entry does not fit in ${limits.maxBytes} bytes: ${key}`);
    if (entries.length >= limits.maxUrls || bytes + size > limits.maxBytes) {
      parts.push(URLSET_OPEN + entries.join('') + URLSET_CLOSE);
      entries = [];
      bytes = frame;
    }
    entries.push(entry);
    bytes += size;
  }
  if (entries.length > 0 || parts.length === 0) parts.push(URLSET_OPEN + entries.join('') + URLSET_CLOSE);
  if (parts.length === 1) return { parts, index: null };
  // An index holds at most 50,000 sitemaps, as a sitemap holds 50,000 urls.
  if (parts.length > SITEMAP_MAX_URLS) throw new RangeError(`${parts.length} sitemap parts are more than one index may list`);
  const listed = parts.map((_, i) => `<sitemap><loc>${escapeXml(sitemapLoc(origin, sitemapPartPath(i + 1)))}</loc></sitemap>\n`);
  return { parts, index: `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n${listed.join('')}</sitemapindex>\n` };
}
