/**
 * The till's camera through the shop's /graphql (issue 17 point 3, redeemScannedVoucher), over the
 * real merchants and vouchers services on one fresh database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), with a shopper's vouchers bought with the sandbox card:
 *
 * - a scanned redemption link (Voucher.redemptionLink, what the printed QR carries) redeems, then
 *   answers already redeemed; a bare code scanned redeems too;
 * - a forged link (a real voucher id, a wrong signature), a link of another business's voucher and
 *   a random code are the same NotFoundError, and nothing is redeemed; text that is not a link
 *   (another QR in view) is that NotFoundError as well;
 * - the attempts log says QR, or OFFLINE for a queued scan; a queue's replay with the same
 *   attemptId answers the first answer, byte for byte, and redeems nothing more.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { randomUUID } from 'node:crypto';
import { testDatabases } from '@shop/platform/test-databases';
import { describe, expect, it } from 'vitest';
import { openMerchantShop } from '../../../test/merchant-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';

const SCAN = `mutation($i: RedeemScannedVoucherInput!) { redeemScannedVoucher(input: $i) { __typename
  ... on VoucherCodeRedeemed { voucherId voucherCode dealTitle optionTitle redeemedAt undoUntil }
  ... on VoucherCodeAlreadyRedeemed { voucherCode message previouslyRedeemedAt }
  ... on VoucherCodeNotRedeemable { voucherCode message }
  ... on UserError { code message field } } }`;
const RECENT = `query($b: ID!) { viewer { merchant { recentRedemptions(businessId: $b, first: 10) { channel code result at } } } }`;
const VOUCHERS = `{ viewer { vouchers(first: 20) { edges { node { id code status redemptionLink } } } } }`;

describe.each(testDatabases())("the till's camera through the shop on %s", (_name, open) => {
  let merchant: Browser;
  let holder: Browser;
  let mine: string;
  let myVouchers: { code: string }[];
  let theirVouchers: { code: string }[];

  openMerchantShop(open, { merchant: { firstName: 'Morag', lastName: 'Scanner' }, vouchers: { mine: 4, theirs: 1 } }, (shop) => {
    ({ merchant, holder, myVouchers, theirVouchers } = shop);
    mine = shop.mine.gid;
  });

  const gql = async (b: Browser, query: string, variables?: Record<string, unknown>) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };
  const scan = async (input: Record<string, unknown>) => (await gql(merchant, SCAN, { i: { businessId: mine, ...input } })).redeemScannedVoucher;
  const held = async (code: string) => ((await gql(holder, VOUCHERS)).viewer.vouchers.edges as any[]).find((e) => e.node.code === code)!.node as { status: string; redemptionLink: string };
  const recent = async () => (await gql(merchant, RECENT, { b: mine })).viewer.merchant.recentRedemptions as { channel: string; code: string; result: string }[];

  it("redeems the voucher a scanned QR link names (channel QR), then answers already redeemed; a bare code scanned redeems too", async () => {
    const v = myVouchers[0]!;
    const { redemptionLink } = await held(v.code);
    expect(redemptionLink).toMatch(/\/merchant\/redeem\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/);
    const answer = await scan({ scanned: redemptionLink });
    expect(answer).toMatchObject({ __typename: 'VoucherCodeRedeemed', voucherCode: v.code, voucherId: expect.stringMatching(/^[0-9a-f-]{36}$/), optionTitle: expect.any(String) });
    expect(Date.parse(answer.undoUntil) - Date.parse(answer.redeemedAt)).toBe(15 * 60_000);
    expect((await held(v.code)).status).toBe('Redeemed');
    expect(await scan({ scanned: redemptionLink })).toMatchObject({ __typename: 'VoucherCodeAlreadyRedeemed', voucherCode: redemptionLink, message: expect.stringMatching(/^This voucher was redeemed on /) });
    expect((await recent()).slice(0, 2)).toEqual([
      expect.objectContaining({ channel: 'QR', code: redemptionLink, result: 'ALREADY_REDEEMED' }),
      expect.objectContaining({ channel: 'QR', code: redemptionLink, result: 'REDEEMED' }),
    ]);

    const bare = myVouchers[1]!;
    expect(await scan({ scanned: ` ${bare.code.toLowerCase()} ` })).toMatchObject({ __typename: 'VoucherCodeRedeemed', voucherCode: bare.code });
    expect((await recent())[0]).toMatchObject({ channel: 'QR', code: bare.code, result: 'REDEEMED' });
  });

  it('Z: a forged link, a link of another business\'s voucher and a random code are the same NotFoundError; nothing is redeemed', async () => {
    const v = myVouchers[2]!;
    const link = (await held(v.code)).redemptionLink;
    const sig = link.slice(link.lastIndexOf('.') + 1);
    const forged = `${link.slice(0, link.lastIndexOf('.') + 1)}${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const foreign = (await held(theirVouchers[0]!.code)).redemptionLink;
    const random = await merchant.gql(SCAN, { i: { businessId: mine, scanned: 'ZZZZZZ-ZZZZZZ-ZZZZZZ' } });
    expect(random.body).toEqual({ data: { redeemScannedVoucher: { __typename: 'NotFoundError', code: 'NOT_FOUND', message: 'Sorry, we could not find that.', field: 'scanned' } } });
    for (const scanned of [forged, foreign, `${link.slice(0, link.lastIndexOf('.'))}`, 'WIFI:S:cafe;T:WPA;P:secret;;', 'https://example.com/menu']) {
      expect((await merchant.gql(SCAN, { i: { businessId: mine, scanned } })).body, scanned).toEqual(random.body);
    }
    expect((await held(v.code)).status).toBe('Ready to Redeem');
    expect((await held(theirVouchers[0]!.code)).status).toBe('Ready to Redeem');
    // The forged and the foreign link reached the service, and are logged not found, like a random code.
    const log = await recent();
    expect(log.find((a) => a.code === forged)).toMatchObject({ channel: 'QR', result: 'NOT_FOUND' });
    expect(log.find((a) => a.code === foreign)).toMatchObject({ channel: 'QR', result: 'NOT_FOUND' });
  });

  it('a queued scan (OFFLINE) sent twice with its attemptId answers the first answer both times and redeems once', async () => {
    const v = myVouchers[3]!;
    const link = (await held(v.code)).redemptionLink;
    const attemptId = randomUUID();
    const first = await merchant.gql(SCAN, { i: { businessId: mine, scanned: link, channel: 'OFFLINE', attemptId } });
    expect(first.body.data.redeemScannedVoucher).toMatchObject({ __typename: 'VoucherCodeRedeemed', voucherCode: v.code });
    const replay = await scan({ scanned: link, channel: 'OFFLINE', attemptId });
    expect({ ...replay, redeemedAt: null, undoUntil: null }).toEqual({ ...first.body.data.redeemScannedVoucher, redeemedAt: null, undoUntil: null });
    expect((await held(v.code)).status).toBe('Redeemed');
    const log = (await recent()).filter((a) => a.code === link);
    expect(log.map((a) => [a.channel, a.result])).toEqual([['OFFLINE', 'REDEEMED']]);
    // A new attempt (another device) for the same voucher: already redeemed, as the queue shows "redeemed elsewhere".
    expect(await scan({ scanned: link, channel: 'OFFLINE', attemptId: randomUUID() })).toMatchObject({ __typename: 'VoucherCodeAlreadyRedeemed' });
    expect(await scan({ scanned: link, attemptId: 'not-a-uuid' })).toMatchObject({ __typename: 'ValidationError', field: 'attemptId' });
  });
});
