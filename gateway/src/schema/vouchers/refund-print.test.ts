/**
 * What a holder does with a voucher after buying it (issue 16 points 4 and 5), through the shop
 * (createShopApp: /graphql and the printed voucher's route) against the real services (vouchers,
 * checkout, payment, basket, deals, users, wallet) on one fresh database (PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set), buying with the Braintree sandbox card
 * (gateway/test/buying-services.ts):
 *
 * - refundVoucher: to the card (VoucherRefunded, the voucher Refunded), the same key again (the
 *   same refund), again with a new key (VoucherActionError VOUCHER_NOT_REFUNDABLE), as wallet
 *   credit without consent (ValidationError walletConsent) and with it, past the 14 days
 *   (REFUND_WINDOW_CLOSED), a key reused for another voucher (IDEMPOTENCY_CONFLICT); another
 *   shopper's voucher is the same NotFoundError as a random id after the same calls (Z1); signed
 *   out, UnauthenticatedError;
 * - Voucher.redemptionLink (the holder's only, never the code) and Voucher.howToRedeem;
 * - GET /myaccount/vouchers/{id}/voucher.pdf: the holder's PDF; anyone else's, an unknown or a
 *   malformed id the 404 page; signed out, to the login page.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { messageFor } from '@shop/domain';
import { testDatabases } from '@shop/platform/test-databases';
import { describe, expect, it } from 'vitest';
import { buyVouchers, openVouchersShop, signUpOn } from '../../../test/vouchers-shop.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { captureLogger } from '../../test/helpers.ts';
import { REDEEM_ILLUSTRATION_ENUM } from './redeem-illustration.ts';
import { REDEEM_INSTRUCTIONS } from '@shop/domain/redeem-instructions';

const REFUND = `mutation($i: RefundVoucherInput!) { refundVoucher(input: $i) { __typename
  ... on VoucherRefunded { refund { id destination state cashAmount { amount currency } walletAmount { amount } createdAt } voucher { id code status statusCode } }
  ... on UserError { code message field } } }`;
const VOUCHERS = `{ viewer { vouchers(first: 20) { edges { node { id code status statusCode redemptionLink redeemIllustration howToRedeem { title steps } } } } } }`;
const WALLET = `{ viewer { wallet { refundableBalance { amount } } } }`;

let sequence = 0;
const key = () => `refund-${Date.now().toString(36)}-${(sequence += 1)}-${Math.random().toString(36).slice(2, 10)}`;
/** The voucher's own id (the service's UUID) from its global id Voucher:{orderNumber}:{voucherId}. */
const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[2]!;
const pdfPath = (globalId: string) => `/myaccount/vouchers/${encodeURIComponent(globalId)}/voucher.pdf`;

describe.each(testDatabases())('refunds and printed vouchers through the shop on %s', (_name, open) => {
  const logger = captureLogger();
  let holder: Browser;
  let other: Browser;
  /** The holder's order of three vouchers (ids as the list has them). */
  let bought: { orderNumber: string; vouchers: { id: string; code: string; redemptionLink: string | null }[] };

  const browser = () => shop.made.browser();

  const signedUp = () => signUpOn(shop.services, browser(), { firstName: 'Morag', lastName: 'Refund' });

  const refund = async (b: Browser, input: Record<string, unknown>) => {
    const res = await b.gql(REFUND, { i: input });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return { result: res.body.data.refundVoucher, restCalls: Number(res.headers.get('x-rest-calls')) };
  };
  const voucherOf = async (b: Browser, id: string) => ((await b.gql(VOUCHERS)).body.data.viewer.vouchers.edges as any[]).find((e) => e.node.id === id)?.node;

  const shop = openVouchersShop(
    open,
    async () => {
      holder = await signedUp();
      other = await signedUp();
      bought = await buyVouchers(holder, shop.option, 3, '{ orderNumber vouchers { id code redemptionLink } }');
    },
    logger,
  );

  it("the holder's vouchers carry their QR code's signed link (never the code) and how to redeem them; the order's view has no link", async () => {
    // Through the order (placeOrder's answer, the confirmation page): no link.
    expect(bought.vouchers.map((v) => v.redemptionLink)).toEqual([null, null, null]);
    const list = (await holder.gql(VOUCHERS)).body.data.viewer.vouchers.edges.map((e: any) => e.node);
    expect(list).toHaveLength(3);
    const links = new Set<string>();
    for (const v of list) {
      expect(v.redemptionLink).toMatch(/^http:\/\/shop\.test\/merchant\/redeem\/[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/);
      expect(v.redemptionLink).toContain(uuidOf(v.id));
      expect(v.redemptionLink).not.toContain(v.code);
      expect(v.redemptionLink).not.toContain(v.code.replace(/-/g, ''));
      const illustration = Object.entries(REDEEM_ILLUSTRATION_ENUM).find(([, value]) => value === v.redeemIllustration)![0] as keyof typeof REDEEM_INSTRUCTIONS;
      expect(v.howToRedeem).toEqual({ title: REDEEM_INSTRUCTIONS[illustration].title, steps: [...REDEEM_INSTRUCTIONS[illustration].steps] });
      links.add(v.redemptionLink);
    }
    expect(links.size).toBe(3);
  });

  it('GET /myaccount/vouchers/{id}/voucher.pdf: the holder gets the PDF, private and inline', async () => {
    const [voucher] = bought.vouchers as [(typeof bought.vouchers)[number]];
    const res = await holder.fetch(pdfPath(voucher.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="voucher-${voucher.code}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    // What the gateway sent the vouchers service: the deal from the deals service, the holder's token.
    expect(shop.services.calls).toContain('vouchers POST /deal/print-voucher');
  });

  it('the printed voucher of another shopper, an unknown or a malformed id is the 404 page; signed out, the login page', async () => {
    const [voucher] = bought.vouchers as [(typeof bought.vouchers)[number]];
    const random = toGlobalId('Voucher', `${bought.orderNumber}:00000000-0000-4000-8000-000000000000`);
    const retyped = toGlobalId('Voucher', `TD0:${uuidOf(voucher.id)}`);
    for (const id of [voucher.id, random, retyped, 'not-an-id', toGlobalId('Order', bought.orderNumber)]) {
      const res = await other.fetch(pdfPath(id));
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toContain('<div id="root">');
    }
    const guest = browser();
    const res = await guest.fetch(pdfPath(voucher.id), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Fmyaccount%2Fvouchers');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // A dead session cookie is cleared on the way.
    const stale = browser().setCookie('__Host-sid', 'a'.repeat(43));
    const again = await stale.fetch(pdfPath(voucher.id), { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(stale.cookie('__Host-sid')).toBeUndefined();
  });

  it('refundVoucher: to the card in one step, the voucher Refunded; the same key answers the same refund; a new one is VOUCHER_NOT_REFUNDABLE', async () => {
    const voucher = bought.vouchers[0]!;
    const attempt = key();
    const { result } = await refund(holder, { voucherId: voucher.id, idempotencyKey: attempt });
    expect(result).toMatchObject({
      __typename: 'VoucherRefunded',
      refund: { destination: 'ORIGINAL', cashAmount: { amount: shop.option.pricePence, currency: 'GBP' }, walletAmount: { amount: 0 } },
      voucher: { id: voucher.id, code: voucher.code, status: 'Refunded', statusCode: 'REFUNDED' },
    });
    // The card part waits for the provider until it confirms (the job retries): either is right here.
    expect(['REQUESTED', 'COMPLETED']).toContain(result.refund.state);
    expect(await voucherOf(holder, voucher.id)).toMatchObject({ status: 'Refunded', statusCode: 'REFUNDED', redemptionLink: expect.any(String) });

    // A retry of the same attempt (its answer lost): the same refund, not a second one.
    const again = (await refund(holder, { voucherId: voucher.id, idempotencyKey: attempt })).result;
    expect(again).toMatchObject({ __typename: 'VoucherRefunded', refund: { id: result.refund.id }, voucher: { statusCode: 'REFUNDED' } });

    // A new attempt: refused in the service's words of why.
    const refused = (await refund(holder, { voucherId: voucher.id, idempotencyKey: key() })).result;
    expect(refused).toEqual({ __typename: 'VoucherActionError', code: 'VOUCHER_NOT_REFUNDABLE', message: `${messageFor('VOUCHER_NOT_REFUNDABLE')} Its status is Refunded.`, field: null });

    // The key of that refund used for another voucher.
    const conflict = (await refund(holder, { voucherId: bought.vouchers[1]!.id, idempotencyKey: attempt })).result;
    expect(conflict).toMatchObject({ __typename: 'ValidationError', code: 'IDEMPOTENCY_CONFLICT', field: 'idempotencyKey' });
    expect((await voucherOf(holder, bought.vouchers[1]!.id)).statusCode).toBe('READY_TO_REDEEM');
  });

  it('as wallet credit only with consent: without it a ValidationError on walletConsent; with it, the price in the wallet', async () => {
    const voucher = bought.vouchers[1]!;
    const refused = (await refund(holder, { voucherId: voucher.id, destination: 'WALLET', idempotencyKey: key() })).result;
    expect(refused).toEqual({ __typename: 'ValidationError', code: 'WALLET_CONSENT_REQUIRED', message: messageFor('WALLET_CONSENT_REQUIRED'), field: 'walletConsent' });
    const unticked = (await refund(holder, { voucherId: voucher.id, destination: 'WALLET', walletConsent: false, idempotencyKey: key() })).result;
    expect(unticked).toMatchObject({ __typename: 'ValidationError', field: 'walletConsent' });
    expect((await voucherOf(holder, voucher.id)).statusCode).toBe('READY_TO_REDEEM');

    const before = (await holder.gql(WALLET)).body.data.viewer.wallet;
    const balanceBefore = before.find(() => true)?.refundableBalance.amount ?? 0;
    const { result } = await refund(holder, { voucherId: voucher.id, destination: 'WALLET', walletConsent: true, idempotencyKey: key() });
    expect(result).toMatchObject({
      __typename: 'VoucherRefunded',
      refund: { destination: 'WALLET', state: 'COMPLETED', cashAmount: { amount: 0 }, walletAmount: { amount: shop.option.pricePence } },
      voucher: { id: voucher.id, statusCode: 'REFUNDED' },
    });
    const after = (await holder.gql(WALLET)).body.data.viewer.wallet;
    expect(after[0].refundableBalance.amount).toBe(balanceBefore + shop.option.pricePence);
  });

  it('past the 14 days: REFUND_WINDOW_CLOSED, saying when the window ended', async () => {
    const voucher = bought.vouchers[2]!;
    const paidAt = new Date(Date.now() - 20 * 86_400_000);
    await shop.services.db.updateTable('vouchers.voucher').set({ paid_at: paidAt }).where('id', '=', uuidOf(voucher.id)).execute();
    const { result } = await refund(holder, { voucherId: voucher.id, idempotencyKey: key() });
    expect(result).toMatchObject({ __typename: 'VoucherActionError', code: 'REFUND_WINDOW_CLOSED', field: null });
    expect(result.message).toMatch(new RegExp(`^${messageFor('REFUND_WINDOW_CLOSED')} Its refund window ended at the end of \\d{1,2} [A-Z][a-z]+ \\d{4}\\.$`));
    expect((await voucherOf(holder, voucher.id)).statusCode).toBe('READY_TO_REDEEM');
  });

  it("Z1: another shopper's voucher is the same NotFoundError as a random id, after the same calls; bad input names its field; signed out is UnauthenticatedError", async () => {
    const voucher = bought.vouchers[2]!;
    const notFound = { __typename: 'NotFoundError', code: 'NOT_FOUND', message: messageFor('NOT_FOUND'), field: 'voucherId' };
    const theirs = await refund(other, { voucherId: voucher.id, idempotencyKey: key() });
    const random = await refund(other, { voucherId: toGlobalId('Voucher', `${bought.orderNumber}:00000000-0000-4000-8000-000000000000`), idempotencyKey: key() });
    expect(theirs.result).toEqual(notFound);
    expect(random.result).toEqual(notFound);
    expect(theirs.restCalls).toBe(random.restCalls);
    for (const voucherId of ['not-an-id', toGlobalId('Order', bought.orderNumber), toGlobalId('Voucher', `TD0:${uuidOf(voucher.id)}`)]) {
      expect((await refund(other, { voucherId, idempotencyKey: key() })).result).toEqual(notFound);
    }
    expect((await refund(holder, { voucherId: voucher.id, idempotencyKey: 'x'.repeat(65) })).result).toMatchObject({ __typename: 'ValidationError', field: 'idempotencyKey' });
    expect((await refund(holder, { voucherId: voucher.id, idempotencyKey: 'has space' })).result).toMatchObject({ __typename: 'ValidationError', field: 'idempotencyKey' });

    const guest = browser();
    expect((await refund(guest, { voucherId: voucher.id, idempotencyKey: key() })).result).toEqual({
      __typename: 'UnauthenticatedError',
      code: 'UNAUTHENTICATED',
      message: messageFor('UNAUTHENTICATED'),
      field: null,
    });
    expect((await voucherOf(holder, voucher.id)).statusCode).toBe('READY_TO_REDEEM');
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('exchangeVoucherForCredit after the 14 days: the paid price as wallet credit, the voucher Request Processed; once; another shopper\'s is NotFoundError', async () => {
    const voucher = bought.vouchers[2]!;
    const EXCHANGE = `mutation($i: ExchangeVoucherForCreditInput!) { exchangeVoucherForCredit(input: $i) { __typename
      ... on VoucherCredited { credit { amount currency } voucher { id statusCode paid { amount } } }
      ... on UserError { code message field } } }`;
    const exchange = async (b: Browser, voucherId: string) => {
      const res = await b.gql(EXCHANGE, { i: { voucherId } });
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data.exchangeVoucherForCredit;
    };
    expect(await exchange(other, voucher.id)).toMatchObject({ __typename: 'NotFoundError', field: 'voucherId' });
    const balanceBefore = (await holder.gql(WALLET)).body.data.viewer.wallet[0]?.refundableBalance.amount ?? 0;
    expect(await exchange(holder, voucher.id)).toEqual({
      __typename: 'VoucherCredited',
      credit: { amount: shop.option.pricePence, currency: 'GBP' },
      voucher: { id: voucher.id, statusCode: 'REQUEST_PROCESSED', paid: { amount: shop.option.pricePence } },
    });
    expect((await holder.gql(WALLET)).body.data.viewer.wallet[0].refundableBalance.amount).toBe(balanceBefore + shop.option.pricePence);
    expect(await exchange(holder, voucher.id)).toEqual({
      __typename: 'VoucherActionError',
      code: 'VOUCHER_NOT_EXCHANGEABLE',
      message: `${messageFor('VOUCHER_NOT_EXCHANGEABLE')} Its status is Request Processed.`,
      field: null,
    });
  });
});
