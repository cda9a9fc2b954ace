/**
 * Payout statements through the shop (issue 17 point 6), over the real services on one fresh
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a holder buys vouchers of the
 * merchant's deal and of another business's deal with the sandbox card; the merchant redeems one
 * and sees it on this week's statement at 25%, then at the deal's own rate once staff set one; the
 * CSV and PDF downloads with the session; Z: another business's statement is business null in
 * GraphQL and the same 404 page as an unknown business for the files; signed out, a login redirect.
 */
import { londonDate } from '@shop/domain/london-time';
import { londonWeekOf } from '@shop/domain/payouts';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { BuyingServices } from '../../../test/buying-services.ts';
import { openMerchantShop, type MerchantShop } from '../../../test/merchant-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { TEST_TOKEN } from '../../test/helpers.ts';

const LIST = `query($b: ID!) { viewer { merchant { business(id: $b) { payoutStatements(first: 3) { startDate endDate final csvUrl pdfUrl
  totals { vouchers gross { amount currency } commission { amount } refunds refunded { amount } net { amount formatted } } } } } } }`;
const ONE = `query($b: ID!, $from: String!) { viewer { merchant { business(id: $b) { payoutStatement(from: $from) { __typename
  ... on PayoutStatement { startDate endDate totals { vouchers net { amount } } lines { code dealTitle title kind at commissionRate paid { amount } commission { amount } net { amount } } }
  ... on ValidationError { field message } } } } } }`;
const REDEEM = `mutation($i: RedeemVoucherCodeInput!) { redeemVoucherCode(input: $i) { __typename } }`;

describe.each(testDatabases())('payout statements through the shop on %s', (_name, open) => {
  let services: BuyingServices;
  let made: MerchantShop['made'];
  let merchantsApp: MerchantShop['merchantsApp'];
  let merchant: Browser;
  let holder: Browser;
  let mine: { id: number; gid: string };
  let theirs: { id: number; gid: string };
  let first: { dealId: number; productId: number; pricePence: number };
  let myVouchers: { id: string; code: string }[];
  const monday = () => londonDate(londonWeekOf(new Date()).from);

  openMerchantShop(open, { merchant: { firstName: 'Morag', lastName: 'Payouts' }, vouchers: { mine: 2, theirs: 1 } }, (shop) => {
    ({ services, made, merchantsApp, merchant, holder, mine, theirs, myVouchers } = shop);
    first = shop.mine.option;
  });

  const gql = async (b: Browser, query: string, variables?: Record<string, unknown>) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };
  const half = (pence: number, bp: number) => Math.floor((pence * bp + 5000) / 10000);

  it("a redemption is on this week's statement at what it was paid, less 25%; then at the deal's own rate once staff set one", async () => {
    const empty = (await gql(merchant, LIST, { b: mine.gid })).viewer.merchant.business.payoutStatements;
    expect(empty).toHaveLength(3);
    expect(empty[0]).toMatchObject({ startDate: monday(), final: false, totals: { vouchers: 0, net: { amount: 0 } }, csvUrl: `/insights/payouts/${mine.id}/payout-statement-${monday()}.csv` });
    expect(empty[1].endDate < empty[0].startDate).toBe(true);

    expect((await gql(merchant, REDEEM, { i: { businessId: mine.gid, code: myVouchers[0]!.code } })).redeemVoucherCode.__typename).toBe('VoucherCodeRedeemed');
    const price = first.pricePence;
    const [week] = (await gql(merchant, LIST, { b: mine.gid })).viewer.merchant.business.payoutStatements;
    expect(week.totals).toEqual({ vouchers: 1, gross: { amount: price, currency: 'GBP' }, commission: { amount: half(price, 2500) }, refunds: 0, refunded: { amount: 0 }, net: { amount: price - half(price, 2500), formatted: expect.stringMatching(/^£/) } });

    const one = (await gql(merchant, ONE, { b: mine.gid, from: monday() })).viewer.merchant.business.payoutStatement;
    const dealTitle = (await sql<{ title: string }>`select title from deals.deal where id = ${first.dealId}`.execute(services.db)).rows[0]!.title;
    expect(one.lines).toEqual([
      { code: myVouchers[0]!.code, dealTitle, title: expect.any(String), kind: 'REDEEMED', at: expect.any(String), commissionRate: '25%', paid: { amount: price }, commission: { amount: half(price, 2500) }, net: { amount: price - half(price, 2500) } },
    ]);

    // Staff give the deal 12.5%: the statement is computed with it.
    const set = await merchantsApp.request(`/businesses/${mine.id}/deals/${first.dealId}/commission`, {
      method: 'PUT',
      headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ commissionBp: 1250, actorRef: 'staff:anna' }),
    });
    expect(set.status).toBe(200);
    const again = (await gql(merchant, ONE, { b: mine.gid, from: monday() })).viewer.merchant.business.payoutStatement;
    expect(again.lines[0]).toMatchObject({ commissionRate: '12.5%', commission: { amount: half(price, 1250) }, net: { amount: price - half(price, 1250) } });
  });

  it('the CSV and the PDF with the session: attachments, private, with the code and the totals', async () => {
    const csv = await merchant.fetch(`/insights/payouts/${mine.id}/payout-statement-${monday()}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="payout-statement-${monday()}.csv"`);
    expect(csv.headers.get('cache-control')).toBe('private, no-store');
    const text = await csv.text();
    expect(text).toContain(myVouchers[0]!.code);
    expect(text).toMatch(/Net payable,\d+\.\d{2}/);
    const pdf = await merchant.fetch(`/insights/payouts/${mine.id}/payout-statement-${monday()}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("Z: another business's statement is business null in GraphQL and the same 404 page as an unknown business for the files; signed out, a login redirect; not a Monday, a ValidationError", async () => {
    expect((await gql(merchant, LIST, { b: theirs.gid })).viewer.merchant.business).toBeNull();
    expect((await gql(merchant, ONE, { b: theirs.gid, from: monday() })).viewer.merchant.business).toBeNull();
    const foreign = await merchant.fetch(`/insights/payouts/${theirs.id}/payout-statement-${monday()}.csv`);
    const unknown = await merchant.fetch(`/insights/payouts/999999/payout-statement-${monday()}.csv`);
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    // The same page but for the path it names.
    expect((await foreign.text()).replaceAll(`/${theirs.id}/`, '/X/')).toBe((await unknown.text()).replaceAll('/999999/', '/X/'));
    expect((await merchant.fetch(`/insights/payouts/${theirs.id}/payout-statement-${monday()}.pdf`)).status).toBe(404);
    // The holder (a shopper) and a stranger: the same 404; signed out: to the login page.
    expect((await holder.fetch(`/insights/payouts/${mine.id}/payout-statement-${monday()}.csv`)).status).toBe(404);
    const out = await made.browser().fetch(`/insights/payouts/${mine.id}/payout-statement-${monday()}.csv`, { redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/login?redirect=%2Finsights%2Fpayouts');
    // Not a Monday.
    const tuesday = londonDate(new Date(londonWeekOf(new Date()).from.getTime() + 36 * 3_600_000));
    expect((await merchant.fetch(`/insights/payouts/${mine.id}/payout-statement-${tuesday}.csv`)).status).toBe(404);
    expect((await gql(merchant, ONE, { b: mine.gid, from: tuesday })).viewer.merchant.business.payoutStatement).toEqual({ __typename: 'ValidationError', field: 'from', message: 'A weekly statement starts on a Monday.' });
  });
});
