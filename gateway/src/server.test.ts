/**
 * The shop server on one port: the deals service under /api/deals still demands the service
 * token (Z5) except its public routes, the gateway at /graphql, /health, and the client build
 * with an SPA fallback.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp, startShop } from './server.ts';
import { openSeededShopServices } from './test/search-service.ts';
import { captureLogger, fakeService, gql, TEST_TOKEN } from './test/helpers.ts';

describe.each(testDatabases())('shop server on %s', (_name, open) => {
  let close = async () => {};
  let shop: ReturnType<typeof createShopApp>['app'];
  let noClient: ReturnType<typeof createShopApp>['app'];
  let searchDown: ReturnType<typeof createShopApp>['app'];
  const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));

  beforeAll(async () => {
    const services = await openSeededShopServices(open, 60);
    const deals = { app: services.dealsApp };
    close = services.close;
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    shop = createShopApp({ dealsApp: deals.app, searchApp: services.searchApp, serviceToken: TEST_TOKEN, clientDist: dist, logger: captureLogger() }).app;
    searchDown = createShopApp({
      dealsApp: deals.app,
      searchApp: services.searchApp,
      searchTarget: { app: fakeService(() => new Response('boom', { status: 500 })) },
      serviceToken: TEST_TOKEN,
      clientDist: dist,
      logger: captureLogger(),
    }).app;
    noClient = createShopApp({ dealsApp: deals.app, serviceToken: TEST_TOKEN, clientDist: join(dist, 'missing'), logger: captureLogger() }).app;
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => shop.request(path, { headers });

  it('/api/deals/* without the service token is 401; with it, 200 (Z5)', async () => {
    const denied = await get('/api/deals/locations');
    expect(denied.status).toBe(401);
    const forged = await get('/api/deals/locations', { 'x-service-token': 'guess' });
    expect(forged.status).toBe(401);
    const ok = await get('/api/deals/locations', { 'x-service-token': TEST_TOKEN });
    expect(ok.status).toBe(200);
    expect((await ok.json()).locations.length).toBeGreaterThan(0);
  });

  it('/api/search/* without the service token is 401; with it, 200 (Z5)', async () => {
    expect((await get('/api/search/search/all?q=spa')).status).toBe(401);
    const ok = await get('/api/search/search/all?q=spa', { 'x-service-token': TEST_TOKEN });
    expect(ok.status).toBe(200);
    expect((await ok.json()).searchResult.totalResults).toBeGreaterThan(0);
  });

  it('GET /search-term/auto-complete: suggestions as JSON (spec §7)', async () => {
    const res = await get('/search-term/auto-complete?term=afte&location=glasgow');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { suggestions: { kind: string; text: string; url: string }[] };
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions.length).toBeLessThanOrEqual(8);
    for (const s of body.suggestions) expect(s.url.startsWith('/')).toBe(true);
    // Too short to suggest, or a location nobody knows: nothing.
    expect(await (await get('/search-term/auto-complete?term=a')).json()).toEqual({ suggestions: [] });
    expect(await (await get('/search-term/auto-complete?term=spa&location=atlantis')).json()).toEqual({ suggestions: [] });
    // No Set-Cookie: not a page.
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['', 'term'],
    ['?term=', 'term'],
    ['?term=%20%20', 'term'],
    [`?term=${'x'.repeat(201)}`, 'term'],
    ['?term=spa&location=..%2Fetc', 'location'],
    ['?term=spa&location=GLASGOW', 'location'],
  ])('GET /search-term/auto-complete%s is a 400 problem naming `%s`', async (query, field) => {
    const res = await get(`/search-term/auto-complete${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: [{ field }] });
  });

  it('GET /search-term/auto-complete is a 503 problem when the search service fails, without its detail', async () => {
    const res = await searchDown.request('/search-term/auto-complete?term=spa');
    expect(res.status).toBe(503);
    expect(await res.text()).not.toContain('boom');
  });

  it('the service docs are public', async () => {
    expect((await get('/api/deals/openapi.json')).status).toBe(200);
    expect((await get('/api/deals/docs')).status).toBe(200);
  });

  it('an unknown API is a 404 problem, never the SPA', async () => {
    const res = await get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('serves /graphql (a client-sent service token changes nothing)', async () => {
    const res = await gql(shop, '{ location(slug: "glasgow") { name deals(first: 3) { edges { node { title } } } } }', {}, { 'x-service-token': 'forged' });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.location.deals.edges.length).toBeGreaterThan(0);
  });

  it('refuses a mutation over GET (405) and a form POST without the CSRF header (403)', async () => {
    const q = encodeURIComponent('mutation { dealFilterValidate(input: {}) { __typename } }');
    expect((await get(`/graphql?query=${q}`, { accept: 'application/json', 'x-graphql-csrf': '1' })).status).toBe(405);
    const form = await shop.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=%7B__typename%7D',
    });
    expect(form.status).toBe(403);
  });

  it('refuses an oversized GraphQL body (413)', async () => {
    const res = await shop.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ __typename } # ${'x'.repeat(200_000)}` }),
    });
    expect(res.status).toBe(413);
  });

  it('GraphiQL opens on GET /graphql in a browser', async () => {
    const res = await get('/graphql', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('HomePageQuery');
  });

  it('/health answers', async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves hashed assets for a year, compressed, and index.html for the pages (statuses: html/shop-pages.test.ts)', async () => {
    const asset = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    for (const [path, status] of [['/', 200], ['/deals/glasgow', 200], ['/deals/glasgow/spa/spa-days/999999999/spa-day.html', 404], ['/checkout', 200], ['/no-such-page', 404]] as const) {
      const page = await get(path);
      expect(page.status).toBe(status);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<div id="root">');
    }
    expect((await get('/assets/missing-000.js')).status).toBe(404);
  });

  it('serves robots.txt: the APIs, GraphQL, the sandboxes and sign-in callbacks are out of bounds; the pages are not', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = (await res.text()).split('\n');
    expect(rules[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/graphql', '/sandbox/', '/auth/', '/dev/', '/myaccount/vouchers/']) expect(rules).toContain(`Disallow: ${path}`);
    // A noindex page must stay crawlable to be read as noindex; only the printed vouchers (PDFs) under My Vouchers are out.
    expect(rules.filter((r) => /^Disallow: \/(checkout|myaccount|search|deals)/.test(r))).toEqual(['Disallow: /myaccount/vouchers/']);
  });

  it('says the client is not built when client/dist is missing', async () => {
    const res = await noClient.request('/deals/glasgow');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('client is not built');
  });
});

describe('startShop', () => {
  it('opens the database, migrates, seeds, listens, and closes cleanly', async () => {
    const shop = await startShop({ port: 0, dataDir: 'memory://', logger: captureLogger(), clientDist: '/nonexistent' });
    try {
      expect(shop.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${shop.url}/health`)).status).toBe(200);
      expect((await fetch(`${shop.url}/api/deals/locations`)).status).toBe(401);
      const res = await fetch(`${shop.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ defaultLocation { slug } }' }),
      });
      expect(await res.json()).toEqual({ data: { defaultLocation: { slug: 'glasgow' } } });
      // The search index was synced after seeding: searches find deals.
      const search = await fetch(`${shop.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ search(query: "spa") { totalCount strategy edges { node { dealId } } } }' }),
      });
      const found = (await search.json()) as { data: { search: { totalCount: number; strategy: string; edges: unknown[] } } };
      expect(found.data.search.totalCount).toBeGreaterThan(0);
      expect(found.data.search.edges.length).toBeGreaterThan(0);
      expect((await fetch(`${shop.url}/search-term/auto-complete?term=spa`)).status).toBe(200);
    } finally {
      await shop.close();
    }
  }, 120_000);
});
