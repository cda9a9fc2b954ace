import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { MERCHANTS_BASE_PATH } from './app.ts';
import { merchantsFixture, type MerchantsFixture, type Problem } from './test/merchants-fixture.ts';

describe.each(testDatabases())('merchants service on %s', (_name, open) => {
  let f: MerchantsFixture;
  beforeAll(async () => {
    f = await merchantsFixture(open, 40);
  });
  afterAll(async () => {
    expect(f?.logged).toEqual([]);
    await f?.close();
  });

  it('publishes an OpenAPI 3.1 document that Spectral passes with no errors or warnings; every route but the docs needs the service token', async () => {
    const doc = (await (await f.app.request('/openapi.json')).json()) as { servers: Array<{ url: string }>; paths: Record<string, unknown> };
    expect(doc.servers[0]!.url).toBe(MERCHANTS_BASE_PATH);
    expect(Object.keys(doc.paths).sort()).toEqual(['/applications', '/applications/{id}', '/applications/{id}/approve', '/applications/{id}/reject', '/businesses', '/businesses/{id}', '/businesses/{id}/commission', '/businesses/{id}/deals/{dealId}/commission', '/merchant-dashboard-url', '/staff/businesses/{id}']);
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
    expect((await f.app.request('/docs')).status).toBe(200);
    for (const [method, path] of [['GET', '/merchant-dashboard-url?merchantType=local'], ['POST', '/applications'], ['GET', '/applications/1'], ['POST', '/applications/1/approve'], ['POST', '/applications/1/reject'], ['GET', '/businesses?customerToken=x'], ['GET', '/businesses/1?customerToken=x'], ['GET', '/businesses/1/commission'], ['PUT', '/businesses/1/deals/1/commission'], ['GET', '/staff/businesses/1']] as const) {
      const res = await f.app.request(path, { method, headers: { 'x-service-token': 'wrong' } });
      expect(res.status, path).toBe(401);
    }
  });

  it('GET /merchant-dashboard-url: /insights with the type for local, shop and travel (spec §7)', async () => {
    for (const type of ['local', 'shop', 'travel']) {
      expect(await f.expect(f.call('GET', `/merchant-dashboard-url?merchantType=${type}`), 200)).toEqual({ url: `/insights?type=${type}` });
    }
  });

  it('GET /merchant-dashboard-url: anything else is a 400 naming merchantType', async () => {
    for (const q of ['', '?merchantType=', '?merchantType=LOCAL', '?merchantType=vip', '?merchantType=local%00', `?merchantType=${'x'.repeat(2000)}`, '?merchantType=local&merchantType=shop', '?type=local']) {
      const body = await f.expect<Problem>(f.call('GET', `/merchant-dashboard-url${q}`), 400);
      expect(body.code, q).toBe('VALIDATION_FAILED');
      expect(body.errors!.map((e) => e.field), q).toEqual(['merchantType']);
    }
  });
});
