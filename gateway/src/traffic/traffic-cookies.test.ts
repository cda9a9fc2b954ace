/**
 * The traffic middleware through the whole shop app: which cookies a page request gets before a
 * choice, after Accept and after Reject, with what attributes, and never on API or file requests.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from '../server.ts';
import { openSeededDeals } from '../test/deals-service.ts';
import { captureLogger, TEST_TOKEN } from '../test/helpers.ts';
import { isPageRequest } from './traffic-cookies.ts';

describe('isPageRequest', () => {
  it.each<[string, string, boolean]>([
    ['GET', '/deals/glasgow', true],
    ['HEAD', '/', true],
    ['GET', '/page/aboutus', true],
    ['POST', '/deals/glasgow', false],
    ['GET', '/api/deals/locations', false],
    ['GET', '/graphql', false],
    ['GET', '/health', false],
    ['GET', '/assets/main-abc.js', false],
    ['GET', '/favicon.svg', false],
  ])('%s %s → %s', (method, path, page) => expect(isPageRequest(method, path)).toBe(page));
});

describe.each(testDatabases().slice(0, 1))('traffic cookies on %s', (_name, open) => {
  let close = async () => {};
  let shop: ReturnType<typeof createShopApp>['app'];
  const dist = mkdtempSync(join(tmpdir(), 'shop-dist-traffic-'));

  beforeAll(async () => {
    const deals = await openSeededDeals(open, 20);
    close = deals.close;
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1);');
    shop = createShopApp({ dealsApp: deals.app, serviceToken: TEST_TOKEN, clientDist: dist, logger: captureLogger() }).app;
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await close();
  });

  const cookiesOf = async (url: string, cookie?: string) => {
    const res = await shop.request(url, { headers: cookie ? { cookie } : {} });
    const list = res.headers.getSetCookie();
    return { res, list, byName: Object.fromEntries(list.map((c) => [c.slice(0, c.indexOf('=')), c])) };
  };

  it('before any choice: necessary and statistical cookies only, with Path, SameSite and no Secure over http', async () => {
    const { res, byName } = await cookiesOf('http://localhost/deals/glasgow?gclid=g1&msclkid=m1&ito=email_daily');
    expect(res.status).toBe(200);
    expect(Object.keys(byName).sort()).toEqual(['ab_group', 'dynamic_price', 'location', 'search_group', 'session_source', 'user_source']);
    expect(byName.ab_group).toMatch(/^ab_group=(AA|BB); Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(byName.search_group).toMatch(/^search_group=(a|b); Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(byName.dynamic_price).toMatch(/^dynamic_price=[abc]; Path=\/; Expires=\w{3}, \d\d \w{3} \d{4} 23:59:59 GMT; SameSite=Lax$/);
    expect(byName.location).toBe('location=glasgow; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(byName.user_source).toBe('user_source=email_daily; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax');
    expect(byName.session_source).toBe('session_source=email_daily; Path=/; HttpOnly; SameSite=Lax');
  });

  it('after Accept all (over https): click ids, brand and affiliate cookies, all Secure', async () => {
    const { byName } = await cookiesOf('https://shop.example/deals/glasgow?gclid=g1&msclkid=m1&ito=email_daily', 'td_consent=none; ab_group=AA; search_group=a; dynamic_price=b');
    expect(byName.gclid).toBe('gclid=g1; Path=/; Max-Age=31536000; HttpOnly; Secure; SameSite=Lax');
    expect(byName.msclkid).toBe('msclkid=m1; Path=/; Max-Age=31536000; HttpOnly; Secure; SameSite=Lax');
    expect(byName.brand).toBe('brand=email; Path=/; Max-Age=2592000; Secure; SameSite=Lax');
    expect(byName.ab_group).toBeUndefined();
    const aff = await cookiesOf('https://shop.example/deals/glasgow?ito=affiliate_awin', 'td_consent=none');
    expect(aff.byName.user_source).toBe('user_source=affiliate_awin; Path=/; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax');
    expect(aff.byName.affiliate).toBe('affiliate=affiliate_awin; Path=/; Max-Age=2592000; Secure; SameSite=Lax');
  });

  it('after Reject all: only the strictly necessary cookies', async () => {
    const { byName } = await cookiesOf('http://localhost/deals/glasgow?gclid=g1&ito=criteo&usr_src=sponsored_search_1', 'td_consent=statistics.marketing.link-building');
    expect(Object.keys(byName).sort()).toEqual(['dynamic_price', 'location']);
  });

  it('a registered_user brand is sticky', async () => {
    const { byName } = await cookiesOf('http://localhost/deals/glasgow?ito=criteo', 'td_consent=none; brand=registered_user');
    expect(byName.brand).toBeUndefined();
  });

  it('never on API, GraphQL, health or file requests; also on a 404 page', async () => {
    for (const path of ['/api/deals/openapi.json', '/health', '/assets/main-abc123.js', '/graphql?query=%7B__typename%7D']) {
      const { list } = await cookiesOf(`http://localhost${path}?gclid=x`, 'td_consent=none');
      expect(list, path).toEqual([]);
    }
    const missing = await cookiesOf('http://localhost/no/such/page');
    expect(missing.res.status).toBe(404);
    expect(Object.keys(missing.byName)).toContain('dynamic_price');
  });
});
