/**
 * MerchantBusiness.sales through the shop's /graphql (issue 17 point 2), over the real services on
 * one fresh database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a holder buys vouchers
 * of the merchant's deal and of another business's deal with the sandbox card; the merchant sees
 * today's sale (the last 30 London days by default), then a redemption; the deal's title comes
 * from the catalogue; a period given is answered, a bad one is a ValidationError naming the field;
 * Z: another business's id gives business null and its vouchers never count in the member's figures.
 */
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { testDatabases } from '@shop/platform/test-databases';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { BuyingServices } from '../../../test/buying-services.ts';
import { openMerchantShop, type MerchantShop } from '../../../test/merchant-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';

const SALES = `query($b: ID!, $from: String, $to: String) { viewer { merchant { business(id: $b) { sales(from: $from, to: $to) { __typename
  ... on MerchantSales { from to totals { sold redeemed refunded expired } soldValue { amount currency formatted } days { date sold redeemed refunded expired }
    options { dealId dealTitle optionId title totals { sold redeemed refunded expired } soldValue { amount currency } days { date sold redeemed soldValue { amount } } } }
  ... on ValidationError { code field message } } } } } }`;
const REDEEM = `mutation($i: RedeemVoucherCodeInput!) { redeemVoucherCode(input: $i) { __typename } }`;

describe.each(testDatabases())('the merchant\'s sales through the shop on %s', (_name, open) => {
  let services: BuyingServices;
  let made: MerchantShop['made'];
  let merchant: Browser;
  let holder: Browser;
  let mine: { id: number; gid: string };
  let theirs: { gid: string };
  let first: { dealId: number; productId: number; pricePence: number };
  let myVouchers: { id: string; code: string }[];

  openMerchantShop(open, { merchant: { firstName: 'Morag', lastName: 'Sales' }, vouchers: { mine: 3, theirs: 2 } }, (shop) => {
    ({ services, made, merchant, holder, mine, theirs, myVouchers } = shop);
    first = shop.mine.option;
  });

  const gql = async (b: Browser, query: string, variables?: Record<string, unknown>) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };
  const salesOf = async (b: Browser, businessId: string, period: { from?: string; to?: string } = {}) => (await gql(b, SALES, { b: businessId, ...period })).viewer.merchant?.business?.sales;
  const salesCalls = () => services.calls.filter((c) => c === 'vouchers POST /sales').length;

  it("today's sale in the last 30 London days by default, per option with the deal's title and what it was paid; then a redemption", async () => {
    const today = londonDate(new Date());
    const before = salesCalls();
    const sales = await salesOf(merchant, mine.gid);
    expect(salesCalls()).toBe(before + 1);
    expect(sales.__typename).toBe('MerchantSales');
    expect(sales.from).toBe(addDaysToDate(today, -29));
    expect(sales.to).toBe(today);
    expect(sales.days).toHaveLength(30);
    expect(sales.days.at(-1)).toEqual({ date: today, sold: 3, redeemed: 0, refunded: 0, expired: 0 });
    expect(sales.totals).toEqual({ sold: 3, redeemed: 0, refunded: 0, expired: 0 });
    const dealTitle = (await sql<{ title: string }>`select title from deals.deal where id = ${first.dealId}`.execute(services.db)).rows[0]!.title;
    expect(sales.options).toEqual([
      {
        dealId: first.dealId,
        dealTitle,
        optionId: first.productId,
        title: expect.any(String),
        totals: { sold: 3, redeemed: 0, refunded: 0, expired: 0 },
        soldValue: { amount: 3 * first.pricePence, currency: 'GBP' },
        days: [{ date: today, sold: 3, redeemed: 0, soldValue: { amount: 3 * first.pricePence } }],
      },
    ]);
    expect(sales.soldValue).toMatchObject({ amount: 3 * first.pricePence, currency: 'GBP' });

    expect((await gql(merchant, REDEEM, { i: { businessId: mine.gid, code: myVouchers[0]!.code } })).redeemVoucherCode.__typename).toBe('VoucherCodeRedeemed');
    const after = await salesOf(merchant, mine.gid, { from: today, to: today });
    expect(after.days).toEqual([{ date: today, sold: 3, redeemed: 1, refunded: 0, expired: 0 }]);
    expect(after.options[0].totals).toEqual({ sold: 3, redeemed: 1, refunded: 0, expired: 0 });
  });

  it('a period before any sale is zeros; a bad period is a ValidationError naming the field, and nothing is asked', async () => {
    const quiet = await salesOf(merchant, mine.gid, { from: '2025-01-01', to: '2025-01-07' });
    expect(quiet.totals).toEqual({ sold: 0, redeemed: 0, refunded: 0, expired: 0 });
    expect(quiet.days).toHaveLength(7);
    expect(quiet.options).toEqual([]);
    const before = salesCalls();
    expect(await salesOf(merchant, mine.gid, { from: '2026-02-30', to: '2026-03-01' })).toMatchObject({ __typename: 'ValidationError', field: 'from' });
    expect(await salesOf(merchant, mine.gid, { from: '2026-03-02', to: '2026-03-01' })).toMatchObject({ __typename: 'ValidationError', field: 'to' });
    expect(await salesOf(merchant, mine.gid, { from: '2025-01-01', to: '2026-03-01' })).toMatchObject({ __typename: 'ValidationError', field: 'to', message: 'Choose a period of at most 366 days.' });
    expect(salesCalls()).toBe(before);
  });

  it("Z: another business's id is business null (its sales are never asked), and a shopper has no merchant side", async () => {
    const before = salesCalls();
    expect((await gql(merchant, SALES, { b: theirs.gid })).viewer.merchant.business).toBeNull();
    expect((await gql(holder, SALES, { b: mine.gid })).viewer.merchant).toBeNull();
    expect((await gql(made.browser(), SALES, { b: mine.gid })).viewer).toBeNull();
    expect(salesCalls()).toBe(before);
  });
});
