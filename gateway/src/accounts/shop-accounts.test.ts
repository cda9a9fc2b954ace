/**
 * Accounts wired into the shop server: the users service at /api/users behind the service token
 * (Z5), the /dev/outbox page (on outside production or with OUTBOX_PAGE=1, else 404), the
 * shopper's address taken from the socket (TRUST_PROXY: the last X-Forwarded-For hop), and the
 * default PUBLIC_BASE_URL following the address the shop listens on.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp, defaultPublicBaseUrl, outboxPageEnabled, startShop, type RunningShop } from '../server.ts';
import { openAccountServices, PUBLIC_BASE_URL, type AccountServices } from '../test/accounts-services.ts';
import { captureLogger, fakeService, TEST_TOKEN } from '../test/helpers.ts';
import { lastForwardedHop, normaliseAddress } from './client-ip.ts';
import { linkify } from '../html/outbox-page.ts';

const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { __typename } }`;
const graphql = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ query, variables }),
});
let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;

describe('settings', () => {
  it.each([
    [{}, true],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', OUTBOX_PAGE: '1' }, true],
    [{ NODE_ENV: 'production', OUTBOX_PAGE: 'yes' }, false],
  ])('the outbox page with %j: %s', (env, on) => {
    expect(outboxPageEnabled(env)).toBe(on);
  });

  it.each([
    ['127.0.0.1', 4000, 'http://127.0.0.1:4000'],
    ['localhost', 4173, 'http://localhost:4173'],
    ['0.0.0.0', 8080, 'http://localhost:8080'],
    ['::1', 4000, 'http://[::1]:4000'],
  ])('PUBLIC_BASE_URL for %s:%s defaults to %s', (host, port, url) => {
    expect(defaultPublicBaseUrl(host, port)).toBe(url);
  });

  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['not-an-address', null],
    ['', null],
  ])('address %j → %j', (value, expected) => {
    expect(normaliseAddress(value)).toBe(expected);
  });

  it.each([
    ['198.51.100.1, 203.0.113.9', '203.0.113.9'],
    ['spoofed, 10.0.0.1 , 192.0.2.44 ', '192.0.2.44'],
    ['192.0.2.1, garbage', null],
    [null, null],
  ])('X-Forwarded-For %j → last hop %j', (header, expected) => {
    expect(lastForwardedHop(header)).toBe(expected);
  });

  it('the outbox text is escaped, with its http(s) links clickable (a sentence’s full stop left out)', () => {
    expect(linkify('Hi <b>Ann</b>, confirm: https://shop.test/confirm-email?token=a_b-c. Or javascript:alert(1) & "x"')).toBe(
      'Hi &lt;b&gt;Ann&lt;/b&gt;, confirm: <a href="https://shop.test/confirm-email?token=a_b-c">https://shop.test/confirm-email?token=a_b-c</a>. Or javascript:alert(1) &amp; &quot;x&quot;',
    );
  });
});

describe.each(testDatabases())('accounts in the shop server on %s', (_name, open) => {
  let services: AccountServices;
  const logger = captureLogger();

  beforeAll(async () => {
    services = await openAccountServices(open);
  });
  afterAll(() => services?.close());

  const shopWith = (options: Partial<Parameters<typeof createShopApp>[0]> = {}) =>
    createShopApp({
      dealsApp: services.dealsApp,
      searchApp: services.searchApp,
      usersApp: services.usersApp,
      serviceToken: TEST_TOKEN,
      publicBaseUrl: PUBLIC_BASE_URL,
      clientDist: '/nonexistent',
      logger,
      outbox: (o) => services.listOutbox(o),
      ...options,
    }).app;

  it('/api/users needs the service token (Z5)', async () => {
    const shop = shopWith();
    expect((await shop.request('/api/users/session')).status).toBe(401);
    expect((await shop.request('/api/users/session', { headers: { 'x-service-token': 'guess' } })).status).toBe(401);
    expect((await shop.request('/api/users/session', { headers: { 'x-service-token': TEST_TOKEN } })).status).toBe(401);
    const docs = await shop.request('/api/users/openapi.json');
    expect(docs.status).toBe(200);
  });

  it('/dev/outbox lists the mail newest first, links clickable, noindex and uncached; ?to= and ?format=json', async () => {
    const shop = shopWith({ outboxPage: true });
    const first = uniqueEmail('outbox.first');
    const second = uniqueEmail('outbox.second');
    // Each email is sent after the 202 (no enumeration), so wait for one before registering the next.
    for (const email of [first, second]) {
      const res = await shop.request('/graphql', graphql(REGISTER, { input: { email, password: 'Correct-Horse-9', firstName: '<Ann>', lastName: 'Lee' } }));
      expect((await res.json()).data.register.__typename).toBe('RegisterAccepted');
      await services.mail(email);
    }
    const page = await shop.request('/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html.indexOf(second)).toBeGreaterThan(-1);
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
    expect(html).toMatch(new RegExp(`<a href="${PUBLIC_BASE_URL}/confirm-email\\?token=[A-Za-z0-9_%-]+">`));
    expect(html).not.toContain('<Ann>');

    const only = await (await shop.request(`/dev/outbox?to=${encodeURIComponent(first.toUpperCase())}`)).text();
    expect(only).toContain(first);
    expect(only).not.toContain(second);
    const json = (await (await shop.request(`/dev/outbox?format=json&to=${encodeURIComponent(first)}`)).json()) as { messages: { to: string; subject: string; text: string }[] };
    expect(json.messages.map((m) => m.to)).toEqual([first]);
    expect(json.messages[0]!.text).toContain(`${PUBLIC_BASE_URL}/confirm-email?token=`);
  });

  it('/dev/outbox is a 404 when the page is off (production without OUTBOX_PAGE=1)', async () => {
    const shop = shopWith({ outboxPage: false });
    expect((await shop.request('/dev/outbox')).status).toBe(404);
    expect((await shop.request('/dev/outbox?format=json')).status).toBe(404);
  });

  describe('the shopper’s address, from the socket', () => {
    let server: ServerType;
    let trusting: ServerType;
    let usersRequests: Request[] = [];
    const url = (s: ServerType) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

    beforeAll(async () => {
      const users = fakeService((r) => services.usersApp.fetch(r));
      const listen = (trustProxy: boolean) =>
        new Promise<ServerType>((resolve) => {
          const s = serve({ fetch: shopWith({ usersTarget: { app: users }, trustProxy }).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
        });
      usersRequests = users.requests;
      server = await listen(false);
      trusting = await listen(true);
    });
    afterAll(async () => {
      for (const s of [server, trusting]) await new Promise<void>((resolve) => s.close(() => resolve()));
    });
    const lastUsersRequest = () => usersRequests.at(-1)!;

    it('is the socket address; X-Forwarded-For is ignored without TRUST_PROXY', async () => {
      await fetch(`${url(server)}/graphql`, graphql(REGISTER, { input: { email: uniqueEmail('ip'), password: 'Correct-Horse-9', firstName: 'A', lastName: 'B' } }, { 'x-forwarded-for': '203.0.113.77', 'x-client-ip': '203.0.113.78' }));
      expect(lastUsersRequest().headers.get('x-client-ip')).toBe('127.0.0.1');
    });

    it('with TRUST_PROXY it is the last X-Forwarded-For hop', async () => {
      await fetch(`${url(trusting)}/graphql`, graphql(REGISTER, { input: { email: uniqueEmail('ip'), password: 'Correct-Horse-9', firstName: 'A', lastName: 'B' } }, { 'x-forwarded-for': '198.51.100.1, 203.0.113.77' }));
      expect(lastUsersRequest().headers.get('x-client-ip')).toBe('203.0.113.77');
      await fetch(`${url(trusting)}/graphql`, graphql(REGISTER, { input: { email: uniqueEmail('ip'), password: 'Correct-Horse-9', firstName: 'A', lastName: 'B' } }));
      expect(lastUsersRequest().headers.get('x-client-ip')).toBe('127.0.0.1');
    });
  });
});

describe('startShop', () => {
  let shop: RunningShop;
  beforeAll(async () => {
    shop = await startShop({ port: 0, dataDir: 'memory://', logger: captureLogger(), clientDist: '/nonexistent', seedDeals: 40, outboxPage: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('migrates mail and users, mounts them, and email links start with the address it listens on (default PUBLIC_BASE_URL)', async () => {
    expect(shop.url).toBe(`http://127.0.0.1:${shop.port}`);
    const email = uniqueEmail('start');
    const res = await fetch(`${shop.url}/graphql`, graphql(REGISTER, { input: { email, password: 'Correct-Horse-9', firstName: 'Start', lastName: 'Shop' } }));
    expect(((await res.json()) as { data: { register: { __typename: string } } }).data.register.__typename).toBe('RegisterAccepted');
    let text = '';
    for (let i = 0; i < 50 && !text; i += 1) {
      const body = (await (await fetch(`${shop.url}/dev/outbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
      text = body.messages[0]?.text ?? '';
      if (!text) await new Promise((r) => setTimeout(r, 100));
    }
    expect(text).toContain(`http://127.0.0.1:${shop.port}/confirm-email?token=`);
  });
});
