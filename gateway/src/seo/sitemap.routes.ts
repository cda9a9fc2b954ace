/**
 * GET /sitemap.xml and GET /sitemaps/{n}.xml (sitemap.ts). The sitemap is built from the deals
 * service (sitemap-source.ts) at most once per `ttlMs` in this process and shared by the
 * requests meanwhile (one build at a time), so the index and its parts come from one snapshot.
 * Answers are `application/xml`, cacheable for as long (public, max-age). When the deals service
 * fails, the last sitemap built is served again; with none, 503 (never a partial sitemap).
 */
import { Hono } from 'hono';
import type { Logger } from '../logger.ts';
import { buildSitemap, DEFAULT_SITEMAP_LIMITS, type Sitemap, type SitemapLimits } from './sitemap.ts';
import { collectSitemapUrls, type SitemapDealsClient, type SitemapSourceOptions } from './sitemap-source.ts';

/** How long one built sitemap is served (and may be cached by crawlers and proxies). */
export const SITEMAP_TTL_MS = 5 * 60_000;

export interface SitemapRoutesOptions {
  /** The deals client for one build (a fresh REST client with its own request id). */
  deals: (requestId: string) => SitemapDealsClient;
  /** The shop's public origin (PUBLIC_BASE_URL): every url of the sitemap starts with it. */
  publicOrigin: string;
  /** Per-file limits; default the protocol's (50,000 urls, 50 MB). Tests make them small. */
  limits?: Partial<SitemapLimits>;
  ttlMs?: number;
  source?: SitemapSourceOptions;
  logger: Logger;
  now?: () => Date;
}

const XML_TYPE = 'application/xml; charset=utf-8';

export function createSitemapRoutes(options: SitemapRoutesOptions): Hono {
  const limits: SitemapLimits = { ...DEFAULT_SITEMAP_LIMITS, ...options.limits };
  const ttlMs = options.ttlMs ?? SITEMAP_TTL_MS;
  const now = options.now ?? (() => new Date());
  let built: { sitemap: Sitemap; at: number } | null = null;
  let building: Promise<Sitemap> | null = null;
  let builds = 0;

  async function build(): Promise<Sitemap> {
    const at = now();
    const requestId = `sitemap-${at.getTime()}-${++builds}`;
    const urls = await collectSitemapUrls(options.deals(requestId), at, options.source);
    const sitemap = buildSitemap(urls, options.publicOrigin, limits);
    built = { sitemap, at: at.getTime() };
    options.logger.info('Sitemap built', { urls: urls.length, parts: sitemap.parts.length });
    return sitemap;
  }

  /** The current sitemap: the one built within ttlMs, else a new one; the last one if that fails. */
  async function current(): Promise<{ sitemap: Sitemap; stale: boolean } | null> {
    if (built && now().getTime() - built.at < ttlMs) return { sitemap: built.sitemap, stale: false };
    building ??= build().finally(() => {
      building = null;
    });
    try {
      return { sitemap: await building, stale: false };
    } catch (error) {
      options.logger.error('Sitemap build failed', { error: String(error), servingStale: built !== null });
      return built ? { sitemap: built.sitemap, stale: true } : null;
    }
  }

  const maxAge = Math.max(0, Math.floor(ttlMs / 1000));
  const xml = (body: string, stale: boolean) =>
    new Response(body, {
      status: 200,
      // A stale copy is served for a minute at most, then the build is tried again.
      headers: { 'content-type': XML_TYPE, 'cache-control': `public, max-age=${stale ? Math.min(60, maxAge) : maxAge}` },
    });
  const unavailable = () =>
    new Response('The sitemap is not available right now.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '60' } });
  const notFound = () => new Response('No such sitemap.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

  const app = new Hono();
  app.get('/sitemap.xml', async () => {
    const answer = await current();
    if (!answer) return unavailable();
    return xml(answer.sitemap.index ?? answer.sitemap.parts[0]!, answer.stale);
  });
  // The parts exist only while /sitemap.xml is an index.
  app.get('/sitemaps/:file', async (c) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec(c.req.param('file'));
    if (!match) return notFound();
    const answer = await current();
    if (!answer) return unavailable();
    const { index, parts } = answer.sitemap;
    const part = index ? parts[Number(match[1]) - 1] : undefined;
    return part === undefined ? notFound() : xml(part, answer.stale);
  });
  return app;
}
