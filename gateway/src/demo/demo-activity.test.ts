/**
 * The development shop's demo activity (issue 17 point 8) on a fresh shop: the demo shopper buys
 * vouchers of the Glasgow demo merchant's businesses and books dates, the merchant redeems some,
 * so the dashboard has sales, bookings and a payout statement to show; a second run (the next
 * start on the same database) makes nothing more.
 */
import { createMailer } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { createMerchantsApp, DEMO_MERCHANTS, migrateMerchants, seedMerchants } from '@shop/merchants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, type BuyingServices } from '../../test/buying-services.ts';
import { shopOver } from '../../test/vouchers-shop.ts';
import { captureLogger, TEST_TOKEN } from '../test/helpers.ts';
import { DEMO_SHOPPER, seedDemoActivity } from './demo-activity.ts';

describe.each(testDatabases())('demo activity on %s', (_name, open) => {
  let services: BuyingServices;
  let made: ReturnType<typeof shopOver>;
  const logger = captureLogger();

  beforeAll(async () => {
    services = await openBuyingServices(open);
    await migrateMerchants(services.db);
    await seedMerchants(services.db, { demoMerchants: true });
    const merchantsApp = createMerchantsApp({ db: services.db, serviceToken: TEST_TOKEN, mailer: createMailer({ db: services.db }), publicBaseUrl: 'http://shop.test', log: () => {} });
    made = shopOver(services, logger, { merchantsApp });
    // The small test catalogue may give the Glasgow demo merchant no deal booked on a calendar,
    // as the full seed does: make their first buyable deal one.
    await sql`
      update deals.deal set booking_calendar_on_redemption = true where id = (
        select min(d.id) from deals.deal d
          join deals.product p on p.deal_id = d.id and not p.disabled and not p.vip_exclusive and p.deposit_price_pence is null and p.postage_pence is null
          join merchants.business b on b.catalogue_merchant_id = d.merchant_id
          join merchants.membership m on m.business_id = b.id and m.role = 'owner'
          join users.account a on a.customer_token = m.customer_token
        where a.email = ${DEMO_MERCHANTS[0]!.email} and not d.vip_exclusive and not d.price_per_person
          and (d.closing_date is null or d.closing_date > now() + interval '2 days'))`.execute(services.db);
  }, 180_000);
  afterAll(async () => {
    made?.close();
    await services?.close();
  });

  const run = () => seedDemoActivity({ db: services.db, fetch: (request) => made.app.fetch(request), origin: 'http://shop.test', logger });
  const vouchersOf = async (email: string) =>
    (
      await sql<{ status: string; n: number }>`
        select v.status, count(*)::int as n from vouchers.voucher v join users.account a on a.customer_token = v.customer_token
        where a.email = ${email} group by v.status`.execute(services.db)
    ).rows;

  it('buys, books and redeems through the shop once, and a second start changes nothing', async () => {
    const made1 = await run();
    expect(made1).not.toBeNull();
    expect(made1!.bought).toBeGreaterThan(0);
    expect(made1!.redeemed).toBeGreaterThan(0);
    expect(made1!.redeemed).toBeLessThan(made1!.bought);
    expect(made1!.booked).toBe(2);

    // What the shopper holds is what the run says it made, every voucher paid for by a real order.
    const held = await vouchersOf(DEMO_SHOPPER.email);
    expect(held.reduce((n, r) => n + r.n, 0)).toBe(made1!.bought);
    expect(held.find((r) => r.status === 'Redeemed')?.n ?? 0).toBe(made1!.redeemed);
    expect(held.find((r) => r.status === 'Booked')?.n ?? 0).toBe(made1!.booked);
    const orders = await sql<{ n: number }>`
      select count(distinct v.order_id)::int as n from vouchers.voucher v join users.account a on a.customer_token = v.customer_token
      where a.email = ${DEMO_SHOPPER.email}`.execute(services.db);
    expect(orders.rows[0]!.n).toBeGreaterThan(0);

    // Every voucher is of a business the Glasgow demo merchant belongs to.
    const foreign = await sql<{ n: number }>`
      select count(*)::int as n from vouchers.voucher v
        join users.account a on a.customer_token = v.customer_token
        join deals.deal d on d.id = v.deal_id
        join merchants.business b on b.catalogue_merchant_id = d.merchant_id
      where a.email = ${DEMO_SHOPPER.email}
        and b.id not in (select m.business_id from merchants.membership m join users.account ma on ma.customer_token = m.customer_token where ma.email = ${DEMO_MERCHANTS[0]!.email})`.execute(services.db);
    expect(foreign.rows[0]!.n).toBe(0);

    // Booked dates are requests the merchant has to confirm.
    const bookings = await sql<{ n: number }>`select count(*)::int as n from vouchers.booking where status = 'requested'`.execute(services.db);
    expect(bookings.rows[0]!.n).toBe(made1!.booked);

    // The next start: the shopper already holds vouchers, so nothing is bought or redeemed again.
    expect(await run()).toBeNull();
    expect(await vouchersOf(DEMO_SHOPPER.email)).toEqual(held);
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  }, 300_000);
});
