import { describe, expect, it } from 'vitest';
import type { Category, Location } from '@shop/deals/contract';
import type { IndexDeal } from '@shop/deals/index-feed/index-feed.contract';
import { captureLogger } from '../test/helpers.ts';
import { createSitemapRoutes } from './sitemap.routes.ts';
import type { SitemapDealsClient } from './sitemap-source.ts';

/** A deals client with one location and `deals()` as the index feed; counts the builds. */
function fakeDeals(deals: () => IndexDeal[]) {
  const state = { builds: 0, failing: false };
  const client: SitemapDealsClient = {
    findStaticPage: async () => null,
    getLocations: async () => [{ slug: 'glasgow' } as Location],
    getCategories: async () => [] as Category[],
    findNavigation: async () => [],
    getIndexDeals: async () => {
      state.builds += 1;
      if (state.failing) throw new Error('deals down');
      return { deals: deals(), nextAfter: null };
    },
  };
  return { state, client };
}

const deal = (id: number) => ({ id, title: `Deal ${id}`, locationSlug: 'glasgow', categorySlug: 'beauty', subcategorySlug: null, closingDate: null }) as IndexDeal;

describe('sitemap routes: one build per ttl, the last one when a build fails', () => {
  it('serves one build until it is older than the ttl, then builds again', async () => {
    let now = new Date('2026-11-22T12:00:00Z');
    let feed = [deal(1)];
    const { state, client } = fakeDeals(() => feed);
    const app = createSitemapRoutes({ deals: () => client, publicOrigin: 'https://shop.example', ttlMs: 60_000, logger: captureLogger(), now: () => now });
    const first = await app.request('/sitemap.xml');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await first.text()).toContain('/deals/glasgow/beauty/1/deal-1.html');
    feed = [deal(1), deal(2)];
    // Concurrent requests within the ttl share the build.
    await Promise.all([app.request('/sitemap.xml'), app.request('/sitemap.xml')]);
    expect(state.builds).toBe(1);
    now = new Date(now.getTime() + 60_000);
    expect(await (await app.request('/sitemap.xml')).text()).toContain('/deals/glasgow/beauty/2/deal-2.html');
    expect(state.builds).toBe(2);
  });

  it('a failed build serves the last sitemap for a minute; with none, 503', async () => {
    let now = new Date('2026-11-22T12:00:00Z');
    const { state, client } = fakeDeals(() => [deal(1)]);
    const logger = captureLogger();
    const app = createSitemapRoutes({ deals: () => client, publicOrigin: 'https://shop.example', logger, now: () => now });
    state.failing = true;
    const none = await app.request('/sitemap.xml');
    expect(none.status).toBe(503);
    expect(none.headers.get('cache-control')).toBe('no-store');
    state.failing = false;
    expect((await app.request('/sitemap.xml')).status).toBe(200);
    state.failing = true;
    now = new Date(now.getTime() + 10 * 60_000);
    const stale = await app.request('/sitemap.xml');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await stale.text()).toContain('/deals/glasgow/beauty/1/deal-1.html');
    expect(logger.lines.filter((l) => l.message === 'Sitemap build failed')).toHaveLength(2);
  });
});
