import { describe, expect, it } from 'vitest';
import { buildSitemap, escapeXml, SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, sitemapLoc, sitemapPartPath, type SitemapUrl } from './sitemap.ts';

const ORIGIN = 'https://shop.example';

/** The <loc> values of a urlset or index, entities decoded. */
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));

const paths = (n: number): SitemapUrl[] => Array.from({ length: n }, (_, i) => ({ path: `/deals/glasgow/spa/${i + 1}/deal-${i + 1}.html` }));

describe('buildSitemap', () => {
  it('one file: a <urlset> of absolute urls on the public origin, in the order given, and no index', () => {
    const sitemap = buildSitemap([{ path: '/page/aboutus', lastmod: '2026-11-22' }, { path: '/deals/glasgow' }, { path: '/deals/glasgow/spa' }], ORIGIN);
    expect(sitemap.index).toBeNull();
    expect(sitemap.parts).toHaveLength(1);
    const xml = sitemap.parts[0]!;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(locs(xml)).toEqual(['https://shop.example/page/aboutus', 'https://shop.example/deals/glasgow', 'https://shop.example/deals/glasgow/spa']);
    expect(xml).toContain('<url><loc>https://shop.example/page/aboutus</loc><lastmod>2026-11-22</lastmod></url>');
    expect(xml).toContain('<url><loc>https://shop.example/deals/glasgow</loc></url>');
  });

  it('splits past the per-file url limit and makes /sitemap.xml an index of /sitemaps/{n}.xml', () => {
    const sitemap = buildSitemap(paths(7), ORIGIN, { maxUrls: 3, maxBytes: SITEMAP_MAX_BYTES });
    expect(sitemap.parts.map((p) => locs(p).length)).toEqual([3, 3, 1]);
    expect(sitemap.parts.flatMap(locs)).toEqual(paths(7).map((u) => `${ORIGIN}${u.path}`));
    expect(sitemap.index).not.toBeNull();
    expect(sitemap.index!).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(sitemap.index!)).toEqual(['https://shop.example/sitemaps/1.xml', 'https://shop.example/sitemaps/2.xml', 'https://shop.example/sitemaps/3.xml']);
    expect(sitemapPartPath(2)).toBe('/sitemaps/2.xml');
  });

  it('exactly the limit is still one file; one more makes an index', () => {
    expect(buildSitemap(paths(3), ORIGIN, { maxUrls: 3, maxBytes: SITEMAP_MAX_BYTES }).index).toBeNull();
    expect(buildSitemap(paths(4), ORIGIN, { maxUrls: 3, maxBytes: SITEMAP_MAX_BYTES }).parts).toHaveLength(2);
  });

  it('splits past the per-file byte limit, and no file is bigger than it', () => {
    const maxBytes = 400;
    const sitemap = buildSitemap(paths(10), ORIGIN, { maxUrls: SITEMAP_MAX_URLS, maxBytes });
    expect(sitemap.parts.length).toBeGreaterThan(1);
    for (const part of sitemap.parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(maxBytes);
    expect(sitemap.parts.flatMap(locs)).toHaveLength(10);
  });

  it('refuses an entry that cannot fit in a file at all', () => {
    expect(() => buildSitemap([{ path: `/${'x'.repeat(500)}` }], ORIGIN, { maxUrls: 10, maxBytes: 300 })).toThrow(RangeError);
  });

  it('defaults to the protocol’s limits: 50,000 urls and 50 MB', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(SITEMAP_MAX_BYTES).toBe(52_428_800);
    const sitemap = buildSitemap(paths(50_001), ORIGIN);
    expect(sitemap.parts.map((p) => locs(p).length)).toEqual([50_000, 1]);
  });

  it('lists each url once', () => {
    const sitemap = buildSitemap([{ path: '/deals/shop' }, { path: '/deals/glasgow' }, { path: '/deals/shop' }], ORIGIN);
    expect(locs(sitemap.parts[0]!)).toEqual(['https://shop.example/deals/shop', 'https://shop.example/deals/glasgow']);
  });

  it('an empty sitemap is still a valid <urlset>', () => {
    const sitemap = buildSitemap([], ORIGIN);
    expect(sitemap.index).toBeNull();
    expect(sitemap.parts).toHaveLength(1);
    expect(sitemap.parts[0]).toMatch(/<urlset [^>]*>\n<\/urlset>/);
  });

  it('escapes every url for XML, and percent-encodes what a url may not hold', () => {
    const xml = buildSitemap([{ path: `/page/a&b'c"<d>` }, { path: '/deals/glasgow/caf\u00e9 bar' }], ORIGIN).parts[0]!;
    // No raw markup characters inside <loc>: & as &amp;, ' as &apos;, and "<> percent-encoded.
    expect(xml).toContain('<loc>https://shop.example/page/a&amp;b&apos;c%22%3Cd%3E</loc>');
    expect(xml).toContain('<loc>https://shop.example/deals/glasgow/caf%C3%A9%20bar</loc>');
    const inner = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    for (const loc of inner) expect(loc).not.toMatch(/&(?!amp;|apos;|quot;|lt;|gt;)|[<>"' ]/);
  });

  it('keeps existing %XX escapes and absolute urls as they are', () => {
    expect(sitemapLoc(ORIGIN, '/deals/a%20b')).toBe('https://shop.example/deals/a%20b');
    expect(sitemapLoc(ORIGIN, 'https://other.example/x')).toBe('https://other.example/x');
    expect(sitemapLoc('https://shop.example/', 'deals')).toBe('https://shop.example/deals');
  });

  it('leaves out a lastmod that is not a W3C date', () => {
    const xml = buildSitemap([{ path: '/a', lastmod: '22/11/2026' }, { path: '/b', lastmod: '2026-11-22T10:00:00Z' }], ORIGIN).parts[0]!;
    expect(xml).toContain('<url><loc>https://shop.example/a</loc></url>');
    expect(xml).toContain('<lastmod>2026-11-22T10:00:00Z</lastmod>');
  });

  it('escapeXml: the five entities', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });
});
