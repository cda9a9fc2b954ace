/**
 * The anonymous response cache (response-cache.ts): an anonymous query is answered from memory
 * within the TTL (no REST call, the same bytes); anything personal (a session, basket or tracking
 * cookie, a staff key) and every mutation is resolved each time; after the TTL it is resolved again.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from './server.ts';
import { openSeededShopServices } from './test/search-service.ts';
import { captureLogger, TEST_TOKEN } from './test/helpers.ts';
import { isAnonymousRequest } from './response-cache.ts';

const [, open] = testDatabases()[0]!;
const QUERY = `query($slug: String!) { location(slug: $slug) { name deals(first: 3) { edges { node { dealId title price { amount } } } } } }`;

describe('the anonymous response cache', () => {
  let close = async () => {};
  let services: Awaited<ReturnType<typeof openSeededShopServices>>;
  const apps: Array<ReturnType<typeof createShopApp>['app']> = [];
  const shopWith = (ttl: number) => {
    const app = createShopApp({ dealsApp: services.dealsApp, searchApp: services.searchApp, serviceToken: TEST_TOKEN, logger: captureLogger(), gateway: { responseCacheTtlMs: ttl, exposeRestCalls: true } }).app;
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    services = await openSeededShopServices(open, 30);
    close = services.close;
  });
  afterAll(async () => {
    await close();
  });

  const ask = async (app: ReturnType<typeof shopWith>, headers: Record<string, string> = {}, query = QUERY) => {
    const res = await app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-graphql-csrf': '1', ...headers },
      body: JSON.stringify({ query, variables: { slug: 'glasgow' } }),
    });
    return { status: res.status, calls: Number(res.headers.get('x-rest-calls')), body: await res.text() };
  };

  it('answers an anonymous query from memory within the TTL, with the same bytes', async () => {
    const shop = shopWith(60_000);
    const first = await ask(shop);
    expect(first.status).toBe(200);
    expect(first.calls).toBeGreaterThan(0);
    expect(JSON.parse(first.body).data.location.deals.edges).toHaveLength(3);
    const again = await ask(shop);
    expect(again.calls).toBe(0);
    expect(again.body).toBe(first.body);
    // The consent choice alone is not personal.
    expect((await ask(shop, { cookie: 'td_consent=none' })).calls).toBe(0);
  });

  it.each([
    ['a session', { cookie: 'session=abc' }],
    ['a guest basket', { cookie: 'td_consent=none; basket_token=AAAAAAAAAAAAAAAA' }],
    ['an A/B group', { cookie: 'ab_group=b' }],
    ['a staff key', { authorization: 'Bearer not-a-key' }],
  ])('resolves every request that carries %s', async (_what, headers) => {
    const shop = shopWith(60_000);
    await ask(shop);
    const personal = await ask(shop, headers);
    expect(personal.calls, JSON.stringify(personal.body).slice(0, 200)).toBeGreaterThan(0);
    expect((await ask(shop, headers)).calls).toBeGreaterThan(0);
  });

  it('never caches a mutation, and resolves again once the TTL has passed', async () => {
    const shop = shopWith(150);
    const mutation = `mutation { subscribeEmail(input: { email: "cache.test@example.com", source: HEADER }) { __typename } }`;
    const m1 = await ask(shop, {}, mutation);
    const m2 = await ask(shop, {}, mutation);
    expect(m1.calls).toBeGreaterThan(0);
    expect(m2.calls).toBeGreaterThan(0);
    await ask(shop);
    expect((await ask(shop)).calls).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect((await ask(shop)).calls).toBeGreaterThan(0);
  });

  it('is off when the TTL is 0', async () => {
    const shop = shopWith(0);
    await ask(shop);
    expect((await ask(shop)).calls).toBeGreaterThan(0);
  });

  it('isAnonymousRequest: only the consent cookie, and no authorization', () => {
    const req = (headers: Record<string, string>) => new Request('http://shop.test/graphql', { headers });
    expect(isAnonymousRequest(req({}))).toBe(true);
    expect(isAnonymousRequest(req({ cookie: 'td_consent=statistics' }))).toBe(true);
    expect(isAnonymousRequest(req({ cookie: 'td_consent=none; location=glasgow' }))).toBe(false);
    expect(isAnonymousRequest(req({ authorization: 'Bearer x' }))).toBe(false);
  });
});

describe('staleWhileRevalidateCache', () => {
  it('fresh within the TTL; then one request resolves again while the others get the stale answer; gone after two TTLs', async () => {
    const { staleWhileRevalidateCache } = await import('./response-cache.ts');
    let t = 0;
    const cache = staleWhileRevalidateCache(2, () => t);
    const answer = { data: { n: 1 } };
    cache.set('k', answer, [], 100);
    expect(cache.get('k')).toBe(answer);
    t = 150;
    expect(cache.get('k')).toBeUndefined(); // the first after expiry resolves it again
    expect(cache.get('k')).toBe(answer); // the rest: the stale answer meanwhile
    const next = { data: { n: 2 } };
    cache.set('k', next, [], 100);
    expect(cache.get('k')).toBe(next);
    t = 500;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.get('k')).toBeUndefined();
    // Least recently used out past the size.
    cache.set('a', answer, [], 1000);
    cache.set('b', answer, [], 1000);
    cache.get('a');
    cache.set('c', answer, [], 1000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(answer);
  });
});
