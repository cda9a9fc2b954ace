import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_TOKEN_MIN_EXCLUSIVE, BUYING_MESSAGES, LINE_QUANTITY_MAX } from '@shop/domain/buying';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import type { BasketResponse } from './contract.ts';
import { getBasket, removeLines } from './baskets/baskets.store.ts';
import { mergeGuestBasket } from './baskets/merge.ts';
import { BASE, basketFixture, type BasketFixture } from './test/basket-fixture.ts';

type ProblemBody = { status: number; code: string; detail?: string; errors?: Array<{ field: string; message: string }>; productId?: number; available?: number };

const line = (dealProductId: number, quantity: number, dealId = Math.floor(dealProductId / 10), extra: Record<string, unknown> = {}) => ({ dealId, dealProductId, quantity, ...extra });
const qty = (b: BasketResponse) => b.products.map((l) => [l.dealProductId, l.quantity]);

describe.each(testDatabases())('basket service on %s', (_name, open) => {
  let f: BasketFixture;
  beforeAll(async () => {
    f = await basketFixture(open);
  });
  afterAll(async () => {
    expect(f?.logged).toEqual([]);
    await f?.close();
  });

  const problem = async (res: Response, status: number, code: string): Promise<ProblemBody> => {
    const body = (await res.json()) as ProblemBody;
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(body.code).toBe(code);
    return body;
  };

  it('publishes an OpenAPI 3.1 document that Spectral passes with no errors or warnings', async () => {
    const res = await f.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]!.url).toBe(BASE);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/basket',
        '/basket/{token}',
        '/basket/{token}/product',
        '/basket/{token}/product/{productId}',
        '/basket/{token}/addon',
        '/basket/{token}/update-vip-status',
        '/basket/{token}/apply-vip-discount',
        '/basket/{guestToken}/merge',
      ].sort(),
    );
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
  });

  it('answers only callers with the service token', async () => {
    const res = await f.app.request('/basket', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
  });

  describe('POST /basket', () => {
    it('creates a basket: 201, the token is the last segment of Location, 32 random bytes base64url', async () => {
      const { token, basket, location } = await f.create({ products: [line(101, 2, 10, { purchaseUrl: '/deal/glasgow/10', sessionPurchaseSource: 'search' })] });
      expect(location).toBe(`${BASE}/basket/${token}`);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(token.length).toBeGreaterThan(BASKET_TOKEN_MIN_EXCLUSIVE);
      expect(basket.id).toBe(token);
      expect(basket).toMatchObject({ brand: 'wowcher', customerToken: null, eligibleForVip: false, itemCount: 2, giftWrapQuantity: 0, addons: [] });
      expect(basket.products[0]).toEqual({
        dealId: 10,
        dealProductId: 101,
        dealType: null,
        purchaseLocation: null,
        purchaseUrl: '/deal/glasgow/10',
        purchaseGclid: null,
        sessionPurchaseSource: 'search',
        quantity: 2,
        gift: null,
        giftClaim: false,
        payDeposit: false,
        deliveryOptionType: null,
        giftPack: 0,
        giftWrap: 0,
        gifting: { gift: false, giftPackProductId: null, giftProductId: null, type: 'none' },
        maxQuantity: LINE_QUANTITY_MAX,
        minQuantity: 1,
        soldOut: false,
      });
      const again = await f.create();
      expect(again.token).not.toBe(token);
    });

    it('drops zero-quantity lines when creating', async () => {
      const { basket } = await f.create({ products: [line(101, 0), line(102, 1)] });
      expect(qty(basket)).toEqual([[102, 1]]);
    });

    it('a customer has one open basket: a second POST merges into it (200, same Location)', async () => {
      const customerToken = f.customer();
      const first = await f.create({ customerToken, products: [line(101, 1)] });
      const res = await f.call('POST', '/basket', { body: { brand: 'wowcher', customerToken, products: [line(101, 3), line(102, 1)] } });
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBe(first.location);
      const b = (await res.json()) as BasketResponse;
      expect(b.id).toBe(first.token);
      expect(qty(b)).toEqual([
        [101, 3],
        [102, 1],
      ]);
    });

    it('refuses a body customerToken that is not the caller’s', async () => {
      const res = await f.call('POST', `/basket?customerToken=${f.customer()}`, { body: { brand: 'wowcher', customerToken: f.customer(), products: [] } });
      expect((await problem(res, 400, 'VALIDATION_FAILED')).errors![0]!.field).toBe('customerToken');
    });

    it('creates nothing when a line is refused', async () => {
      const customerToken = f.customer();
      const res = await f.call('POST', '/basket', { body: { brand: 'wowcher', customerToken, products: [line(101, 1), line(501, 1)] } });
      await problem(res, 404, 'NOT_FOUND');
      expect(await f.ok('GET', `/basket?customerToken=${customerToken}`)).toEqual([]);
    });
  });

  describe('GET', () => {
    it('GET /basket/{token}?giftPacks=true answers the basket with its gift packs', async () => {
      const { token } = await f.create({ products: [line(101, 2, 10, { gifting: { type: 'ndd-gpk', giftPackProductId: 9101 } })] });
      const b = await f.ok('GET', `/basket/${token}?giftPacks=true&timestamp=1700000000000`);
      expect(b.giftPacks).toEqual([{ giftPackProductId: 9101, quantity: 2 }]);
      const plain = await f.ok('GET', `/basket/${token}`);
      expect(plain.giftPacks).toBeUndefined();
    });

    it('GET /basket?customerToken= answers an ARRAY whose first item is the basket; [] when none', async () => {
      const customerToken = f.customer();
      expect(await f.ok<BasketResponse[]>('GET', `/basket?customerToken=${customerToken}&giftPacks=true`)).toEqual([]);
      const { token } = await f.create({ customerToken, products: [line(101, 1)] });
      const list = await f.ok<BasketResponse[]>('GET', `/basket?customerToken=${customerToken}&giftPacks=true`);
      expect(Array.isArray(list)).toBe(true);
      expect(list).toHaveLength(1);
      expect(list[0]!.id).toBe(token);
      expect(list[0]!.giftPacks).toEqual([]);
    });

    it('GET /basket?basketToken= answers that basket in an array when the caller may see it, else []', async () => {
      const owner = f.customer();
      const mine = await f.create({ customerToken: owner, products: [line(101, 1)] });
      const guest = await f.create({ products: [line(102, 1)] });
      expect((await f.ok<BasketResponse[]>('GET', `/basket?basketToken=${guest.token}`)).map((b) => b.id)).toEqual([guest.token]);
      expect((await f.ok<BasketResponse[]>('GET', `/basket?basketToken=${mine.token}&customerToken=${owner}`)).map((b) => b.id)).toEqual([mine.token]);
      expect(await f.ok('GET', `/basket?basketToken=${mine.token}`)).toEqual([]);
      expect(await f.ok('GET', `/basket?basketToken=${mine.token}&customerToken=${f.customer()}`)).toEqual([]);
      expect(await f.ok('GET', '/basket?basketToken=short')).toEqual([]);
    });

    it('GET /basket without a valid customerToken is a 400 naming it', async () => {
      for (const q of ['', '?customerToken=', '?customerToken=short', `?customerToken=${'x'.repeat(201)}`, '?customerToken=has%20space1234']) {
        const res = await f.call('GET', `/basket${q}`);
        expect((await problem(res, 400, 'VALIDATION_FAILED')).errors![0]!.field, q).toBe('customerToken');
      }
    });

    it('token rules (spec §5): 10 characters or fewer is "No Basket Token" BASKET_NOT_FOUND; unknown is BASKET_NOT_FOUND', async () => {
      for (const t of ['a', 'abcdefghij', '%20', 'x'.repeat(10)]) {
        const body = await problem(await f.call('GET', `/basket/${t}`), 404, 'BASKET_NOT_FOUND');
        expect(body.detail).toBe(BUYING_MESSAGES.noBasketToken);
      }
      for (const t of ['abcdefghijk', 'Zt1k8tqf3bXqVZp0m2c9Yw4hJ5sA7dE6rL1uN0oP2qW', 'x'.repeat(129), "abcdefghijk'--", 'abc%00defghijkl']) {
        const body = await problem(await f.call('GET', `/basket/${t}`), 404, 'BASKET_NOT_FOUND');
        expect(body.code).toBe('BASKET_NOT_FOUND');
      }
      for (const [method, path, body] of [
        ['PATCH', '/basket/short', { products: [] }],
        ['PUT', '/basket/short', { products: [] }],
        ['POST', '/basket/short/product', line(101, 1)],
        ['PATCH', '/basket/short/product/101', { quantity: 1 }],
        ['DELETE', '/basket/short/product/101', undefined],
        ['POST', '/basket/short/addon', { addonType: 'VVE', productId: 9001, quantity: 1 }],
        ['POST', '/basket/short/update-vip-status', { vipStatus: 'ACTIVE' }],
        ['POST', '/basket/short/merge', { customerToken: f.customer() }],
      ] as const) {
        const res = await f.call(method, path, body === undefined ? {} : { body });
        expect((await problem(res, 404, 'BASKET_NOT_FOUND')).detail, `${method} ${path}`).toBe(BUYING_MESSAGES.noBasketToken);
      }
    });
  });

  describe('ownership (Z1/Z3): a customer’s basket answers only that customer, else exactly like an unknown token', () => {
    it('every call on another customer’s basket is a 404 identical to an unknown token, and changes nothing', async () => {
      const owner = f.customer('a');
      const intruder = f.customer('b');
      const { token } = await f.create({ customerToken: owner, products: [line(101, 2)] });
      const unknown = 'Zt1k8tqf3bXqVZp0m2c9Yw4hJ5sA7dE6rL1uN0oP2qW';
      const calls = (t: string, who: string) =>
        [
          ['GET', `/basket/${t}${who}`, undefined],
          ['PUT', `/basket/${t}${who}`, { products: [line(102, 1)] }],
          ['PATCH', `/basket/${t}${who}`, { products: [line(102, 1)] }],
          ['POST', `/basket/${t}/product${who}`, line(102, 1)],
          ['PATCH', `/basket/${t}/product/101${who}`, { quantity: 5 }],
          ['DELETE', `/basket/${t}/product/101${who}`, undefined],
          ['POST', `/basket/${t}/addon${who}`, { addonType: 'VVE', productId: 9001, quantity: 1 }],
          ['POST', `/basket/${t}/update-vip-status${who}`, { vipStatus: 'ACTIVE' }],
        ] as const;
      for (const who of ['', `?customerToken=${intruder}`]) {
        const theirs = calls(token, who);
        const none = calls(unknown, who);
        for (let i = 0; i < theirs.length; i++) {
          const [method, path, body] = theirs[i]!;
          const a = await f.call(method, path, body === undefined ? {} : { body });
          const b = await f.call(none[i]![0], none[i]![1], none[i]![2] === undefined ? {} : { body: none[i]![2] });
          expect(a.status, `${method} ${path}`).toBe(404);
          expect(await a.text()).toBe(await b.text());
        }
      }
      // The merge of the owner's basket as if it were a guest one, by another customer: 404 too.
      await problem(await f.call('POST', `/basket/${token}/merge`, { body: { customerToken: intruder } }), 404, 'BASKET_NOT_FOUND');
      const b = await f.ok('GET', `/basket/${token}?customerToken=${owner}`);
      expect(qty(b)).toEqual([[101, 2]]);
      expect(b.addons).toEqual([]);
      expect(b.vipStatus).toBeNull();
    });

    it('a guest basket answers whoever holds its token', async () => {
      const { token } = await f.create({ products: [line(101, 1)] });
      await f.ok('GET', `/basket/${token}`);
      await f.ok('GET', `/basket/${token}?customerToken=${f.customer()}`);
    });

    it('PUT/PATCH cannot move a basket to another customer (mass assignment)', async () => {
      const { token } = await f.create({ products: [line(101, 1)] });
      const res = await f.call('PATCH', `/basket/${token}`, { body: { customerToken: f.customer(), products: [] } });
      expect((await problem(res, 400, 'VALIDATION_FAILED')).errors![0]!.field).toBe('customerToken');
      expect((await f.ok('GET', `/basket/${token}`)).customerToken).toBeNull();
    });
  });

  describe('PUT and PATCH /basket/{id}', () => {
    it('PATCH merges by the spec §4 rules: zero removes, existing update, new with quantity add', async () => {
      const { token } = await f.create({ products: [line(101, 2), line(102, 1), line(103, 1)] });
      const b = await f.ok('PATCH', `/basket/${token}`, { id: token, brand: 'wowcher', eligibleForVip: false, products: [line(101, 0), line(102, 4), line(201, 1), line(202, 0)] });
      expect(qty(b)).toEqual([
        [102, 4],
        [103, 1],
        [201, 1],
      ]);
    });

    it('PUT replaces the lines', async () => {
      const { token } = await f.create({ products: [line(101, 2), line(102, 1)] });
      const b = await f.ok('PUT', `/basket/${token}`, { id: token, products: [line(103, 2), line(101, 0)] });
      expect(qty(b)).toEqual([[103, 2]]);
    });

    it('the body id must be the path id', async () => {
      const { token } = await f.create();
      const res = await f.call('PUT', `/basket/${token}`, { body: { id: 'another-token-entirely', products: [] } });
      expect((await problem(res, 400, 'VALIDATION_FAILED')).errors![0]!.field).toBe('id');
    });

    it('the customer keeps their basket by PATCH with their own customerToken', async () => {
      const customerToken = f.customer();
      const { token } = await f.create({ customerToken });
      const b = await f.ok('PATCH', `/basket/${token}?customerToken=${customerToken}`, { customerToken, brand: 'livingsocial', eligibleForVip: true, products: [line(101, 1)] });
      expect(b).toMatchObject({ customerToken, brand: 'livingsocial', eligibleForVip: true });
    });
  });

  describe('lines', () => {
    it('POST /basket/{token}/product adds (201) and updates an existing line (200)', async () => {
      const { token } = await f.create();
      const res = await f.call('POST', `/basket/${token}/product`, { body: line(101, 1) });
      expect(res.status).toBe(201);
      const b = await f.ok('POST', `/basket/${token}/product`, line(101, 3, 10, { payDeposit: false, dealType: 'restaurant' }), 200);
      expect(qty(b)).toEqual([[101, 3]]);
      expect(b.products[0]!.dealType).toBe('restaurant');
      const removed = await f.ok('POST', `/basket/${token}/product`, line(101, 0), 200);
      expect(removed.products).toEqual([]);
    });

    it('PATCH /basket/{token}/product/{id}: quantity, payDeposit, deliveryOptionType; quantity 0 removes; an absent line is a 404', async () => {
      const { token } = await f.create({ products: [line(401, 1), line(101, 1)] });
      let b = await f.ok('PATCH', `/basket/${token}/product/401`, { quantity: 2, payDeposit: true, deliveryOptionType: 'standard' });
      expect(b.products[0]).toMatchObject({ dealProductId: 401, quantity: 2, payDeposit: true, deliveryOptionType: 'standard' });
      b = await f.ok('PATCH', `/basket/${token}/product/401`, { quantity: 0 });
      expect(qty(b)).toEqual([[101, 1]]);
      const res = await f.call('PATCH', `/basket/${token}/product/401`, { body: { quantity: 1 } });
      expect((await problem(res, 404, 'NOT_FOUND')).errors![0]!.field).toBe('productId');
      for (const bad of ['0', '-1', '1.5', 'abc', '99999999999', '1e3']) {
        const r = await f.call('PATCH', `/basket/${token}/product/${bad}`, { body: { quantity: 1 } });
        expect((await problem(r, 400, 'VALIDATION_FAILED')).errors![0]!.field, bad).toBe('productId');
      }
    });

    it('DELETE /basket/{id}/product/{productId} removes the line, idempotently', async () => {
      const { token } = await f.create({ products: [line(101, 1), line(102, 2)] });
      let b = await f.ok('DELETE', `/basket/${token}/product/101`);
      expect(qty(b)).toEqual([[102, 2]]);
      b = await f.ok('DELETE', `/basket/${token}/product/101`);
      expect(qty(b)).toEqual([[102, 2]]);
      await problem(await f.call('DELETE', `/basket/${token}/product/x`), 400, 'VALIDATION_FAILED');
    });
  });

  describe('gifting transitions through PATCH (spec §4)', () => {
    const gifting = (type: string, giftPackProductId: number | null = null) => ({ type, giftPackProductId, giftProductId: type === 'wrapped' ? 2_440_914 : null });
    it('wrapped adds wrap units; a next-day pack removes the wrap and adds the pack; standard replaces it; e-gift removes the pack units', async () => {
      const { token } = await f.create({ products: [line(101, 2), line(102, 1)] });
      let b = await f.ok('PATCH', `/basket/${token}/product/101`, { gifting: gifting('wrapped') });
      expect(b.products[0]).toMatchObject({ giftWrap: 2, giftPack: 0, gifting: { type: 'wrapped', gift: true, giftProductId: 2_440_914 } });
      expect(b.giftWrapQuantity).toBe(2);

      b = await f.ok('PATCH', `/basket/${token}/product/101`, { gifting: gifting('ndd-gpk', 9101) });
      expect(b.products[0]).toMatchObject({ giftWrap: 0, giftPack: 2, gifting: { type: 'ndd-gpk', giftPackProductId: 9101 } });
      expect(b.giftWrapQuantity).toBe(0);
      expect(b.giftPacks).toEqual([{ giftPackProductId: 9101, quantity: 2 }]);

      b = await f.ok('PATCH', `/basket/${token}/product/101`, { gifting: gifting('std-gpk', 9102) });
      expect(b.products[0]).toMatchObject({ giftPack: 2, gifting: { type: 'std-gpk', giftPackProductId: 9102 } });
      expect(b.giftPacks).toEqual([{ giftPackProductId: 9102, quantity: 2 }]);

      b = await f.ok('PATCH', `/basket/${token}/product/101`, { gifting: { type: 'e-gift' }, gift: { name: 'Morag', email: 'morag@example.com', message: 'Happy birthday!\nLove, Ewan' } });
      expect(b.products[0]).toMatchObject({ giftPack: 0, gift: { name: 'Morag', email: 'morag@example.com', message: 'Happy birthday!\nLove, Ewan' }, gifting: { type: 'e-gift', giftPackProductId: null } });
      expect(b.giftPacks).toEqual([]);

      b = await f.ok('PATCH', `/basket/${token}/product/101`, { gifting: { type: 'none' } });
      expect(b.products[0]).toMatchObject({ gift: null, giftPack: 0, giftWrap: 0, gifting: { type: 'none', gift: false } });
    });

    it('a pack without its product id, an e-gift without a recipient, units without the gifting: 400 naming the field', async () => {
      const { token } = await f.create({ products: [line(101, 2)] });
      const cases: Array<[unknown, string]> = [
        [{ gifting: { type: 'ndd-gpk' } }, 'gifting.giftPackProductId'],
        [{ gifting: { type: 'e-gift' } }, 'gift.name'],
        [{ gift: { name: 'Ann' } }, 'gift'],
        [{ giftPack: 1 }, 'giftPack'],
        [{ giftWrap: 1 }, 'giftWrap'],
        [{ gifting: { type: 'sleigh' } }, 'gifting.type'],
      ];
      for (const [body, field] of cases) {
        const res = await f.call('PATCH', `/basket/${token}/product/101`, { body });
        expect((await problem(res, 400, 'VALIDATION_FAILED')).errors![0]!.field, JSON.stringify(body)).toBe(field);
      }
    });

    it('gift wrap never below 0 (spec §5: clamped), never above the quantity', async () => {
      const { token } = await f.create({ products: [line(101, 3, 10, { gifting: gifting('wrapped') })] });
      let b = await f.ok('PATCH', `/basket/${token}/product/101`, { giftWrap: -1 });
      expect(b.products[0]!.giftWrap).toBe(0);
      expect(b.giftWrapQuantity).toBe(0);
      b = await f.ok('PATCH', `/basket/${token}/product/101`, { giftWrap: 50 });
      expect(b.products[0]!.giftWrap).toBe(3);
      await f.ok('PATCH', `/basket/${token}/product/101`, { giftWrap: 2 });
      b = await f.ok('PATCH', `/basket/${token}/product/101`, { quantity: 1 });
      expect(b.products[0]).toMatchObject({ quantity: 1, giftWrap: 1 });
    });

    it('removing a line removes its pack units and reduces the wrap quantity', async () => {
      const { token } = await f.create({
        products: [line(101, 2, 10, { gifting: gifting('wrapped') }), line(102, 1, 10, { gifting: gifting('wrapped') }), line(103, 3, 10, { gifting: gifting('std-gpk', 9102) })],
      });
      let b = await f.ok('GET', `/basket/${token}?giftPacks=true`);
      expect(b.giftWrapQuantity).toBe(3);
      expect(b.giftPacks).toEqual([{ giftPackProductId: 9102, quantity: 3 }]);
      b = await f.ok('DELETE', `/basket/${token}/product/101`);
      expect(b.giftWrapQuantity).toBe(1);
      b = await f.ok('PATCH', `/basket/${token}/product/103`, { quantity: 0 });
      expect(b.giftPacks).toEqual([]);
      expect(b.giftWrapQuantity).toBe(1);
    });
  });

  describe('the catalogue check (productCheck)', () => {
    it('refuses a VIP-only option for a basket that is not a VIP member\'s: 409 VIP_ONLY naming dealProductId, in words that say why', async () => {
      const { token } = await f.create();
      const body = await problem(await f.call('POST', `/basket/${token}/product`, { body: line(701, 1) }), 409, 'VIP_ONLY');
      expect(body.errors).toEqual([{ field: 'dealProductId', message: ERROR_MESSAGES.VIP_ONLY }]);
      expect(ERROR_MESSAGES.VIP_ONLY).toMatch(/VIP members only.*£4\.99 a year.*up to 10%/);
      expect((await f.ok('GET', `/basket/${token}`)).products).toEqual([]);
    });

    it('refuses an option that does not exist, is under another deal or is disabled: 404 NOT_FOUND naming dealProductId', async () => {
      const { token } = await f.create();
      for (const l of [line(999, 1, 99), line(101, 1, 11), line(501, 1)]) {
        const body = await problem(await f.call('POST', `/basket/${token}/product`, { body: l }), 404, 'NOT_FOUND');
        expect(body.errors![0]!.field).toBe('dealProductId');
        expect(body.productId).toBe(l.dealProductId);
      }
      expect((await f.ok('GET', `/basket/${token}`)).products).toEqual([]);
    });

    it('a VIP basket may hold a VIP-exclusive option (update-vip-status ACTIVE)', async () => {
      const { token } = await f.create();
      const b = await f.ok('POST', `/basket/${token}/update-vip-status`, { vipStatus: 'ACTIVE' });
      expect(b).toMatchObject({ vipStatus: 'ACTIVE', eligibleForVip: true });
      await f.ok('POST', `/basket/${token}/product`, line(701, 1), 201);
      const other = await f.ok('POST', `/basket/${token}/update-vip-status`, { vipStatus: 'RENEW' });
      // The membership ended: the basket no longer takes VIP-exclusive options.
      expect(other).toMatchObject({ vipStatus: 'RENEW', eligibleForVip: false });
      await problem(await f.call('POST', `/basket/${token}/product`, { body: line(701, 2) }), 409, 'VIP_ONLY');
      await problem(await f.call('POST', `/basket/${token}/update-vip-status`, { body: { vipStatus: 'GOLD' } }), 400, 'VALIDATION_FAILED');
    });

    it('closed, sold out, not enough left, over the purchase limit: 409 with productId and available', async () => {
      const { token } = await f.create();
      expect(await problem(await f.call('POST', `/basket/${token}/product`, { body: line(601, 1) }), 409, 'DEAL_CLOSED')).toMatchObject({ productId: 601, available: 0 });
      expect(await problem(await f.call('POST', `/basket/${token}/product`, { body: line(801, 1) }), 409, 'DEAL_SOLD_OUT')).toMatchObject({ productId: 801, available: 0 });
      expect(await problem(await f.call('POST', `/basket/${token}/product`, { body: line(201, 4) }), 409, 'INSUFFICIENT_STOCK')).toMatchObject({ productId: 201, available: 3 });
      expect(await problem(await f.call('POST', `/basket/${token}/product`, { body: line(202, 3) }), 409, 'PURCHASE_LIMIT')).toMatchObject({ productId: 202, available: 2 });
      await f.ok('POST', `/basket/${token}/product`, line(201, 3), 201);
      await f.ok('POST', `/basket/${token}/product`, line(202, 2), 201);
      // A customer who bought one today may add one more only.
      const customerToken = f.customer();
      f.catalogue.bought.set(`c:${customerToken}|202`, 1);
      const mine = await f.create({ customerToken });
      expect(await problem(await f.call('POST', `/basket/${mine.token}/product?customerToken=${customerToken}`, { body: line(202, 2) }), 409, 'PURCHASE_LIMIT')).toMatchObject({ available: 1 });
    });

    it('price per person needs at least 2 (spec §5); a deposit needs an option with one', async () => {
      const { token } = await f.create();
      const res = await f.call('POST', `/basket/${token}/product`, { body: line(301, 1) });
      expect((await problem(res, 400, 'VALIDATION_FAILED')).errors![0]!.field).toBe('quantity');
      await f.ok('POST', `/basket/${token}/product`, line(301, 2), 201);
      const lower = await f.call('PATCH', `/basket/${token}/product/301`, { body: { quantity: 1 } });
      await problem(lower, 400, 'VALIDATION_FAILED');
      const dep = await f.call('POST', `/basket/${token}/product`, { body: line(402, 1, 40, { payDeposit: true }) });
      expect((await problem(dep, 400, 'VALIDATION_FAILED')).errors![0]!.field).toBe('payDeposit');
      const b = await f.ok('POST', `/basket/${token}/product`, line(401, 1, 40, { payDeposit: true }), 201);
      expect(b.products.find((l) => l.dealProductId === 401)!.payDeposit).toBe(true);
    });

    it('lowering a quantity is allowed even once the option sold out; raising it is not', async () => {
      f.catalogue.add(251, { dealId: 25, remaining: 5 });
      const { token } = await f.create({ products: [line(251, 4, 25)] });
      f.catalogue.set(251, { remaining: 0 });
      const b = await f.ok('PATCH', `/basket/${token}/product/251`, { quantity: 2 });
      expect(qty(b)).toEqual([[251, 2]]);
      await problem(await f.call('PATCH', `/basket/${token}/product/251`, { body: { quantity: 3 } }), 409, 'DEAL_SOLD_OUT');
    });

    it('each line says maxQuantity, minQuantity and soldOut from the catalogue now', async () => {
      f.catalogue.add(261, { dealId: 26, remaining: 7 });
      f.catalogue.add(262, { dealId: 26, purchaseCap: 4 });
      f.catalogue.add(263, { dealId: 26, pricePerPerson: true });
      const customerToken = f.customer();
      f.catalogue.bought.set(`c:${customerToken}|262`, 1);
      const { token } = await f.create({ customerToken, products: [line(261, 1, 26), line(262, 1, 26), line(263, 2, 26)] });
      let b = await f.ok('GET', `/basket/${token}?customerToken=${customerToken}`);
      const view = (x: BasketResponse) => x.products.map((l) => [l.dealProductId, (l as Record<string, unknown>).maxQuantity, (l as Record<string, unknown>).minQuantity, (l as Record<string, unknown>).soldOut]);
      expect(view(b)).toEqual([
        [261, 7, 1, false],
        [262, 3, 1, false],
        [263, LINE_QUANTITY_MAX, 2, false],
      ]);
      f.catalogue.set(261, { remaining: 0 });
      f.catalogue.set(263, { disabled: true });
      b = await f.ok('GET', `/basket/${token}?customerToken=${customerToken}`);
      expect(view(b)).toEqual([
        [261, 0, 1, true],
        [262, 3, 1, false],
        [263, 0, 2, true],
      ]);
      expect(b.giftWrap).toBe(b.giftWrapQuantity);
    });

    it('without a productCheck the lines are kept as given', async () => {
      const app = f.withApp({ productCheck: undefined });
      const res = await app.request('/basket', { method: 'POST', headers: { 'x-service-token': 'basket-test-service-token', 'content-type': 'application/json' }, body: JSON.stringify({ brand: 'wowcher', products: [line(999_999, 1, 77)] }) });
      expect(res.status).toBe(201);
    });
  });

  describe('add-ons', () => {
    it('POST /basket/{id}/addon adds VVE, changes its quantity, removes it with 0; other types and unknown products refused', async () => {
      const { token } = await f.create({ products: [line(101, 1)] });
      let b = await f.ok('POST', `/basket/${token}/addon`, { addonType: 'VVE', productId: 9001, quantity: 1 });
      expect(b.addons).toEqual([{ addonType: 'VVE', productId: 9001, quantity: 1 }]);
      b = await f.ok('POST', `/basket/${token}/addon`, { addonType: 'VVE', productId: 9001, quantity: 2 });
      expect(b.addons).toEqual([{ addonType: 'VVE', productId: 9001, quantity: 2 }]);
      b = await f.ok('POST', `/basket/${token}/addon`, { addonType: 'VVE', productId: 9001, quantity: 0 });
      expect(b.addons).toEqual([]);
      const dvp = await f.call('POST', `/basket/${token}/addon`, { body: { addonType: 'DVP', productId: 9001, quantity: 1 } });
      expect((await problem(dvp, 400, 'VALIDATION_FAILED')).errors![0]!.field).toBe('addonType');
      const missing = await f.call('POST', `/basket/${token}/addon`, { body: { addonType: 'VVE', productId: 424242, quantity: 1 } });
      expect((await problem(missing, 404, 'NOT_FOUND')).errors![0]!.field).toBe('productId');
    });
  });

  describe('guest basket merges into the customer’s on login', () => {
    it('lines add up within LINE_QUANTITY_MAX, new lines are added, the guest basket is closed; idempotent', async () => {
      const customerToken = f.customer();
      const mine = await f.create({ customerToken, products: [line(101, 2), line(102, 98)] });
      const guest = await f.create({ products: [line(101, 3), line(102, 5), line(103, 1)] });
      await f.ok('POST', `/basket/${guest.token}/addon`, { addonType: 'VVE', productId: 9001, quantity: 1 });
      const merged = await f.ok('POST', `/basket/${guest.token}/merge`, { customerToken });
      expect(merged.id).toBe(mine.token);
      expect(qty(merged)).toEqual([
        [101, 5],
        [102, LINE_QUANTITY_MAX],
        [103, 1],
      ]);
      expect(merged.addons).toEqual([{ addonType: 'VVE', productId: 9001, quantity: 1 }]);
      await problem(await f.call('GET', `/basket/${guest.token}`), 404, 'BASKET_NOT_FOUND');
      const again = await f.ok('POST', `/basket/${guest.token}/merge`, { customerToken });
      expect(qty(again)).toEqual(qty(merged));
      // Another customer cannot merge it (or learn anything about it).
      await problem(await f.call('POST', `/basket/${guest.token}/merge`, { body: { customerToken: f.customer() } }), 404, 'BASKET_NOT_FOUND');
    });

    it('with no basket of their own, the guest basket becomes the customer’s', async () => {
      const customerToken = f.customer();
      const guest = await f.create({ products: [line(101, 1)] });
      const b = await f.ok('POST', `/basket/${guest.token}/merge`, { customerToken });
      expect(b).toMatchObject({ id: guest.token, customerToken });
      // From now on the basket is the customer's: without their token it is a 404.
      await problem(await f.call('GET', `/basket/${guest.token}`), 404, 'BASKET_NOT_FOUND');
      expect((await f.ok<BasketResponse[]>('GET', `/basket?customerToken=${customerToken}`))[0]!.id).toBe(guest.token);
      expect((await f.ok('POST', `/basket/${guest.token}/merge`, { customerToken })).id).toBe(guest.token);
    });

    it('two guest baskets merged at once into a customer with no basket end as one basket with both', async () => {
      const customerToken = f.customer();
      const a = await f.create({ products: [line(101, 1)] });
      const b = await f.create({ products: [line(101, 2), line(102, 1)] });
      const results = await Promise.all([a, b].map((g) => mergeGuestBasket(f.database.db, { guestToken: g.token, customerToken })));
      expect(results.every((r) => r.ok)).toBe(true);
      const list = await f.ok<BasketResponse[]>('GET', `/basket?customerToken=${customerToken}`);
      expect(list).toHaveLength(1);
      expect(qty(list[0]!)).toEqual(expect.arrayContaining([[101, 3], [102, 1]]));
    });

    it('two merges of the same guest basket at once add its lines once', async () => {
      const customerToken = f.customer();
      await f.create({ customerToken, products: [line(101, 1)] });
      const guest = await f.create({ products: [line(101, 2)] });
      const results = await Promise.all([0, 1, 2, 3].map(() => mergeGuestBasket(f.database.db, { guestToken: guest.token, customerToken })));
      expect(results.every((r) => r.ok)).toBe(true);
      const [b] = await f.ok<BasketResponse[]>('GET', `/basket?customerToken=${customerToken}`);
      expect(qty(b!)).toEqual([[101, 3]]);
    });
  });

  describe('concurrency', () => {
    it('concurrent changes of one basket are serialised: none is lost', async () => {
      const { token } = await f.create();
      const ids = [101, 102, 103, 401, 402, 9101, 9102, 201];
      const results = await Promise.all(ids.map((id) => f.call('POST', `/basket/${token}/product`, { body: line(id, 1, id >= 9000 ? 91 : Math.floor(id / 10)) })));
      expect(results.map((r) => r.status)).toEqual(ids.map(() => 201));
      const b = await f.ok('GET', `/basket/${token}`);
      expect(b.products.map((l) => l.dealProductId).sort()).toEqual([...ids].sort());
    });

    it('two creates for one customer at once end with one open basket', async () => {
      const customerToken = f.customer();
      const res = await Promise.all([1, 2, 3].map((n) => f.call('POST', '/basket', { body: { brand: 'wowcher', customerToken, products: [line(100 + n, 1, 10)] } })));
      expect(res.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      const list = await f.ok<BasketResponse[]>('GET', `/basket?customerToken=${customerToken}`);
      expect(list).toHaveLength(1);
      expect(list[0]!.products.map((l) => l.dealProductId).sort()).toEqual([101, 102, 103]);
    });
  });

  describe('module functions', () => {
    it('getBasket and removeLines (after a paid order)', async () => {
      const { token } = await f.create({ products: [line(101, 1), line(102, 2), line(103, 1)] });
      const b = await getBasket(f.database.db, token);
      expect(b?.products.map((l) => l.dealProductId)).toEqual([101, 102, 103]);
      await f.database.db.transaction().execute((trx) => removeLines(trx, token, [101, 103]));
      expect((await getBasket(f.database.db, token))?.products.map((l) => l.dealProductId)).toEqual([102]);
      expect(await getBasket(f.database.db, 'short')).toBeNull();
      expect(await getBasket(f.database.db, 'Zt1k8tqf3bXqVZp0m2c9Yw4hJ5sA7dE6rL1uN0oP2qW')).toBeNull();
    });
  });
});
