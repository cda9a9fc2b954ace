/**
 * The merchant's till through the shop's /graphql (issue 17 points 1 and 3), over the real
 * services on one fresh database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the
 * merchants service (seeded: a business per catalogue merchant) and the vouchers service, with
 * a shopper's vouchers bought with the sandbox card.
 *
 * - viewer.merchant: a member's businesses with the role; a shopper's is null; the dashboard URL;
 * - redeemVoucherCode: Redeemed (voucher, titles, undo deadline), AlreadyRedeemed (when),
 *   NotRedeemable (refunded), NotFoundError for a random code;
 * - undoRedemption: undone, then VOUCHER_NOT_REDEEMED; redeemed again afterwards;
 * - redeemVoucherCodes: a result per line (redeemed, already, not found, unreadable), the
 *   10,000-code limit naming the file; the till's file route (the file itself, larger than /graphql
 *   takes): 10,000 codes, every line answered once, nothing redeemed twice;
 * - Z: another business's voucher is the same NotFoundError as a random code (and stays unredeemed),
 *   another business's undo too; a shopper without membership and an unknown business id get
 *   NotFoundError, signed out UnauthenticatedError; the merchants and vouchers calls made.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { testDatabases } from '@shop/platform/test-databases';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { BuyingServices } from '../../../test/buying-services.ts';
import { openMerchantShop, type MerchantShop, type ShopBusiness } from '../../../test/merchant-shop.ts';
import { buyVouchers } from '../../../test/vouchers-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import { businessGlobalId } from './till.ts';

const MERCHANT = `{ viewer { merchant { businesses { id name type city role catalogueMerchant { id } } merchantDashboardUrl(merchantType: LOCAL) } } }`;
const REDEEM = `mutation($i: RedeemVoucherCodeInput!) { redeemVoucherCode(input: $i) { __typename
  ... on VoucherCodeRedeemed { voucherId voucherCode dealTitle optionTitle redeemedAt undoUntil }
  ... on VoucherCodeAlreadyRedeemed { voucherCode message previouslyRedeemedAt }
  ... on VoucherCodeNotRedeemable { voucherCode message }
  ... on UserError { code message field } } }`;
const UNDO = `mutation($i: UndoRedemptionInput!) { undoRedemption(input: $i) { __typename
  ... on RedemptionUndone { voucherId voucherCode status }
  ... on UserError { code message field } } }`;
const FILE = `mutation($i: RedeemVoucherCodesInput!) { redeemVoucherCodes(input: $i) { __typename
  ... on VoucherCodesRedeemed { lines { line code result message redeemedAt } summary { redeemed alreadyRedeemed notRedeemable notFound unreadable } }
  ... on UserError { code message field } } }`;
const RECENT = `query($b: ID!) { viewer { merchant { recentRedemptions(businessId: $b, first: 5) { channel code result at } } } }`;
const VOUCHERS = `{ viewer { vouchers(first: 20) { edges { node { id code status } } } } }`;
const REFUND = `mutation($i: RefundVoucherInput!) { refundVoucher(input: $i) { __typename } }`;

const RANDOM_CODE = 'ZZZZZZ-ZZZZZZ-ZZZZZZ';

describe.each(testDatabases())("the merchant's till through the shop on %s", (_name, open) => {
  let services: BuyingServices;
  let made: MerchantShop['made'];
  let merchantCalls: string[];
  let merchant: Browser;
  let shopper: Browser;
  let holder: Browser;
  /** The merchant's business (the first option's deal) and another business (the second's). */
  let mine: ShopBusiness;
  let theirs: ShopBusiness;
  let myVouchers: { id: string; code: string }[];
  let theirVouchers: { id: string; code: string }[];
  let firstDealId: number;

  openMerchantShop(open, { merchant: { firstName: 'Morag', lastName: 'Till' }, vouchers: { mine: 4, theirs: 1 } }, (shop) => {
    ({ services, made, merchantCalls, merchant, shopper, holder, mine, theirs, myVouchers, theirVouchers } = shop);
    firstDealId = mine.option.dealId;
  });

  const gql = async (b: Browser, query: string, variables?: Record<string, unknown>) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };
  const redeem = async (b: Browser, businessId: string, code: string) => (await gql(b, REDEEM, { i: { businessId, code } })).redeemVoucherCode;
  const undo = async (b: Browser, businessId: string, voucherId: string) => (await gql(b, UNDO, { i: { businessId, voucherId } })).undoRedemption;
  const statusOf = async (code: string) => ((await gql(holder, VOUCHERS)).viewer.vouchers.edges as any[]).find((e) => e.node.code === code)!.node.status;

  it("viewer.merchant: a member's businesses with the role and the dashboard URL; a shopper's is null", async () => {
    const { viewer } = await gql(merchant, MERCHANT);
    const catalogueMerchant = (await sql<{ merchant_id: number }>`select merchant_id from deals.deal where id = ${firstDealId}`.execute(services.db)).rows[0]!.merchant_id;
    expect(viewer.merchant.businesses).toEqual([
      { id: mine.gid, name: mine.name, type: expect.stringMatching(/^(LOCAL|SHOP|TRAVEL)$/), city: expect.any(String), role: 'OWNER', catalogueMerchant: { id: toGlobalId('Merchant', Number(catalogueMerchant)) } },
    ]);
    expect(viewer.merchant.merchantDashboardUrl).toBe('/insights?type=local');
    expect((await gql(shopper, MERCHANT)).viewer.merchant).toBeNull();
    expect((await gql(made.browser(), MERCHANT)).viewer).toBeNull();
  });

  it('redeems a typed code (any case, spaces around it) with the undo deadline, then answers already redeemed with when', async () => {
    const v = myVouchers[0]!;
    merchantCalls.length = 0;
    const before = Date.now();
    const res = await merchant.gql(REDEEM, { i: { businessId: mine.gid, code: `  ${v.code.toLowerCase()} ` } });
    const answer = res.body.data.redeemVoucherCode;
    expect(answer).toMatchObject({ __typename: 'VoucherCodeRedeemed', voucherId: expect.stringMatching(/^[0-9a-f-]{36}$/), voucherCode: v.code, dealTitle: expect.any(String), optionTitle: expect.any(String) });
    const redeemedAt = Date.parse(answer.redeemedAt);
    expect(redeemedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(answer.undoUntil) - redeemedAt).toBe(15 * 60_000);
    // The membership (with the deal ids) from the merchants service; the redemption from the vouchers service.
    expect(merchantCalls).toEqual([`GET /businesses/${mine.id}`]);
    expect(await statusOf(v.code)).toBe('Redeemed');

    const again = await redeem(merchant, mine.gid, v.code);
    expect(again).toMatchObject({ __typename: 'VoucherCodeAlreadyRedeemed', voucherCode: v.code, message: expect.stringMatching(/^This voucher was redeemed on /) });
    expect(Math.abs(Date.parse(again.previouslyRedeemedAt) - redeemedAt)).toBeLessThan(5000);
  });

  it('a refunded voucher is not redeemable (the words say why); a random code is NotFoundError', async () => {
    const v = myVouchers[1]!;
    const refunded = await gql(holder, REFUND, { i: { voucherId: (await gql(holder, VOUCHERS)).viewer.vouchers.edges.find((e: any) => e.node.code === v.code).node.id, destination: 'ORIGINAL', idempotencyKey: `till-${Date.now()}` } });
    expect(refunded.refundVoucher.__typename).toBe('VoucherRefunded');
    expect(await redeem(merchant, mine.gid, v.code)).toEqual({ __typename: 'VoucherCodeNotRedeemable', voucherCode: v.code, message: 'This voucher cannot be redeemed: its status is Refunded.' });
    expect(await redeem(merchant, mine.gid, RANDOM_CODE)).toEqual({ __typename: 'NotFoundError', code: 'NOT_FOUND', message: 'Sorry, we could not find that.', field: 'code' });
    expect(await redeem(merchant, mine.gid, '  ')).toMatchObject({ __typename: 'ValidationError', field: 'code', message: 'Enter a voucher code.' });
  });

  it('undoes a redemption within the window; a second undo is VOUCHER_NOT_REDEEMED; the code redeems again', async () => {
    const v = myVouchers[2]!;
    const redeemed = await redeem(merchant, mine.gid, v.code);
    expect(redeemed.__typename).toBe('VoucherCodeRedeemed');
    expect(await undo(merchant, mine.gid, redeemed.voucherId)).toEqual({ __typename: 'RedemptionUndone', voucherId: redeemed.voucherId, voucherCode: v.code, status: 'Ready to Redeem' });
    expect(await statusOf(v.code)).toBe('Ready to Redeem');
    expect(await undo(merchant, mine.gid, redeemed.voucherId)).toEqual({ __typename: 'RedemptionError', code: 'VOUCHER_NOT_REDEEMED', message: 'This voucher is not redeemed, so there is nothing to undo.', field: 'voucherId' });
    expect((await redeem(merchant, mine.gid, v.code)).__typename).toBe('VoucherCodeRedeemed');
    const recent = (await gql(merchant, RECENT, { b: mine.gid })).viewer.merchant.recentRedemptions;
    expect(recent.slice(0, 4).map((a: any) => a.result)).toEqual(['REDEEMED', 'UNDO_REFUSED', 'UNDONE', 'REDEEMED']);
  });

  it('Z: another business\'s voucher is the same NotFoundError as a random code and stays unredeemed; its undo too', async () => {
    const foreign = theirVouchers[0]!;
    const random = await merchant.gql(REDEEM, { i: { businessId: mine.gid, code: RANDOM_CODE } });
    const other = await merchant.gql(REDEEM, { i: { businessId: mine.gid, code: foreign.code } });
    expect(other.body).toEqual(random.body);
    expect(await statusOf(foreign.code)).toBe('Ready to Redeem');
    // Naming the other business instead: not a member, the same as an unknown business.
    const viaTheirs = await merchant.gql(REDEEM, { i: { businessId: theirs.gid, code: foreign.code } });
    const unknown = await merchant.gql(REDEEM, { i: { businessId: businessGlobalId(99_999_999), code: foreign.code } });
    const malformed = await merchant.gql(REDEEM, { i: { businessId: 'not-an-id', code: foreign.code } });
    expect(viaTheirs.body).toEqual({ data: { redeemVoucherCode: { __typename: 'NotFoundError', code: 'NOT_FOUND', message: 'Sorry, we could not find that.', field: 'businessId' } } });
    expect(unknown.body).toEqual(viaTheirs.body);
    expect(malformed.body).toEqual(viaTheirs.body);
    expect(await statusOf(foreign.code)).toBe('Ready to Redeem');
    // An undo of a voucher of another business (redeemed by nobody) and of a random id: the same.
    const foreignId = (await services.db.selectFrom('vouchers.voucher' as never).select('id' as never).where('code' as never, '=', foreign.code as never).executeTakeFirstOrThrow()) as { id: string };
    expect(await undo(merchant, mine.gid, foreignId.id)).toEqual(await undo(merchant, mine.gid, '00000000-0000-4000-8000-000000000000'));
    expect(await undo(merchant, mine.gid, foreignId.id)).toMatchObject({ __typename: 'NotFoundError', field: 'voucherId' });
    expect(await undo(merchant, theirs.gid, foreignId.id)).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    expect((await gql(merchant, RECENT, { b: theirs.gid })).viewer.merchant.recentRedemptions).toBeNull();
  });

  it('Z: a shopper without membership gets NotFoundError for the business (no vouchers call); signed out, UnauthenticatedError', async () => {
    const v = myVouchers[3]!;
    merchantCalls.length = 0;
    const res = await shopper.gql(REDEEM, { i: { businessId: mine.gid, code: v.code } });
    expect(res.body.data.redeemVoucherCode).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    expect(merchantCalls).toEqual([`GET /businesses/${mine.id}`]);
    expect(await undo(shopper, mine.gid, '00000000-0000-4000-8000-000000000000')).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    expect((await gql(shopper, FILE, { i: { businessId: mine.gid, csv: v.code } })).redeemVoucherCodes).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    expect(await redeem(made.browser(), mine.gid, v.code)).toMatchObject({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED' });
    expect(await statusOf(v.code)).toBe('Ready to Redeem');
  });

  it('redeems a file: one result per line (redeemed, already redeemed, not found, the same code again, unreadable), blank lines skipped', async () => {
    const fresh = myVouchers[3]!;
    const used = myVouchers[0]!;
    const csv = ['code', fresh.code.toLowerCase(), '', used.code, RANDOM_CODE, '"unclosed', fresh.code, ''].join('\n');
    const answer = (await gql(merchant, FILE, { i: { businessId: mine.gid, csv, fileName: 'friday.csv' } })).redeemVoucherCodes;
    expect(answer.__typename).toBe('VoucherCodesRedeemed');
    expect(answer.lines.map((l: any) => [l.line, l.code, l.result])).toEqual([
      [2, fresh.code.toLowerCase(), 'REDEEMED'],
      [4, used.code, 'ALREADY_REDEEMED'],
      [5, RANDOM_CODE, 'NOT_FOUND'],
      [6, '', 'UNREADABLE'],
      [7, fresh.code, 'ALREADY_REDEEMED'],
    ]);
    expect(answer.lines[4].message).toBe('Already redeemed (line 2).');
    expect(answer.summary).toEqual({ redeemed: 1, alreadyRedeemed: 2, notRedeemable: 0, notFound: 1, unreadable: 1 });
    expect(await statusOf(fresh.code)).toBe('Redeemed');
  });

  it("the till's file route takes the file itself: 10,000 codes with mixed results, every line answered once, nothing redeemed twice", async () => {
    const option = (await services.buyable(20)).find((o) => o.dealId === firstDealId)!;
    const [a, b, used] = (await buyVouchers(holder, option, 3, '{ vouchers { id code } }')).vouchers as Array<{ id: string; code: string }>;
    const fresh = [a!, b!];
    expect((await redeem(merchant, mine.gid, used!.code)).__typename).toBe('VoucherCodeRedeemed');
    const randoms = Array.from({ length: 9_995 }, (_, i) => `R${i.toString(36).toUpperCase().padStart(5, '0')}-ZZZZZZ-ZZZZZZ`);
    const csv = ['code', fresh[0]!.code, fresh[1]!.code, theirVouchers[0]!.code, used!.code, fresh[0]!.code, ...randoms].join('\n');
    expect(csv.length).toBeGreaterThan(200 * 1024); // twice what /graphql takes
    const send = async (b: Browser, body: string, type = 'text/csv') => {
      const res = await b.fetch(`/insights/redemption-file?${new URLSearchParams({ business: mine.gid, name: 'month.csv' })}`, { method: 'POST', headers: { 'content-type': type }, body });
      return { status: res.status, body: (await res.json()) as any };
    };
    const first = await send(merchant, csv);
    expect(first.status).toBe(200);
    expect(first.body.__typename).toBe('VoucherCodesRedeemed');
    expect(first.body.lines.map((l: any) => l.line)).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 2));
    expect(first.body.summary).toEqual({ redeemed: 2, alreadyRedeemed: 2, notRedeemable: 0, notFound: 9_996, unreadable: 0 });
    expect(first.body.lines.slice(0, 5).map((l: any) => l.result)).toEqual(['REDEEMED', 'REDEEMED', 'NOT_FOUND', 'ALREADY_REDEEMED', 'ALREADY_REDEEMED']);
    // The same file again: nothing more is redeemed.
    const again = await send(merchant, csv);
    expect(again.body.summary).toEqual({ redeemed: 0, alreadyRedeemed: 4, notRedeemable: 0, notFound: 9_996, unreadable: 0 });
    const events = await sql<{ voucher_id: string; n: number }>`select e.voucher_id, count(*)::int as n from vouchers.voucher_event e join vouchers.voucher v on v.id = e.voucher_id
      where e.event = 'redeem' and v.code in (${sql.join(fresh.map((v) => v.code))}) group by e.voucher_id`.execute(services.db);
    expect(events.rows.map((r) => r.n)).toEqual([1, 1]);
    expect(await statusOf(theirVouchers[0]!.code)).toBe('Ready to Redeem');
    // Z and bad requests: a shopper is not found (as an unknown business), signed out is unauthenticated, a form's content type is refused.
    expect((await send(shopper, fresh[0]!.code)).body).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    expect((await send(made.browser(), fresh[0]!.code)).body).toMatchObject({ __typename: 'UnauthenticatedError' });
    expect(await send(merchant, `code=${fresh[0]!.code}`, 'application/x-www-form-urlencoded')).toMatchObject({ status: 415, body: { field: 'csv' } });
    expect(await send(merchant, fresh[0]!.code, 'text/plain')).toMatchObject({ status: 415, body: { field: 'csv' } });
    const crossSite = await merchant.fetch(`/insights/redemption-file?${new URLSearchParams({ business: mine.gid })}`, { method: 'POST', headers: { 'content-type': 'text/csv', 'sec-fetch-site': 'cross-site' }, body: fresh[0]!.code });
    expect(crossSite.status).toBe(403);
  }, 120_000);

  it('a file of more than 10,000 codes is refused naming the file, before any redemption; an empty one too', async () => {
    // Short codes, so that the file fits the /graphql body limit (100 KiB): the count is what is refused.
    const csv = Array.from({ length: 10_001 }, (_, i) => i.toString(36)).join('\n');
    expect((await gql(merchant, FILE, { i: { businessId: mine.gid, csv, fileName: 'big.csv' } })).redeemVoucherCodes).toEqual({
      __typename: 'ValidationError',
      code: 'REDEMPTION_FILE_TOO_LARGE',
      message: 'big.csv has 10,001 codes: a file of codes can have at most 10,000.',
      field: 'csv',
    });
    expect((await gql(merchant, FILE, { i: { businessId: mine.gid, csv: '\n\n' } })).redeemVoucherCodes).toMatchObject({ __typename: 'ValidationError', field: 'csv', message: 'This file has no codes: put one code on each line.' });
  });
});
