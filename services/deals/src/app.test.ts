import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases, withDatabase } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { CategoriesResponseSchema, DealSchema, DealsResponseSchema, LocationSchema, LocationsResponseSchema, NavigationResponseSchema, ProblemSchema } from './contract.ts';
import { migrateDeals } from './db/database.ts';
import { seedDeals } from './seed/seed.ts';
import { dealsFixture, TEST_NOW, TEST_TOKEN } from './test/deals-fixture.ts';

describe.each(testDatabases())('deals service on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open), (fixture) => fixture.database.close());

  it('GET /locations lists every location of spec §2 with the spec §3 fields', async () => {
    const { locations } = LocationsResponseSchema.parse(await f.json('/locations'));
    expect(locations.map((l) => l.slug)).toEqual(['glasgow', 'edinburgh', 'aberdeen', 'shop', 'travel']);
    const glasgow = locations[0]!;
    expect(glasgow).toMatchObject({ isDefault: true, region: 'Scotland', countryCode: 'gb', url: '/deals/glasgow' });
    expect(glasgow.latLon.lat).toBeCloseTo(55.86, 1);
    expect(locations.find((l) => l.slug === 'shop')).toMatchObject({ isNational: true, url: '/deals/shop' });
    expect(locations.find((l) => l.slug === 'travel')).toMatchObject({ isTravel: true });
  });

  it('GET /locations/{slug}: national-deal and shop are the same location; unknown is 404', async () => {
    const shop = LocationSchema.parse(await f.json('/locations/shop'));
    const national = LocationSchema.parse(await f.json('/locations/national-deal'));
    expect(national).toEqual(shop);
    const res = await f.get('/locations/atlantis');
    expect(res.status).toBe(404);
    expect(ProblemSchema.parse(await res.json()).code).toBe('NOT_FOUND');
    const bad = await f.get('/locations/Bad%20Slug');
    expect(bad.status).toBe(400);
    expect(ProblemSchema.parse(await bad.json()).errors?.[0]?.field).toBe('slug');
  });

  it('GET /categories is flat with parentIds', async () => {
    const { categories } = CategoriesResponseSchema.parse(await f.json('/categories'));
    const byId = new Map(categories.map((c) => [c.id, c]));
    const afternoonTea = categories.find((c) => c.slug === 'afternoon-tea' && c.parentId !== null)!;
    expect(byId.get(afternoonTea.parentId!)?.slug).toBe('food-drink');
    for (const slug of ['restaurants-food', 'activities-entertainment', 'afternoon-tea', 'spa', 'beauty', 'health-fitness', 'learning', 'food-drink', 'electricals', 'home-garden', 'health-beauty', 'fashion', 'toys-gifts']) {
      expect(categories.some((c) => c.slug === slug && c.parentId === null), slug).toBe(true);
    }
  });

  it("GET /navigation/{location}: 'all' first, the city sub-navigation of spec §2, counts", async () => {
    const { navigations } = NavigationResponseSchema.parse(await f.json('/navigation/glasgow?range=1-30'));
    expect(navigations[0]).toMatchObject({ shortName: 'all', url: '/deals/glasgow', isDefault: true, position: 1 });
    expect(navigations.slice(1).map((n) => n.shortName)).toEqual(['restaurants-food', 'activities-entertainment', 'afternoon-tea', 'spa', 'beauty', 'health-fitness', 'learning', 'food-drink']);
    expect(navigations.slice(1).reduce((s, n) => s + n.count, 0)).toBe(navigations[0]!.count);
    const foodDrink = navigations.find((n) => n.shortName === 'food-drink')!;
    expect(foodDrink.subNavigations.map((s) => s.url)).toContain('/deals/glasgow/food-drink/afternoon-tea');
    const list = DealsResponseSchema.parse(await f.json('/deals/glasgow'));
    expect(navigations[0]!.count).toBe(list.searchResult.totalResults);
    const some = NavigationResponseSchema.parse(await f.json('/navigation/glasgow?range=2-3')).navigations;
    expect(some.map((n) => n.position)).toEqual([2, 3]);
  });

  it('travel navigation carries UK Travel and International Travel', async () => {
    const { navigations } = NavigationResponseSchema.parse(await f.json('/navigation/travel'));
    const types = new Set(navigations.slice(1).map((n) => n.navigationType));
    expect(types).toEqual(new Set(['UK Travel', 'International Travel']));
  });

  it('navigation validates range and location', async () => {
    for (const range of ['abc', '5-1', '0-3', '1-30;drop']) {
      const res = await f.get(`/navigation/glasgow?range=${encodeURIComponent(range)}`);
      expect(res.status, range).toBe(400);
      expect(ProblemSchema.parse(await res.json()).errors?.[0]?.field).toBe('range');
    }
    expect((await f.get('/navigation/narnia')).status).toBe(404);
  });

  it('answers 401 without the service token on every protected route (reliability Z5)', async () => {
    for (const path of ['/locations', '/categories', '/navigation/glasgow', '/deals/glasgow', '/deal/1', '/deal?ids=1', '/merchants/1', '/merchants?ids=1', '/nowhere']) {
      const res = await f.app.request(path);
      expect(res.status, path).toBe(401);
      expect(ProblemSchema.parse(await res.json()).code).toBe('UNAUTHORISED');
      expect((await f.app.request(path, { headers: { [SERVICE_TOKEN_HEADER]: `${TEST_TOKEN}x` } })).status).toBe(401);
    }
  });

  it('serves deal images publicly (images/images.test.ts has the rest)', async () => {
    const deal = DealSchema.parse(await f.json('/deal/1'));
    const res = await f.app.request(deal.image.imageUrl.replace('/api/deals', ''));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await f.app.request('/images/99999999')).status).toBe(404);
    expect((await f.app.request('/images/abc')).status).toBe(400);
  });

  it('rejects request bodies over 64 KB with 413 (reliability V3)', async () => {
    const res = await f.app.request('/deal', {
      method: 'POST',
      body: 'x'.repeat(70 * 1024),
      headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(ProblemSchema.parse(await res.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('publishes an OpenAPI 3.1 document that Spectral (oas ruleset) passes with no errors', async () => {
    const res = await f.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/locations', '/locations/{slug}', '/categories', '/navigation/{location}', '/deals/{location}', '/deals/{location}/{category}', '/deals/{location}/{category}/{subcategory}', '/deal/{dealId}', '/deal', '/merchants/{merchantId}', '/merchants', '/images/{imageId}', '/images/{imageId}/{version}/{file}']) {
      expect(doc.paths[p], p).toBeDefined();
      const op = doc.paths[p].get;
      for (const status of Object.keys(op.responses).filter((s) => s.startsWith('4'))) {
        expect(op.responses[status].content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
      }
    }
    const results = await lintOpenApi(doc);
    expect(results.filter((r) => r.severity === 'error')).toEqual([]);
    expect(results.filter((r) => r.severity === 'warning')).toEqual([]);
  });

  it('serves the /docs reference without any external host', async () => {
    const res = await f.app.request('/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('docs/scalar.js');
    const hosts = [...html.matchAll(/(?:src|href)=["'](https?:)?\/\/([^/"']+)/g)].map((m) => m[2]);
    expect(hosts).toEqual([]);
    expect(html).not.toMatch(/cdn\.jsdelivr|fonts\.scalar|unpkg|googleapis/);
    const script = await f.app.request('/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });
});

describe.each(testDatabases())('seed on %s', (_name, open) => {
  it('is deterministic: the same seed gives the same catalogue', async () => {
    const snapshot = async () => {
      return withDatabase(open, async (database) => {
        await migrateDeals(database.db);
        await migrateDeals(database.db); // idempotent
        const result = await seedDeals(database.db, { deals: 120, seed: 99, now: TEST_NOW });
        expect(result.deals).toBe(120);
        const rows = await database.db
          .withSchema('deals')
          .selectFrom('deal')
          .select(['id', 'title', 'headline', 'price_pence', 'location_id', 'category_id', 'sold_count'])
          .orderBy('id')
          .limit(25)
          .execute();
        const images = await database.db.withSchema('deals').selectFrom('image').select(['id', 'body']).orderBy('id').limit(3).execute();
        return { rows, images };
      });
    };
    const [a, b] = [await snapshot(), await snapshot()];
    expect(a).toEqual(b);
    expect(a.rows.every((r) => (r.title as string).length <= 65)).toBe(true);
  });
});
