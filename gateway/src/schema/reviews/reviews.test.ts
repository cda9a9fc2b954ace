/**
 * Reviews through the shop (issue 19 point 9): createShopApp's /graphql over the real services on
 * one fresh database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). A shopper buys
 * vouchers with the Braintree sandbox card; the merchant redeems some at the till (the vouchers
 * service's route):
 *
 * - a deal's merchant: its average and count, the 3 latest reviews, all of them 10 a page;
 * - My Vouchers: `reviewable` only for a redeemed voucher without a review, the reviews of a page
 *   of vouchers in one call;
 * - writeReview: signed out, another shopper's voucher, an unused one, bad input are refused; the
 *   holder's review ("Morag T.", verified purchase) lists first and counts in the average; twice
 *   for one voucher is refused, and of 5 submitted at once exactly one is written;
 * - `promotable`: false once the average is below 3.5.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { REVIEW_MESSAGES, REVIEWS_PAGE_SIZE } from '@shop/domain/reviews';
import { openBuyingServices, type BuyingServices } from '../../../test/buying-services.ts';
import { buyVouchers, shopOver, signUpOn } from '../../../test/vouchers-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { TEST_TOKEN } from '../../test/helpers.ts';

const WRITE = `mutation($i: WriteReviewInput!) { writeReview(input: $i) { __typename
  ... on ReviewWritten { review { id rating text reviewerName createdAt verifiedPurchase } voucher { id reviewable review { id } } }
  ... on UserError { code message field } } }`;
const VOUCHERS = `{ viewer { vouchers(first: 10) { edges { node { id statusCode reviewable review { id rating } } } } } }`;
const MERCHANT = `query($id: ID!, $first: Int, $after: String) { deal(dealId: $id) { merchant { rating reviewCount promotable
  reviews(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id rating text reviewerName createdAt verifiedPurchase } } } } } }`;

const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[2]!;

describe.each(testDatabases())('reviews through the shop on %s', (_name, open) => {
  let services: BuyingServices;
  let made: ReturnType<typeof shopOver> | undefined;
  let holder: Browser;
  let other: Browser;
  let dealId: number;
  let vouchers: { id: string; code: string }[];

  const write = async (b: Browser, input: Record<string, unknown>) => {
    const res = await b.gql(WRITE, { i: input });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.writeReview;
  };
  const merchantOf = async (b: Browser, vars: Record<string, unknown> = {}) => {
    const res = await b.gql(MERCHANT, { id: String(dealId), ...vars });
    return { merchant: res.body.data?.deal?.merchant, errors: res.body.errors };
  };
  /** The merchant redeems the voucher at its till (the vouchers service's route). */
  const redeem = async (code: string) => {
    const res = await services.vouchersApp.fetch(
      new Request('http://vouchers/redemptions', { method: 'POST', headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify({ code, dealIds: [dealId], merchantRef: 'merchant:test' }) }),
    );
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    services = await openBuyingServices(open);
    made = shopOver(services);
    const option = (await services.buyable(1))[0]!;
    dealId = option.dealId;
    holder = await signUpOn(services, made.browser(), { firstName: 'Morag', lastName: 'thomson' });
    other = await signUpOn(services, made.browser(), { firstName: 'Bob' });
    vouchers = (await buyVouchers(holder, option, 4, '{ orderNumber vouchers { id code } }')).vouchers;
    await redeem(vouchers[0]!.code);
    await redeem(vouchers[1]!.code);
    await redeem(vouchers[2]!.code);
  }, 120_000);
  afterAll(async () => {
    made?.close();
    await services?.close();
  });

  it("a deal's merchant: its average and count, the 3 latest, and every review 10 a page", async () => {
    const { merchant } = await merchantOf(holder, { first: 3 });
    expect(merchant.reviewCount).toBe(merchant.reviews.totalCount);
    expect(merchant.reviews.edges.length).toBe(Math.min(3, merchant.reviewCount));
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: any = (await merchantOf(holder, { first: REVIEWS_PAGE_SIZE, after })).merchant.reviews;
      expect(page.edges.length).toBeLessThanOrEqual(REVIEWS_PAGE_SIZE);
      seen.push(...page.edges.map((e: any) => e.node.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(new Set(seen).size).toBe(merchant.reviewCount);
    expect(seen.slice(0, 3)).toEqual(merchant.reviews.edges.map((e: any) => e.node.id));
    if (merchant.reviewCount > 0) expect(merchant.rating).toBeGreaterThanOrEqual(1);

    for (const first of [0, 11]) {
      const { errors } = await merchantOf(holder, { first });
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' });
    }
    const forged = await merchantOf(holder, { after: 'bm90LWEtY3Vyc29y' });
    expect(forged.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
  });

  it('My Vouchers: reviewable only when redeemed and not reviewed; the reviews of the page in one call', async () => {
    const before = services.calls.length;
    const res = await holder.gql(VOUCHERS);
    const nodes = res.body.data.viewer.vouchers.edges.map((e: any) => e.node);
    const byId = new Map(nodes.map((n: any) => [n.id, n]));
    expect(vouchers.map((v) => [(byId.get(v.id) as any).statusCode, (byId.get(v.id) as any).reviewable, (byId.get(v.id) as any).review])).toEqual([
      ['REDEEMED', true, null],
      ['REDEEMED', true, null],
      ['REDEEMED', true, null],
      ['READY_TO_REDEEM', false, null],
    ]);
    expect(services.calls.slice(before).filter((c) => c.includes('/reviews/by-voucher'))).toHaveLength(1);
  });

  it('refuses a review signed out, of another shopper\'s voucher, of an unused voucher and with bad input, naming the field', async () => {
    const input = { voucherId: vouchers[0]!.id, rating: 4, text: 'Lovely lunch and friendly staff.' };
    expect(await write(made!.browser(), input)).toMatchObject({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED' });
    expect(await write(other, input)).toMatchObject({ __typename: 'NotFoundError', field: 'voucherId' });
    expect(await write(holder, { ...input, voucherId: vouchers[3]!.id })).toMatchObject({ __typename: 'VoucherActionError', code: 'REVIEW_NOT_ALLOWED', field: 'voucherId' });
    expect(await write(holder, { ...input, rating: 6 })).toMatchObject({ __typename: 'ValidationError', field: 'rating', message: REVIEW_MESSAGES.ratingRequired });
    expect(await write(holder, { ...input, text: ' too short ' })).toMatchObject({ __typename: 'ValidationError', field: 'text', message: REVIEW_MESSAGES.textTooShort });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from deals.review where source = 'voucher'`.execute(services.db);
    expect(rows[0]!.n).toBe(0);
  });

  it("the holder's review: first name and initial, verified, listed first and counted; a second for the voucher is refused", async () => {
    const before = (await merchantOf(holder, { first: 3 })).merchant;
    const written = await write(holder, { voucherId: vouchers[0]!.id, rating: 5, text: '  Brilliant afternoon tea, we will be back.  ' });
    expect(written).toMatchObject({
      __typename: 'ReviewWritten',
      review: { rating: 5, text: 'Brilliant afternoon tea, we will be back.', reviewerName: 'Morag T.', verifiedPurchase: true },
      voucher: { id: vouchers[0]!.id, reviewable: false, review: { id: written.review.id } },
    });
    const after = (await merchantOf(other, { first: 3 })).merchant;
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.rating).toBeCloseTo(((before.rating ?? 0) * before.reviewCount + 5) / (before.reviewCount + 1), 6);
    expect(after.reviews.edges[0].node).toEqual(written.review);

    expect(await write(holder, { voucherId: vouchers[0]!.id, rating: 1, text: 'Changed my mind about it.' })).toMatchObject({ __typename: 'VoucherActionError', code: 'REVIEW_ALREADY_WRITTEN', field: 'voucherId' });
    expect((await merchantOf(other)).merchant.reviewCount).toBe(after.reviewCount);
    const mine = (await holder.gql(VOUCHERS)).body.data.viewer.vouchers.edges.map((e: any) => e.node).find((n: any) => n.id === vouchers[0]!.id);
    expect(mine).toMatchObject({ reviewable: false, review: { id: written.review.id, rating: 5 } });
  });

  it('5 reviews of one voucher submitted at once: exactly one is written', async () => {
    const before = (await merchantOf(other)).merchant.reviewCount;
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => write(holder, { voucherId: vouchers[1]!.id, rating: 1 + i, text: `Submitted twice by mistake, take ${i}.` })));
    expect(answers.filter((a) => a.__typename === 'ReviewWritten')).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'REVIEW_ALREADY_WRITTEN')).toHaveLength(4);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from deals.review where voucher_id = ${uuidOf(vouchers[1]!.id)}::uuid`.execute(services.db);
    expect(rows[0]!.n).toBe(1);
    expect((await merchantOf(other)).merchant.reviewCount).toBe(before + 1);
  });

  it('a merchant averaging below 3.5 is not promotable', async () => {
    expect((await merchantOf(other)).merchant.promotable).toBe(true);
    // Its reviews say 3 stars on average (test-only SQL on the counters the reviews keep).
    await sql`update deals.merchant set rating_total = 3 * review_count where id = (select merchant_id from deals.deal where id = ${dealId})`.execute(services.db);
    const { merchant } = await merchantOf(other);
    expect([merchant.rating, merchant.promotable]).toEqual([3, false]);
  });
});
