import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { DealsResponseSchema, MerchantSchema, MerchantsResponseSchema, type Deal } from '../contract.ts';
import { dealsFixture, type DealsFixture } from '../test/deals-fixture.ts';
import { expectProblem } from '../lists/list-test-helpers.ts';

describe.each(testDatabases())('merchant routes on %s', (_name, open) => {
  let f: DealsFixture;
  /** Glasgow deals, for the merchants they embed. */
  let deals: Deal[];
  beforeAll(async () => {
    f = await dealsFixture(open);
    deals = DealsResponseSchema.parse(await f.json('/deals/glasgow?pageSize=48')).deals;
  });
  afterAll(async () => {
    await f?.database.close();
  });

  const problem = (path: string, status: number) => expectProblem(f, path, status);

  it('GET /merchants/{merchantId} returns the merchant a deal embeds as its business; 404 when unknown', async () => {
    for (const deal of deals.slice(0, 5)) {
      const merchant = MerchantSchema.parse(await f.json(`/merchants/${deal.business.id}`));
      expect(merchant).toEqual(deal.business);
    }
    expect((await problem('/merchants/999999', 404)).code).toBe('NOT_FOUND');
  });

  it('GET /merchants?ids= returns the ones found, once each', async () => {
    const [a, b] = [...new Set(deals.map((d) => d.business.id))] as [number, number];
    const body = MerchantsResponseSchema.parse(await f.json(`/merchants?ids=${b},${a},${b},999999`));
    expect(body.merchants.map((m) => m.id).sort((x, y) => x - y)).toEqual([a, b].sort((x, y) => x - y));
    for (const m of body.merchants) expect(m).toEqual(deals.find((d) => d.business.id === m.id)!.business);
    expect(MerchantsResponseSchema.parse(await f.json('/merchants?ids=999999')).merchants).toEqual([]);
  });

  it('takes up to 100 ids', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const body = MerchantsResponseSchema.parse(await f.json(`/merchants?ids=${ids.join(',')}`));
    expect(body.merchants.length).toBeGreaterThan(0);
    expect(body.merchants.every((m) => ids.includes(m.id))).toBe(true);
  });

  it('rejects bad ids with a 400 problem naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['/merchants', 'ids'],
      ['/merchants?ids=', 'ids'],
      ['/merchants?ids=1,2,x', 'ids'],
      ['/merchants?ids=1,,2', 'ids'],
      ['/merchants?ids=-1', 'ids'],
      ['/merchants?ids=1.5', 'ids'],
      ['/merchants?ids=1%3B%20DROP%20TABLE%20deals.merchant', 'ids'],
      ['/merchants?ids=1234567890', 'ids'],
      [`/merchants?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'ids'],
      ['/merchants/12abc', 'merchantId'],
      ['/merchants/-1', 'merchantId'],
      ['/merchants/1234567890', 'merchantId'],
    ];
    for (const [path, field] of cases) {
      const body = await problem(path, 400);
      expect(body.code, path).toBe('VALIDATION_FAILED');
      expect(body.errors?.map((e) => e.field), path).toContain(field);
    }
  });
});
