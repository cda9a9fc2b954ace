/**
 * The merchants service wired into the one-process shop (issue 17): mounted at /api/merchants
 * behind the service token, migrated and seeded at every start (a business per catalogue
 * merchant, idempotent across restarts), and the demo merchants made only in a development or
 * test shop (where the outbox page is on), signing in through the users service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { GIFT_CARD_MERCHANT_ID } from '@shop/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_PASSWORD, DEMO_MERCHANTS, MERCHANTS_BASE_PATH } from '@shop/merchants';
import { openDatabase } from '@shop/platform';
import { USERS_BASE_PATH } from '@shop/users';
import { startShop } from './server.ts';
import { captureLogger, TEST_TOKEN } from './test/helpers.ts';

const login = (url: string, email: string, password: string) =>
  fetch(`${url}${USERS_BASE_PATH}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-token': TEST_TOKEN, 'x-client-ip': '127.0.0.2' },
    body: JSON.stringify({ loginRequest: { j_username: email, j_password: password } }),
  });

describe('the shop with the merchants service', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-merchants-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const counts = async () => {
    const database = await openDatabase({ dataDir });
    try {
      const n = async (q: ReturnType<typeof sql<{ n: string }>>) => Number((await q.execute(database.db)).rows[0]!.n);
      return {
        // The gift-card deal's merchant is the shop itself, never a business (issue 18 point 2).
        merchants: await n(sql`select count(*) as n from deals.merchant where id <> ${GIFT_CARD_MERCHANT_ID}`),
        businesses: await n(sql`select count(*) as n from merchants.business`),
        catalogueBusinesses: await n(sql`select count(distinct catalogue_merchant_id) as n from merchants.business`),
        memberships: await n(sql`select count(*) as n from merchants.membership`),
        accounts: await n(sql`select count(*) as n from users.account`),
      };
    } finally {
      await database.close();
    }
  };

  it('mounts it behind the service token, seeds a business per catalogue merchant and the demo merchants, and a restart changes nothing', async () => {
    const logger = captureLogger();
    const shop = await startShop({ port: 0, dataDir, seedDeals: 30, serviceToken: TEST_TOKEN, logger, clientDist: '/nonexistent' });
    try {
      const url = `${shop.url}${MERCHANTS_BASE_PATH}/merchant-dashboard-url?merchantType=shop`;
      expect((await fetch(url)).status).toBe(401);
      const ok = await fetch(url, { headers: { 'x-service-token': TEST_TOKEN } });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ url: '/insights?type=shop' });
      expect((await fetch(`${shop.url}${MERCHANTS_BASE_PATH}/openapi.json`)).status).toBe(200);
      for (const demo of DEMO_MERCHANTS) expect((await login(shop.url, demo.email, DEMO_MERCHANT_PASSWORD)).status, demo.email).toBe(200);
    } finally {
      await shop.close();
    }
    const first = await counts();
    expect(first.merchants).toBeGreaterThan(5);
    expect(first.businesses).toBe(first.merchants);
    expect(first.catalogueBusinesses).toBe(first.merchants);
    expect(first.accounts).toBe(DEMO_MERCHANTS.length);
    expect(first.memberships).toBe(DEMO_MERCHANTS.reduce((sum, d) => sum + d.memberships.reduce((n, m) => n + m.count, 0), 0));
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);

    const again = await startShop({ port: 0, dataDir, seedDeals: 30, serviceToken: TEST_TOKEN, logger: captureLogger(), clientDist: '/nonexistent' });
    await again.close();
    expect(await counts()).toEqual(first);
  }, 180_000);

  it('a shop told not to (production, even with the outbox page on) makes no demo merchants', async () => {
    const shop = await startShop({ port: 0, dataDir: 'memory://', seedDeals: 20, serviceToken: TEST_TOKEN, logger: captureLogger(), clientDist: '/nonexistent', outboxPage: true, demoMerchants: false });
    try {
      expect((await login(shop.url, DEMO_MERCHANTS[0]!.email, DEMO_MERCHANT_PASSWORD)).status).toBe(401);
    } finally {
      await shop.close();
    }
  }, 120_000);
});
