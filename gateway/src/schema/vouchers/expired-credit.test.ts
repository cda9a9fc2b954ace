/**
 * An expired voucher's paid value as wallet credit valid 14 days (spec §9), through the shop
 * (createShopApp: /graphql) against the real services on one fresh database (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set), bought with the Braintree sandbox card:
 *
 * - Voucher.expiredCredit: offered (the paid price, valid until the end of day 14 in London from
 *   today) for the holder's voucher once it is Expired, or past its date before the expiry job ran;
 *   null for a voucher in date;
 * - takeExpiredVoucherCredit: the credit and its end, the voucher Request Processed (no offer any
 *   more), the wallet up by the price; again, or for a voucher in date, a VoucherActionError
 *   VOUCHER_NOT_EXPIRED in the service's words; another shopper's voucher the same NotFoundError
 *   as a random id; signed out, UnauthenticatedError.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { messageFor } from '@shop/domain';
import { expiredCreditUntil } from '@shop/domain/voucher-status';
import { testDatabases } from '@shop/platform/test-databases';
import { expireVouchers } from '@shop/vouchers';
import { describe, expect, it } from 'vitest';
import { buyVouchers, openVouchersShop, signUpOn } from '../../../test/vouchers-shop.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { captureLogger } from '../../test/helpers.ts';

const VOUCHERS = `{ viewer { vouchers(first: 20) { edges { node { id statusCode expiredCredit { amount { amount currency formatted } validUntil } } } } } }`;
const WALLET = `{ viewer { wallet { balance { amount } } } }`;
const TAKE = `mutation($i: TakeExpiredVoucherCreditInput!) { takeExpiredVoucherCredit(input: $i) { __typename
  ... on ExpiredVoucherCreditTaken { credit { amount currency } validUntil voucher { id statusCode expiredCredit { validUntil } } }
  ... on UserError { code message field } } }`;

/** The voucher's own id (the service's UUID) from its global id Voucher:{orderNumber}:{voucherId}. */
const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[2]!;
const DAY = 86_400_000;

describe.each(testDatabases())('expired voucher credit through the shop on %s', (_name, open) => {
  const logger = captureLogger();
  let holder: Browser;
  let other: Browser;
  let bought: { orderNumber: string; vouchers: { id: string; expiredCredit: unknown }[] };

  const take = async (b: Browser, voucherId: string) => {
    const res = await b.gql(TAKE, { i: { voucherId } });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return { result: res.body.data.takeExpiredVoucherCredit, restCalls: Number(res.headers.get('x-rest-calls')) };
  };
  const voucherOf = async (b: Browser, id: string) => ((await b.gql(VOUCHERS)).body.data.viewer.vouchers.edges as any[]).find((e) => e.node.id === id)?.node;
  const balance = async (b: Browser) => ((await b.gql(WALLET)).body.data.viewer.wallet as any[])[0]?.balance.amount ?? 0;
  /** expiredCreditUntil of now, read around the call (a London midnight may pass in between). */
  const untilAround = async <T>(read: () => Promise<T>) => {
    const before = expiredCreditUntil(new Date()).toISOString();
    const value = await read();
    return { value, until: [before, expiredCreditUntil(new Date()).toISOString()] };
  };
  const pastItsDate = (globalId: string) => shop.services.db.updateTable('vouchers.voucher').set({ expires_at: new Date(Date.now() - DAY) }).where('id', '=', uuidOf(globalId)).execute();

  const shop = openVouchersShop(
    open,
    async () => {
      holder = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Isla', lastName: 'Expired' });
      other = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Ewan', lastName: 'Other' });
      bought = await buyVouchers(holder, shop.option, 3, '{ orderNumber vouchers { id expiredCredit { amount { amount } } } }');
    },
    logger,
  );

  it('Voucher.expiredCredit: none in date (nor on the order\'s view); offered once past its date, before and after the expiry job', async () => {
    const [first, second] = [bought.vouchers[0]!, bought.vouchers[1]!];
    expect(bought.vouchers.map((v) => v.expiredCredit)).toEqual([null, null, null]);
    expect((await voucherOf(holder, first.id)).expiredCredit).toBeNull();
    await pastItsDate(first.id);
    await pastItsDate(second.id);
    // Past its date, the job not run yet: offered already (the service expires it first).
    const early = await untilAround(() => voucherOf(holder, first.id));
    expect(early.value).toMatchObject({ statusCode: 'READY_TO_REDEEM', expiredCredit: { amount: { amount: shop.option.pricePence, currency: 'GBP' } } });
    expect(early.until).toContain(early.value.expiredCredit.validUntil);
    expect(early.value.expiredCredit.amount.formatted).toMatch(/^£\d+(\.\d{2})?$/);
    expect(await expireVouchers(shop.services.db, new Date())).toBeGreaterThanOrEqual(2);
    expect(await voucherOf(holder, first.id)).toMatchObject({ statusCode: 'EXPIRED', expiredCredit: { amount: { amount: shop.option.pricePence } } });
    // The order's view (the confirmation page) offers nothing: only the holder's own reads do.
    const order = await holder.gql(`query($n: String!) { order(orderNumber: $n) { vouchers { id statusCode expiredCredit { validUntil } } } }`, { n: bought.orderNumber });
    expect((order.body.data.order.vouchers as any[]).find((v) => v.id === first.id)).toEqual({ id: first.id, statusCode: 'EXPIRED', expiredCredit: null });
  });

  it('takeExpiredVoucherCredit: the paid price as credit valid until the end of day 14, the voucher Request Processed; once', async () => {
    const first = bought.vouchers[0]!;
    const before = await balance(holder);
    const taken = await untilAround(() => take(holder, first.id));
    expect(taken.value.result).toMatchObject({
      __typename: 'ExpiredVoucherCreditTaken',
      credit: { amount: shop.option.pricePence, currency: 'GBP' },
      voucher: { id: first.id, statusCode: 'REQUEST_PROCESSED', expiredCredit: null },
    });
    expect(taken.until).toContain(taken.value.result.validUntil);
    expect(await balance(holder)).toBe(before + shop.option.pricePence);
    expect(await voucherOf(holder, first.id)).toMatchObject({ statusCode: 'REQUEST_PROCESSED', expiredCredit: null });
    expect((await take(holder, first.id)).result).toEqual({
      __typename: 'VoucherActionError',
      code: 'VOUCHER_NOT_EXPIRED',
      message: `${messageFor('VOUCHER_NOT_EXPIRED')} Its status is Request Processed.`,
      field: null,
    });
    expect(await balance(holder)).toBe(before + shop.option.pricePence);
  });

  it('a voucher in date: VOUCHER_NOT_EXPIRED saying until when it can be used; another shopper\'s: NotFoundError like a random id; signed out: UnauthenticatedError', async () => {
    const third = bought.vouchers[2]!;
    expect((await take(holder, third.id)).result).toMatchObject({ __typename: 'VoucherActionError', code: 'VOUCHER_NOT_EXPIRED', message: expect.stringMatching(/^Only an expired voucher can be taken as wallet credit\. It can still be used until \d{1,2} [A-Z][a-z]+ \d{4}\.$/) });
    const second = bought.vouchers[1]!;
    const notFound = { __typename: 'NotFoundError', code: 'NOT_FOUND', message: messageFor('NOT_FOUND'), field: 'voucherId' };
    const theirs = await take(other, second.id);
    const random = await take(other, toGlobalId('Voucher', `${bought.orderNumber}:00000000-0000-4000-8000-000000000000`));
    expect(theirs.result).toEqual(notFound);
    expect(random.result).toEqual(notFound);
    expect(theirs.restCalls).toBe(random.restCalls);
    expect((await take(shop.made.browser(), second.id)).result).toMatchObject({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED' });
    expect((await voucherOf(holder, second.id)).statusCode).toBe('EXPIRED');
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
