/**
 * The shop with the merchants service (seeded: a business per catalogue merchant) over fresh
 * buying services, as the merchant dashboard tests drive it: options of two different businesses,
 * a merchant who owns the first ("mine", not "theirs"), a holder who bought vouchers of both and a
 * plain shopper. Opened before a describe block's tests and closed after them.
 */
import { createMerchantsApp, addMember, migrateMerchants, seedMerchants } from '@shop/merchants';
import { createMailer } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { createShopApp } from '../src/server.ts';
import { testClientAddress, type Browser } from '../src/test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../src/test/helpers.ts';
import { businessGlobalId } from '../src/schema/merchants/till.ts';
import { openBuyingServices, type BuyingServices } from './buying-services.ts';
import { buyVouchers, shopOver, signUpOn, type ShopApp } from './vouchers-shop.ts';

type Option = { dealId: number; productId: number; pricePence: number };

/** A business with the option bought of it. */
export interface ShopBusiness {
  id: number;
  gid: string;
  name: string;
  option: Option;
}

export interface MerchantShop {
  services: BuyingServices;
  made: ReturnType<typeof shopOver>;
  merchantsApp: ReturnType<typeof createMerchantsApp>;
  /** Every request the gateway sent the merchants service ("GET /businesses/1"). */
  merchantCalls: string[];
  /** An owner of `mine`. */
  merchant: Browser;
  /** Bought `vouchers.mine` vouchers of mine's option, then `vouchers.theirs` of theirs'. */
  holder: Browser;
  shopper: Browser;
  mine: ShopBusiness;
  theirs: ShopBusiness;
  myVouchers: { id: string; code: string }[];
  theirVouchers: { id: string; code: string }[];
}

export interface MerchantShopSetup {
  merchant: { firstName: string; lastName: string };
  holder?: { firstName: string; lastName: string };
  /**
   * Conditions on `deals.product p` / `deals.deal d` for the two options (the lowest business ids'
   * first options, already buyable now with room for units); without, the first of
   * `services.buyable` and the first after it of another business.
   */
  where?: RawBuilder<unknown>;
  /** How many vouchers the holder buys of each option (none of theirs when 0), with more PlaceOrderInput. */
  vouchers: { mine: number; theirs: number; input?: Record<string, unknown> };
}

async function businessOf(db: BuyingServices['db'], option: Option): Promise<ShopBusiness> {
  const { rows } = await sql<{ id: number; name: string }>`select b.id, b.name from merchants.business b join deals.deal d on d.merchant_id = b.catalogue_merchant_id where d.id = ${option.dealId}`.execute(db);
  const id = Number(rows[0]!.id);
  return { id, gid: businessGlobalId(id), name: rows[0]!.name, option };
}

async function twoBusinesses(services: BuyingServices, where: RawBuilder<unknown> | undefined): Promise<[ShopBusiness, ShopBusiness]> {
  if (where) {
    const { rows } = await sql<{ deal_id: number; product_id: number; price_pence: number }>`
      select distinct on (b.id) p.deal_id, p.id as product_id, p.price_pence
      from deals.product p join deals.deal d on d.id = p.deal_id join merchants.business b on b.catalogue_merchant_id = d.merchant_id
      where (${where}) and not p.disabled and not p.vip_exclusive and not d.vip_exclusive and p.deposit_price_pence is null
        and (p.remaining is null or p.remaining >= 20) and (d.closing_date is null or d.closing_date > now() + interval '2 days')
      order by b.id, p.deal_id, p.id limit 2`.execute(services.db);
    expect(rows).toHaveLength(2);
    const [a, b] = rows.map((r) => ({ dealId: Number(r.deal_id), productId: Number(r.product_id), pricePence: Number(r.price_pence) }));
    return [await businessOf(services.db, a!), await businessOf(services.db, b!)];
  }
  const options = await services.buyable(20);
  const mine = await businessOf(services.db, options[0]!);
  for (const o of options.slice(1)) {
    const theirs = await businessOf(services.db, o);
    if (theirs.id !== mine.id) return [mine, theirs];
  }
  throw new Error('two businesses needed');
}

/** The merchant shop for a describe block: `ready` gets it once open (before the tests). */
export function openMerchantShop(open: OpenTestDatabase, setup: MerchantShopSetup, ready: (shop: MerchantShop) => void): void {
  let services: BuyingServices | undefined;
  let made: MerchantShop['made'] | undefined;
  beforeAll(async () => {
    services = await openBuyingServices(open);
    await migrateMerchants(services.db);
    await seedMerchants(services.db, { demoMerchants: false });
    const merchantsApp = createMerchantsApp({ db: services.db, serviceToken: TEST_TOKEN, mailer: createMailer({ db: services.db }), publicBaseUrl: 'http://shop.test', log: () => {} });
    const merchantCalls: string[] = [];
    const recorded = { fetch: (request: Request) => (merchantCalls.push(`${request.method} ${new URL(request.url).pathname}`), merchantsApp.fetch(request)) };
    made = shopOver(services, captureLogger(), { merchantsApp: recorded });
    const [mine, theirs] = await twoBusinesses(services, setup.where);
    const merchant = await signUpOn(services, made.browser(), setup.merchant);
    const holder = await signUpOn(services, made.browser(), setup.holder ?? { firstName: 'Hamish', lastName: 'Holder' });
    const shopper = await signUpOn(services, made.browser(), { firstName: 'Shona', lastName: 'Shopper' });
    await addMember(services.db as never, mine.id, await services.customerTokenOf(merchant), 'owner', new Date());
    const { mine: myCount, theirs: theirCount, input } = setup.vouchers;
    const order = '{ vouchers { id code } }';
    const myVouchers = (await buyVouchers(holder, mine.option, myCount, order, input)).vouchers;
    const theirVouchers = theirCount > 0 ? (await buyVouchers(holder, theirs.option, theirCount, order, input)).vouchers : [];
    ready({ services, made, merchantsApp, merchantCalls, merchant, holder, shopper, mine, theirs, myVouchers, theirVouchers });
  }, 180_000);
  afterAll(async () => {
    made?.close();
    await services?.close();
  });
}

/**
 * The shop with the merchants service (migrated, no businesses) over fresh buying services, as
 * the staff and application tests drive it: the services' warnings go to `logger`, which must
 * have logged no error by the end; `ready` gets the services and the shop once open.
 */
export function openMerchantsShop(
  open: OpenTestDatabase,
  logger: ReturnType<typeof captureLogger>,
  shopOptions: Pick<Parameters<typeof createShopApp>[0], 'publicBaseUrl'>,
  ready: (services: BuyingServices, shop: ShopApp) => Promise<void>,
): void {
  let services: BuyingServices | undefined;
  let dist: string | undefined;
  beforeAll(async () => {
    const opened = (services = await openBuyingServices(open));
    await migrateMerchants(opened.db);
    const merchantsApp = createMerchantsApp({ db: opened.db, serviceToken: TEST_TOKEN, mailer: createMailer({ db: opened.db }), publicBaseUrl: 'http://shop.test', log: (message, fields) => logger.warn(message, fields) });
    dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
    const app = (name: keyof BuyingServices['targets']) => {
      const target = opened.targets[name];
      if (!target || !('app' in target)) throw new Error(name);
      return target.app;
    };
    const shop = createShopApp({
      dealsApp: app('deals'),
      usersApp: opened.usersApp,
      merchantsApp,
      buying: { basket: { app: app('basket') }, checkout: { app: app('checkout') }, payment: { app: app('payment') }, wallet: { app: app('wallet') }, vouchers: { app: app('vouchers') }, address: { app: app('address') } },
      serviceToken: TEST_TOKEN,
      ...shopOptions,
      clientDist: dist,
      logger,
      gateway: { clientAddress: testClientAddress },
    }).app;
    await ready(opened, shop);
  }, 120_000);
  afterAll(async () => {
    await services?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
}
