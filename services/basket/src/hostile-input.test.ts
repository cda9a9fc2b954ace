/**
 * Reliability V1 (quantities), V2 (text), V3 (bodies), V4 (nothing reaches SQL unparameterised)
 * and Z4 (unknown keys such as price refused): explicit tables, then hostile values in every
 * field of every body and every path and query parameter, from the service's own OpenAPI
 * document. Every answer is a 2xx or a 4xx naming the field, and the service logs no error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { BLANKS, bodyPaths, CONTROL_TEXT, replacedAt, unsafeStatus, type OpenApiDoc } from '@shop/platform/test-hostile';
import type { BasketResponse } from './contract.ts';
import { basketFixture } from './test/basket-fixture.ts';

type ProblemBody = { status: number; code: string; errors?: Array<{ field: string; message: string }> };

const STRINGS: string[] = [
  "'; drop table basket.basket; --",
  "' OR 1=1--",
  '%_\\',
  'Glâsgöw Café',
  '😀',
  '\u202egnp.exe',
  'a\u200db',
  '\ud800',
  ...CONTROL_TEXT,
  ...BLANKS,
  '-1',
  '1e3',
  '1e309',
  '9223372036854775808',
  'null',
  '<script>alert(1)</script>',
  '__proto__',
  'A'.repeat(43),
];
const VALUES: unknown[] = [...STRINGS, null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 31), [], ['x'], {}, { $gt: '' }, [[[[[]]]]]];
const RAW_BODIES = ['', 'null', '[]', '"x"', '{', '{"a":', 'NaN', '{"quantity":NaN}', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, 'x'.repeat(70 * 1024)];



const fullLine = {
  dealId: 10,
  dealProductId: 101,
  quantity: 1,
  dealType: 'restaurant',
  purchaseLocation: 'glasgow',
  purchaseUrl: '/deal/glasgow/10',
  purchaseGclid: 'gclid-1',
  sessionPurchaseSource: 'search',
  gift: { name: 'Morag', email: 'morag@example.com', message: 'Enjoy' },
  giftClaim: false,
  payDeposit: false,
  deliveryOptionType: 'standard',
  giftPack: 0,
  giftWrap: 0,
  gifting: { type: 'e-gift', gift: true, giftPackProductId: null, giftProductId: null },
};

describe.each(testDatabases())('hostile input on %s (reliability V1, V2, V3, V4, Z4)', (_name, open) => {
  const f = suiteFixture(() => basketFixture(open), (fixture) => fixture.close());
  let token = '';
  beforeAll(async () => {
    token = (await f.create({ products: [{ dealId: 10, dealProductId: 101, quantity: 1 }] })).token;
  });

  const refused = async (method: string, path: string, body: unknown, field: string) => {
    const res = await f.call(method, path, { body });
    const problem = (await res.json()) as ProblemBody;
    expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 120)}`).toBe(400);
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors?.map((e) => e.field), JSON.stringify(body).slice(0, 120)).toContain(field);
  };

  it('V1: quantities -1, 1.5, 2^31, 2^53+1, "1e3", null, "NaN", Infinity are 400 naming the field, everywhere', async () => {
    const bad = [-1, 1.5, 2 ** 31, 2 ** 53 + 1, '1e3', null, 'NaN', '1', true, [], {}];
    for (const q of bad) {
      await refused('POST', '/basket', { brand: 'wowcher', products: [{ dealId: 10, dealProductId: 101, quantity: q }] }, 'products.0.quantity');
      await refused('PUT', `/basket/${token}`, { products: [{ dealId: 10, dealProductId: 101, quantity: q }] }, 'products.0.quantity');
      await refused('PATCH', `/basket/${token}`, { products: [{ dealId: 10, dealProductId: 101, quantity: q }] }, 'products.0.quantity');
      await refused('POST', `/basket/${token}/product`, { dealId: 10, dealProductId: 101, quantity: q }, 'quantity');
      await refused('PATCH', `/basket/${token}/product/101`, { quantity: q }, 'quantity');
      await refused('POST', `/basket/${token}/addon`, { addonType: 'VVE', productId: 9001, quantity: q }, 'quantity');
      if (q !== -1) {
        await refused('PATCH', `/basket/${token}/product/101`, { giftWrap: q }, 'giftWrap');
        await refused('PATCH', `/basket/${token}/product/101`, { giftPack: q }, 'giftPack');
      }
    }
    // 1e309 is Infinity once parsed; NaN is not JSON at all.
    const inf = await f.call('PATCH', `/basket/${token}/product/101`, { rawBody: '{"quantity":1e309}', headers: { 'content-type': 'application/json' } });
    expect(inf.status).toBe(400);
    const nan = await f.call('PATCH', `/basket/${token}/product/101`, { rawBody: '{"quantity":NaN}', headers: { 'content-type': 'application/json' } });
    expect(((await nan.json()) as ProblemBody).errors![0]!.field).toBe('body');
    for (const id of [0, -1, 1.5, 2 ** 31, '101', null]) {
      await refused('POST', `/basket/${token}/product`, { dealId: 10, dealProductId: id, quantity: 1 }, 'dealProductId');
      await refused('POST', `/basket/${token}/product`, { dealId: id, dealProductId: 101, quantity: 1 }, 'dealId');
    }
    // The basket is as it was.
    const b = await f.ok('GET', `/basket/${token}`);
    expect(b.products.map((l) => [l.dealProductId, l.quantity])).toEqual([[101, 1]]);
    expect(b.addons).toEqual([]);
  });

  it('Z4: unknown and privileged keys (price, unitPricePence, status, customerId, sold) are refused, each named', async () => {
    await refused('POST', '/basket', { brand: 'wowcher', products: [{ dealId: 10, dealProductId: 101, quantity: 1, price: 1 }] }, 'products.0.price');
    await refused('POST', '/basket', { brand: 'wowcher', status: 'merged', products: [] }, 'status');
    await refused('POST', `/basket/${token}/product`, { dealId: 10, dealProductId: 101, quantity: 1, unitPricePence: 1 }, 'unitPricePence');
    await refused('PATCH', `/basket/${token}/product/101`, { quantity: 1, price: 0 }, 'price');
    await refused('PATCH', `/basket/${token}/product/101`, { gifting: { type: 'none', price: 0 } }, 'gifting.price');
    await refused('PATCH', `/basket/${token}/product/101`, { gift: { name: 'Ann', walletBalance: 1 } }, 'gift.walletBalance');
    await refused('PATCH', `/basket/${token}`, { products: [], sold: 3 }, 'sold');
    await refused('POST', `/basket/${token}/addon`, { addonType: 'VVE', productId: 9001, quantity: 1, price: 0 }, 'price');
    await refused('POST', `/basket/${token}/update-vip-status`, { vipStatus: 'ACTIVE', role: 'admin' }, 'role');
    await refused('POST', `/basket/${token}/merge`, { customerToken: 'cust_0123456789', userId: 1 }, 'userId');
  });

  it('V2: text is length-limited and refuses control characters and broken Unicode; other text round-trips as sent', async () => {
    const fields: Array<[string, number]> = [
      ['dealType', 40],
      ['purchaseLocation', 100],
      ['purchaseUrl', 2048],
      ['purchaseGclid', 256],
      ['sessionPurchaseSource', 100],
      ['deliveryOptionType', 40],
    ];
    for (const [field, max] of fields) {
      await refused('POST', `/basket/${token}/product`, { dealId: 10, dealProductId: 102, quantity: 1, [field]: 'x'.repeat(max + 1) }, field);
      for (const v of ['a\u0000b', '\u0007', 'x\r\ny', '\ud800', 'tab\there']) {
        await refused('POST', `/basket/${token}/product`, { dealId: 10, dealProductId: 102, quantity: 1, [field]: v }, field);
      }
    }
    await refused('PATCH', `/basket/${token}/product/101`, { gifting: { type: 'e-gift' }, gift: { name: 'x'.repeat(101) } }, 'gift.name');
    await refused('PATCH', `/basket/${token}/product/101`, { gifting: { type: 'e-gift' }, gift: { name: '   ' } }, 'gift.name');
    await refused('PATCH', `/basket/${token}/product/101`, { gifting: { type: 'e-gift' }, gift: { name: 'Ann', email: 'not an email' } }, 'gift.email');
    await refused('PATCH', `/basket/${token}/product/101`, { gifting: { type: 'e-gift' }, gift: { name: 'Ann', message: 'x'.repeat(501) } }, 'gift.message');
    await refused('PATCH', `/basket/${token}/product/101`, { gifting: { type: 'e-gift' }, gift: { name: 'Ann', message: 'bell\u0007' } }, 'gift.message');
    await refused('POST', '/basket', { brand: 'wow cher', products: [] }, 'brand');
    await refused('POST', '/basket', { brand: 'x'.repeat(41), products: [] }, 'brand');
    await refused('POST', '/basket', { brand: 'wowcher', customerToken: 'short', products: [] }, 'customerToken');
    await refused('POST', '/basket', { brand: 'wowcher', products: Array.from({ length: 51 }, (_, i) => ({ dealId: 10, dealProductId: 1000 + i, quantity: 1 })) }, 'products');

    const name = '🧖‍♀️ Ailsa <script>alert(1)</script> \u202eevil';
    const b = await f.ok<BasketResponse>('PATCH', `/basket/${token}/product/101`, {
      gifting: { type: 'e-gift' },
      gift: { name, email: 'ailsa+gift@example.com', message: "'; drop table basket.line; --\nline two" },
      purchaseUrl: '/deal/glasgow/10?utm=%27%22',
    });
    expect(b.products[0]).toMatchObject({ purchaseUrl: '/deal/glasgow/10?utm=%27%22', gift: { name, email: 'ailsa+gift@example.com', message: "'; drop table basket.line; --\nline two" } });
  });

  it('V3/V4: hostile values in every field of every body, and every path and query parameter, answer 2xx or 4xx; no error logged', async () => {
    const doc = (await (await f.app.request('/openapi.json')).json()) as OpenApiDoc;
    const examples: Record<string, unknown> = {
      'post /basket': { brand: 'wowcher', customerToken: 'cust_hostile_0001', eligibleForVip: false, products: [fullLine] },
      'put /basket/{token}': { brand: 'wowcher', eligibleForVip: false, id: token, products: [fullLine] },
      'patch /basket/{token}': { brand: 'wowcher', eligibleForVip: false, id: token, products: [fullLine] },
      'post /basket/{token}/product': fullLine,
      'patch /basket/{token}/product/{productId}': { quantity: 2, giftWrap: 1, giftPack: 0, gift: fullLine.gift, gifting: { type: 'wrapped', giftProductId: 2440914 }, payDeposit: false, deliveryOptionType: 'standard' },
      'delete /basket/{token}/product/{productId}': undefined,
      'post /basket/{token}/addon': { addonType: 'VVE', productId: 9001, quantity: 1 },
      'post /basket/{token}/update-vip-status': { vipStatus: 'ACTIVE' },
      'post /basket/{token}/apply-vip-discount': undefined,
      'post /basket/{guestToken}/merge': { customerToken: 'cust_hostile_0002' },
    };
    const failures: string[] = [];
    let requests = 0;
    const check = async (res: Response, what: string) => {
      requests++;
      await res.arrayBuffer();
      if (unsafeStatus(res.status)) failures.push(`${res.status} ${what.slice(0, 160)}`);
    };
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const key = `${method} ${template}`;
        // A fresh guest basket per route, so a merge or removal does not empty the next one's.
        const own = (await f.create({ products: [{ dealId: 10, dealProductId: 101, quantity: 1 }] })).token;
        const path = template.replace('{token}', own).replace('{guestToken}', own).replace('{productId}', '101');
        if (method !== 'get') {
          expect(Object.keys(examples), key).toContain(key);
          const example = examples[key];
          const bodies = RAW_BODIES.slice();
          if (example !== undefined) {
            for (const p of [[], ...bodyPaths(example)]) for (const v of VALUES) bodies.push(JSON.stringify(replacedAt(example, p, v)));
            bodies.push(JSON.stringify({ ...(example as object), extra: 'field' }));
          }
          for (const body of bodies) await check(await f.call(method.toUpperCase(), path, { rawBody: body, headers: { 'content-type': 'application/json' } }), `${key} ${body}`);
        }
        for (const param of (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query')) {
          for (const v of STRINGS) {
            if (!v.isWellFormed()) continue;
            const url = param.in === 'path' ? template.replace(`{${param.name}}`, encodeURIComponent(v) || '%20').replace('{token}', own).replace('{guestToken}', own).replace('{productId}', '101') : `${path}?${param.name}=${encodeURIComponent(v)}&${param.name}=${encodeURIComponent(v)}`;
            const example = examples[key];
            await check(await f.call(method.toUpperCase(), url, example === undefined ? {} : { body: example }), `${key} ${url}`);
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(f.logged.map((l) => `${l.message} ${JSON.stringify(l.fields).slice(0, 300)}`)).toEqual([]);
  }, 600_000);
});
