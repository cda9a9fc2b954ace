/**
 * The anonymous response cache (response-cache.ts): an anonymous query is answered from memory
 * within the TTL (no REST call, the same bytes); anything personal (a session, basket or tracking
 * cookie, a staff key) and every mutation is resolved each time; after the TTL it is resolved again.
 */
import { gunzipSync } from 'node:zlib';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from './yoga.ts';
import { openBuyingServices, type BuyingServices } from '../test/buying-services.ts';
import { testClientAddress } from './test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from './test/helpers.ts';
import { acceptsGzip, anonymousFront, isAnonymousRequest } from './response-cache.ts';

const [, open] = testDatabases()[0]!;
const QUERY = `query($slug: String!) { location(slug: $slug) { name deals(first: 3) { edges { node { dealId title price { amount } } } } } }`;

describe('the anonymous response cache', () => {
  let services: BuyingServices;
  /** The gateway with the cache's front before it, as server.ts serves it. */
  const shopWith = (ttl: number) => {
    const gateway = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger: captureLogger(), exposeRestCalls: true, clientAddress: testClientAddress, responseCacheTtlMs: ttl });
    return { fetch: anonymousFront(gateway.fetch, { ttlMs: ttl, restCallsHeader: true }) };
  };
  beforeAll(async () => {
    services = await openBuyingServices(open);
  });
  afterAll(async () => {
    await services?.close();
  });

  const ask = async (app: ReturnType<typeof shopWith>, headers: Record<string, string> = {}, query = QUERY, variables: Record<string, unknown> = { slug: 'glasgow' }) => {
    const res = await app.fetch(
      new Request('http://shop.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-graphql-csrf': '1', ...headers },
        body: JSON.stringify({ query, variables }),
      }),
    );
    return { status: res.status, calls: Number(res.headers.get('x-rest-calls')), setCookie: res.headers.getSetCookie(), body: await res.text() };
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

  it('never caches a mutation: two anonymous shoppers adding to a basket get two baskets, each with its cookie', async () => {
    const shop = shopWith(60_000);
    const [option] = await services.buyable(1);
    const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename ... on BasketUpdated { basket { id itemCount } } } }`;
    const vars = { i: { dealId: option!.dealId, productId: option!.productId, quantity: 1 } };
    const first = await ask(shop, { cookie: 'td_consent=none' }, ADD, vars);
    const second = await ask(shop, { cookie: 'td_consent=none' }, ADD, vars);
    for (const answer of [first, second]) {
      expect(JSON.parse(answer.body).data.addToBasket.__typename, answer.body).toBe('BasketUpdated');
      expect(answer.calls).toBeGreaterThan(0);
      expect(answer.setCookie.some((c) => c.startsWith('basket_token='))).toBe(true);
    }
    expect(JSON.parse(second.body).data.addToBasket.basket.id).not.toBe(JSON.parse(first.body).data.addToBasket.basket.id);
  });

  it('resolves again once the TTL (and the stale window after it) has passed', async () => {
    const shop = shopWith(100);
    await ask(shop);
    expect((await ask(shop)).calls).toBe(0);
    await new Promise((r) => setTimeout(r, 250));
    expect((await ask(shop)).calls).toBeGreaterThan(0);
  });

  it('answers a repeat from its front as finished bytes: gzipped when the client takes gzip, never with the cache metadata', async () => {
    const shop = shopWith(60_000);
    const first = await ask(shop, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.calls).toBeGreaterThan(0);
    expect(JSON.parse(first.body).extensions).toBeUndefined();
    const res = await shop.fetch(
      new Request('http://shop.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-graphql-csrf': '1', 'accept-encoding': 'gzip, deflate, br' },
        body: JSON.stringify({ query: QUERY, variables: { slug: 'glasgow' } }),
      }),
    );
    expect(res.headers.get('x-rest-calls')).toBe('0');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(first.body);
    // Without gzip: the same text.
    const plain = await ask(shop);
    expect(plain.calls).toBe(0);
    expect(plain.body).toBe(first.body);
  });

  it('keys the front by the headers the pipeline reads: another Accept goes through the pipeline and is answered in its own media type', async () => {
    const shop = shopWith(60_000);
    await ask(shop);
    const res = await shop.fetch(
      new Request('http://shop.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-graphql-csrf': '1' },
        body: JSON.stringify({ query: QUERY, variables: { slug: 'glasgow' } }),
      }),
    );
    // (The plugin behind may still answer it from memory: its key is the operation, not the headers.)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    // Other variables are another answer.
    expect((await ask(shop, {}, QUERY, { slug: 'edinburgh' })).calls).toBeGreaterThan(0);
  });

  it('keeps no answer with errors in its front', async () => {
    const shop = shopWith(60_000);
    const bad = `query { location(slug: "glasgow") { name nope } }`;
    const first = await ask(shop, {}, bad, {});
    expect(JSON.parse(first.body).errors).toBeDefined();
    const again = await ask(shop, {}, bad, {});
    expect(JSON.parse(again.body).errors).toBeDefined();
    expect(JSON.parse(again.body).extensions?.responseCache).toBeUndefined();
  });

  it('acceptsGzip reads Accept-Encoding as HTTP does', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(null)).toBe(false);
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
