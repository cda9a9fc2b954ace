/**
 * Reviews (issue 19 point 9) through HTTP on both databases: the seeded ratings as real reviews
 * with the same averages, 10 a page, and a shopper's review of the merchant of their redeemed
 * voucher, once per voucher, decided by the vouchers module and the database (also when 8 arrive
 * at once). The vouchers are issued and redeemed as the shop does it (the vouchers service's
 * module function and its till route) in the same database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { TEST_TOKEN } from '@shop/platform/test-app';
import { REVIEW_MESSAGES, REVIEWS_PAGE_SIZE, SEEDED_REVIEWS_MAX, spreadRatings } from '@shop/domain/reviews';
import { migrateWallet } from '@shop/wallet';
import { createVouchersApp } from '@shop/vouchers/app';
import { migrateVouchers } from '@shop/vouchers/db/database';
import { issueVouchers, newVouchers, recordOrderPayment, type VoucherRow } from '@shop/vouchers/issue/issue';
import { MerchantSchema } from '../contract.ts';
import { DEALS_SCHEMA, dealsMigrations } from '../db/database.ts';
import { dealsFixture, TEST_NOW, type DealsFixture } from '../test/deals-fixture.ts';
import { ReviewPageSchema, ReviewSchema, VoucherReviewsSchema } from './reviews.contract.ts';

const ALICE = 'ct-alice-reviews-0001';
const BOB = 'ct-bob-reviews-000002';

describe.each(testDatabases())('reviews on %s', (_name, open) => {
  let f: DealsFixture;
  let vouchersApp: ReturnType<typeof createVouchersApp>;
  let dealId: number;
  let merchantId: number;
  let order = 0;

  beforeAll(async () => {
    f = await dealsFixture(open, 120);
    await migrateWallet(f.database.db);
    await migrateVouchers(f.database.db);
    vouchersApp = createVouchersApp({ db: f.database.db, serviceToken: TEST_TOKEN, now: () => new Date() });
    const deal = await f.db.withSchema(DEALS_SCHEMA).selectFrom('deal').select(['id', 'merchant_id']).where('id', '>', 1).orderBy('id').executeTakeFirstOrThrow();
    dealId = deal.id;
    merchantId = deal.merchant_id;
  });
  afterAll(async () => {
    await f?.database.close();
  });

  const post = (body: unknown) =>
    f.app.request('/reviews', { method: 'POST', headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const review = (voucherId: string, customerToken = ALICE, extra: Record<string, unknown> = {}) =>
    post({ voucherId, customerToken, reviewerName: 'Alice S.', rating: 2, text: 'Cold food and a long wait for our table.', ...extra });
  const merchant = async () => MerchantSchema.parse(await f.json(`/merchants/${merchantId}`));

  /** Vouchers of `dealId` bought by `holder`, as the checkout's paying transaction issues them. */
  async function buy(holder: string, quantity: number): Promise<VoucherRow[]> {
    const orderId = randomUUID();
    const orderNumber = String(500001 + order++);
    const paidAt = new Date();
    const vouchers = newVouchers(
      { order_id: orderId, order_number: orderNumber, order_line_id: String(order), customer_token: holder, deal_id: dealId, deal_product_id: 1, title: 'A seeded deal', recipient_name: null, price: 2000, paid: 2000, currency: 'GBP', paid_at: paidAt, expires_at: new Date(paidAt.getTime() + 90 * 86_400_000) },
      quantity,
      paidAt,
    );
    await f.database.db.transaction().execute(async (trx) => {
      await recordOrderPayment(trx, { order_id: orderId, order_number: orderNumber, customer_token: holder, currency: 'GBP', method: 'credit_card', provider: 'braintree', transaction_id: `tx-${orderNumber}`, cash_captured: 2000 * quantity, wallet_captured: 0 });
      await issueVouchers(trx, vouchers);
    });
    return vouchers;
  }
  /** The merchant redeems it at the till (the vouchers service's route). */
  async function redeem(v: VoucherRow): Promise<void> {
    const res = await vouchersApp.request('/redemptions', { method: 'POST', headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify({ code: v.code, dealIds: [dealId], merchantRef: `merchant:${merchantId}` }) });
    expect(res.status).toBe(200);
  }

  it('the seeded ratings are real reviews: each merchant has min(N, 20) of them and its count and average are theirs', async () => {
    const { rows } = await sql<{ id: number; review_count: number; rating_total: number; n: number; total: number }>`
      select m.id, m.review_count, m.rating_total, count(r.id)::int as n, coalesce(sum(r.rating), 0)::int as total
        from deals.merchant m left join deals.review r on r.merchant_id = m.id group by m.id order by m.id`.execute(f.database.db);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.some((r) => r.n === SEEDED_REVIEWS_MAX)).toBe(true);
    for (const r of rows) expect([Number(r.review_count), Number(r.rating_total)]).toEqual([r.n, r.total]);
    const m = await merchant();
    expect(m.reviewCount).toBe(rows.find((r) => r.id === merchantId)!.n);
    // The merchant's average is its reviews' (a merchant with none has no average to compare).
    const reviewed = rows.find((r) => r.n > 0)!;
    const answered = MerchantSchema.parse(await f.json(`/merchants/${reviewed.id}`));
    expect(answered.rating).toBeCloseTo(reviewed.total / reviewed.n, 10);
  });

  it('the migration turns the old fixed ratings into reviews with the same averages', async () => {
    // Another database, migrated up to just before the reviews, with merchants rated the old way.
    const other = await open();
    try {
      const all = await dealsMigrations.getMigrations();
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '2026_12_06_1200_reviews'));
      await migrate(other.db, { schema: DEALS_SCHEMA, migrations: before });
      await sql`insert into deals.location (id, slug, name, short_name, brand, country_code, description, domain, lat, lon, region, site_group, status, url, scope, position)
                values (1, 'glasgow', 'Glasgow', 'Glasgow', 'Thistle Deals', 'GB', 'Glasgow deals', 'thistledeals.example', 55.86, -4.25, 'Scotland', 'scotland', 'live', '/deals/glasgow', 'local', 1)`.execute(other.db);
      await sql`insert into deals.merchant (id, location_id, name, address, postcode, lat, lon, rating, review_count) values
                (1, 1, 'A', 'x', 'G1 1AA', 55.8, -4.2, 4.3, 812),
                (2, 1, 'B', 'x', 'G1 1AA', 55.8, -4.2, 3.9, 7),
                (3, 1, 'C', 'x', 'G1 1AA', 55.8, -4.2, null, 40),
                (4, 1, 'D', 'x', 'G1 1AA', 55.8, -4.2, 4.8, 0)`.execute(other.db);
      await migrate(other.db, { schema: DEALS_SCHEMA, migrations: all });
      const { rows } = await sql<{ id: number; review_count: number; rating_total: number; stars: number[] | null }>`
        select m.id, m.review_count, m.rating_total, (select array_agg(r.rating order by r.rating desc) from deals.review r where r.merchant_id = m.id) as stars
          from deals.merchant m order by m.id`.execute(other.db);
      expect(rows.map((r) => [r.id, r.review_count, r.rating_total, (r.stars ?? []).map(Number)])).toEqual([
        [1, 20, 86, spreadRatings(4.3, 20)],
        [2, 7, 27, spreadRatings(3.9, 7)],
        [3, 0, 0, []],
        [4, 0, 0, []],
      ]);
    } finally {
      await other.close();
    }
  });

  it(`lists a merchant's reviews newest first, ${REVIEWS_PAGE_SIZE} a page, every one once, with the total and average`, async () => {
    const { rows } = await sql<{ merchant_id: number }>`select merchant_id from deals.review group by merchant_id having count(*) = ${SEEDED_REVIEWS_MAX} order by merchant_id limit 1`.execute(f.database.db);
    const id = rows[0]!.merchant_id;
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    let last = Infinity;
    do {
      const page = ReviewPageSchema.parse(await f.json(`/merchants/${id}/reviews${after ? `?after=${after}` : ''}`));
      expect(page.totalCount).toBe(SEEDED_REVIEWS_MAX);
      expect(page.edges.length).toBeLessThanOrEqual(REVIEWS_PAGE_SIZE);
      for (const e of page.edges) {
        const t = Date.parse(e.node.createdAt);
        expect(t).toBeLessThanOrEqual(last);
        last = t;
        expect(e.node.verifiedPurchase).toBe(false); // the catalogue's own, not from a voucher
        expect(e.node.createdAt < TEST_NOW.toISOString()).toBe(true);
        seen.push(e.node.id);
      }
      after = page.hasNextPage ? page.edges.at(-1)!.cursor : undefined;
      pages++;
    } while (after);
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(SEEDED_REVIEWS_MAX);
    const three = ReviewPageSchema.parse(await f.json(`/merchants/${id}/reviews?first=3`));
    expect(three.edges.map((e) => e.node.id)).toEqual(seen.slice(0, 3));
  });

  it('refuses a page size above 10, a forged cursor and an unknown merchant, naming the field', async () => {
    const first = await f.get(`/merchants/${merchantId}/reviews?first=11`);
    expect(first.status).toBe(400);
    expect((await first.json()).errors[0].field).toBe('first');
    const after = await f.get(`/merchants/${merchantId}/reviews?after=bm90LWEtY3Vyc29y`);
    expect(after.status).toBe(400);
    expect((await after.json()).errors[0].field).toBe('after');
    expect((await f.get('/merchants/999999/reviews')).status).toBe(404);
    expect(f.logged).toEqual([]);
  });

  it('refuses a review unless the voucher is the shopper\'s and redeemed: unused, another shopper\'s and unknown answer the same', async () => {
    const [unused] = await buy(ALICE, 1);
    const before = await merchant();
    for (const [voucherId, token] of [[unused!.id, ALICE], [randomUUID(), ALICE]] as const) {
      const res = await review(voucherId, token);
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe('REVIEW_NOT_ALLOWED');
    }
    const [bobs] = await buy(BOB, 1);
    await redeem(bobs!);
    const res = await review(bobs!.id, ALICE);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('REVIEW_NOT_ALLOWED');
    expect(await merchant()).toEqual(before);
  });

  it('checks the rating and the text, naming each field', async () => {
    const [v] = await buy(ALICE, 1);
    await redeem(v!);
    const res = await review(v!.id, ALICE, { rating: 0, text: 'short' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { field: 'rating', message: REVIEW_MESSAGES.ratingRequired },
      { field: 'text', message: REVIEW_MESSAGES.textTooShort },
    ]);
    const bad = await post('{"voucherId": ');
    expect(bad.status).toBe(400);
    const id = await post({ voucherId: 'nope', customerToken: ALICE, reviewerName: 'A', rating: 5, text: 'Lovely, lovely lunch.' });
    expect(id.status).toBe(400);
    expect((await id.json()).errors[0].field).toBe('voucherId');
    for (const [field, value] of [['customerToken', 'ct-\u0000'], ['reviewerName', 'Al\u0000ice'], ['text', 'Lovely lunch\u0000 and tea.']] as const) {
      const hostile = await review(v!.id, ALICE, { rating: 5, [field]: value });
      expect(hostile.status).toBe(400);
      expect((await hostile.json()).errors[0].field).toBe(field);
    }
    expect(f.logged).toEqual([]);
  });

  it('the holder of a redeemed voucher reviews once: the review counts in the average and lists first; a second is refused', async () => {
    const [v] = await buy(ALICE, 1);
    await redeem(v!);
    const before = await merchant();
    const res = await review(v!.id, ALICE, { rating: 1, text: '  Nobody answered the phone to book.  ' });
    expect(res.status).toBe(201);
    const written = ReviewSchema.parse(await res.json());
    expect(written).toMatchObject({ merchantId, dealId, reviewerName: 'Alice S.', rating: 1, text: 'Nobody answered the phone to book.', verifiedPurchase: true });
    const after = await merchant();
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    const oldTotal = (before.rating ?? 0) * before.reviewCount;
    expect(after.rating).toBeCloseTo((oldTotal + 1) / (before.reviewCount + 1), 10);
    const page = ReviewPageSchema.parse(await f.json(`/merchants/${merchantId}/reviews?first=3`));
    expect(page.edges[0]!.node).toEqual(written);
    expect(page.totalCount).toBe(after.reviewCount);
    expect(VoucherReviewsSchema.parse(await f.json(`/reviews/by-voucher?voucherIds=${v!.id},${randomUUID()}`))).toEqual({ reviews: [{ voucherId: v!.id, review: written }] });

    const again = await review(v!.id, ALICE, { rating: 5 });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('REVIEW_ALREADY_WRITTEN');
    expect(await merchant()).toEqual(after);
  });

  it('8 concurrent reviews of one voucher write exactly one', async () => {
    const [v] = await buy(ALICE, 1);
    await redeem(v!);
    const before = await merchant();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => review(v!.id, ALICE, { rating: 1 + (i % 5) })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from deals.review where voucher_id = ${v!.id}::uuid`.execute(f.database.db);
    expect(rows[0]!.n).toBe(1);
    expect((await merchant()).reviewCount).toBe(before.reviewCount + 1);
    expect(f.logged).toEqual([]);
  });
});
