/**
 * Returns of posted goods through the shop (issue 16 point 6): createShopApp's /graphql and the
 * returns label's route against the real services on one fresh database (PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set), a seeded postal deal bought with the Braintree sandbox card
 * (gateway/test/buying-services.ts):
 *
 * - Voucher.returnable for goods Ready to Redeem; requestVoucherReturn → VoucherReturnRequested,
 *   the voucher Return Requested with its return (steps in the spec §3 words, tracking reference,
 *   the merchant's address from the deals service, the label's link); again → the same return;
 * - a note too long: ValidationError on note; signed out: UnauthenticatedError;
 * - another shopper's voucher is the same NotFoundError as a random id after the same calls (Z);
 * - GET /myaccount/vouchers/{id}/return-label.pdf: the holder's PDF; anyone else's, a voucher with
 *   no return or an unknown id the 404 page; signed out, the login page.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, type BuyingServices } from '../../../test/buying-services.ts';
import { buyVouchers, shopOver, signUpOn } from '../../../test/vouchers-shop.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { Browser } from '../../test/accounts-services.ts';

const RETURN = `mutation($i: RequestVoucherReturnInput!) { requestVoucherReturn(input: $i) { __typename
  ... on VoucherReturnRequested { voucher { id status statusCode returnable return { id reason reasonText note status carrier trackingNumber labelUrl refunded { amount } to { name address postcode } steps { status at } } } }
  ... on UserError { code message field } } }`;
const VOUCHERS = `{ viewer { vouchers(first: 20) { edges { node { id statusCode returnable return { trackingNumber } } } } } }`;

const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[2]!;
const labelPath = (globalId: string) => `/myaccount/vouchers/${encodeURIComponent(globalId)}/return-label.pdf`;

describe.each(testDatabases())('returns of posted goods through the shop on %s', (_name, open) => {
  let services: BuyingServices;
  let made: ReturnType<typeof shopOver> | undefined;
  let holder: Browser;
  let other: Browser;
  let bought: { orderNumber: string; vouchers: { id: string; code: string }[] };
  let merchant: { name: string; address: string; postcode: string };

  const browser = () => made!.browser();
  const signedUp = () => signUpOn(services, browser(), { firstName: 'Morag', lastName: 'Return' });
  const requestReturn = async (b: Browser, input: Record<string, unknown>) => {
    const res = await b.gql(RETURN, { i: input });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return { result: res.body.data.requestVoucherReturn, restCalls: Number(res.headers.get('x-rest-calls')) };
  };

  beforeAll(async () => {
    services = await openBuyingServices(open);
    made = shopOver(services);
    // A seeded postal deal's option anyone can buy now (goods by post: a delivery address).
    const { rows } = await sql<{ deal_id: number; product_id: number }>`
      select p.deal_id, p.id as product_id from deals.product p join deals.deal d on d.id = p.deal_id
      where d.delivery_type = 'postal' and not p.disabled and not p.vip_exclusive and not d.vip_exclusive and p.deposit_price_pence is null
        and (p.remaining is null or p.remaining >= 20) and (d.closing_date is null or d.closing_date > now() + interval '2 days')
      order by p.deal_id, p.id limit 1`.execute(services.vouchersApp.deps.db);
    const option = rows[0]!;
    holder = await signedUp();
    other = await signedUp();
    bought = await buyVouchers(holder, { dealId: option.deal_id, productId: option.product_id }, 2, '{ orderNumber vouchers { id code } }', {
      deliveryAddress: { name: 'Morag Return', line1: '1 Byres Road', town: 'Glasgow', postcode: 'G12 8AA' },
    });
    const deal = (await holder.gql(`query($id: ID!) { deal(dealId: $id) { merchant { name address postcode } } }`, { id: String(option.deal_id) })).body.data?.deal;
    merchant = deal.merchant;
  }, 120_000);
  afterAll(async () => {
    made?.close();
    await services?.close();
  });

  it('requestVoucherReturn: Return Requested with its return and label; asking again answers the same return', async () => {
    const [voucher] = bought.vouchers as [(typeof bought.vouchers)[number]];
    const before = (await holder.gql(VOUCHERS)).body.data.viewer.vouchers.edges.map((e: any) => e.node);
    expect(before.map((v: any) => [v.statusCode, v.returnable, v.return])).toEqual([
      ['READY_TO_REDEEM', true, null],
      ['READY_TO_REDEEM', true, null],
    ]);
    const { result } = await requestReturn(holder, { voucherId: voucher.id, reason: 'NOT_AS_DESCRIBED', note: '  The colour is wrong.  ' });
    expect(result).toMatchObject({
      __typename: 'VoucherReturnRequested',
      voucher: {
        id: voucher.id,
        status: 'Return Requested',
        statusCode: 'RETURN_REQUESTED',
        returnable: false,
        return: {
          reason: 'NOT_AS_DESCRIBED',
          reasonText: 'Not as described',
          note: 'The colour is wrong.',
          status: 'Return Requested',
          carrier: 'Thistle Deals Returns (tracked)',
          labelUrl: labelPath(voucher.id),
          refunded: null,
        },
      },
    });
    const ret = result.voucher.return;
    expect(ret.trackingNumber).toMatch(/^TDR-\d{4}-\d{4}-\d{4}$/);
    expect(ret.steps.map((s: any) => [s.status, s.at !== null])).toEqual([
      ['Return Requested', true],
      ['Return in Transit', false],
      ['Returned to the Merchant', false],
      ['Refunded', false],
    ]);
    expect(ret.to).toEqual({ name: merchant.name, address: merchant.address, postcode: merchant.postcode.toUpperCase() });
    const again = (await requestReturn(holder, { voucherId: voucher.id, reason: 'CHANGED_MIND' })).result;
    expect(again.voucher.return).toMatchObject({ id: ret.id, trackingNumber: ret.trackingNumber, reason: 'NOT_AS_DESCRIBED' });
  });

  it('a note too long names the field; signed out is UnauthenticatedError; nothing moves', async () => {
    const voucher = bought.vouchers[1]!;
    const long = (await requestReturn(holder, { voucherId: voucher.id, reason: 'DAMAGED', note: 'x'.repeat(501) })).result;
    expect(long).toMatchObject({ __typename: 'ValidationError', field: 'note', message: 'Please keep your note to 500 characters.' });
    const guest = (await requestReturn(browser(), { voucherId: voucher.id, reason: 'DAMAGED' })).result;
    expect(guest.__typename).toBe('UnauthenticatedError');
    const list = (await holder.gql(VOUCHERS)).body.data.viewer.vouchers.edges.map((e: any) => e.node);
    expect(list.find((v: any) => v.id === voucher.id).statusCode).toBe('READY_TO_REDEEM');
  });

  it('Z: another shopper’s voucher is the same NotFoundError as a random id, after the same calls', async () => {
    const voucher = bought.vouchers[1]!;
    const theirs = await requestReturn(other, { voucherId: voucher.id, reason: 'DAMAGED' });
    const random = await requestReturn(other, { voucherId: toGlobalId('Voucher', `${bought.orderNumber}:00000000-0000-4000-8000-000000000000`), reason: 'DAMAGED' });
    expect(theirs.result).toEqual({ __typename: 'NotFoundError', code: 'NOT_FOUND', message: expect.any(String), field: 'voucherId' });
    expect(theirs.result).toEqual(random.result);
    expect(theirs.restCalls).toBe(random.restCalls);
    const list = (await holder.gql(VOUCHERS)).body.data.viewer.vouchers.edges.map((e: any) => e.node);
    expect(list.find((v: any) => v.id === voucher.id).statusCode).toBe('READY_TO_REDEEM');
  });

  it('GET /myaccount/vouchers/{id}/return-label.pdf: the holder’s PDF; anyone else’s, none or unknown the 404 page; signed out, the login page', async () => {
    const [returned, notReturned] = bought.vouchers as [(typeof bought.vouchers)[number], (typeof bought.vouchers)[number]];
    const res = await holder.fetch(labelPath(returned.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const tracking = (await holder.gql(VOUCHERS)).body.data.viewer.vouchers.edges.map((e: any) => e.node).find((v: any) => v.id === returned.id).return.trackingNumber;
    // Named by the tracking reference, never the redeemable code (it would sit in the download history).
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="returns-label-${tracking}.pdf"`);
    expect(res.headers.get('content-disposition')).not.toContain(returned.code);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(Returns label ${tracking})`);

    const random = toGlobalId('Voucher', `${bought.orderNumber}:00000000-0000-4000-8000-000000000000`);
    for (const [b, id] of [[other, returned.id], [other, random], [holder, notReturned.id], [holder, 'not-an-id']] as const) {
      const answer = await b.fetch(labelPath(id));
      expect(answer.status, id).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await answer.text()).toContain('<div id="root">');
    }
    expect(uuidOf(returned.id)).toMatch(/^[0-9a-f-]{36}$/);
    const guest = await browser().fetch(labelPath(returned.id), { redirect: 'manual' });
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/login?redirect=%2Fmyaccount%2Fvouchers');
  });
});
