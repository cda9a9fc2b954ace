/**
 * The answers match the contract's schemas at run time too (the typecheck checks the handlers'
 * code; this checks the bytes, replayed idempotent answers included), so the OpenAPI document and
 * the gateway's client describe what is really sent.
 */
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import type { z } from '@hono/zod-openapi';
import {
  CheckoutViewSchema,
  ExpressBuyTokenResponseSchema,
  GiftingConfigSchema,
  OrderResponseSchema,
  OrdersPageSchema,
  PlacedOrderSchema,
  PromoResponseSchema,
  ReconcileReportSchema,
  ReleasedSchema,
} from './contract.ts';
import { cardOrder, checkoutFixture } from './test/fixture.ts';

describe.each(testDatabases())('checkout answers match the contract on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());

  const answer = async (schema: z.ZodType, status: number, method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }) => {
    const res = await f.request(method, path, options);
    const body: unknown = await res.json();
    expect({ status: res.status, path }).toEqual({ status, path });
    const parsed = schema.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues, `${method} ${path}`).toEqual([]);
    return body as Record<string, never>;
  };

  it('gifting config, checkout view, options, hold trim, promo check, order, orders, replay, express buy token and reconcile', async () => {
    const customer = 'contract-customer-1';
    const p = await f.product({ remaining: 10, pricePence: 1500 });
    const token = await f.basket([{ product: p, quantity: 2 }], customer);
    await answer(GiftingConfigSchema, 200, 'GET', '/checkout/config/gifting');
    await answer(CheckoutViewSchema, 200, 'GET', `/checkout/${token}?customerToken=${customer}`);
    await answer(CheckoutViewSchema, 200, 'PUT', `/checkout/${token}/options?customerToken=${customer}`, { body: { promoCode: null, wallet: false, vipChecked: true } });
    await answer(ReleasedSchema, 200, 'POST', `/checkout/${token}/hold/trim?customerToken=${customer}`);
    await answer(PromoResponseSchema, 200, 'GET', `/promocode?code=NOSUCHCODE&basketToken=${token}&customerToken=${customer}`);
    const view = await answer(CheckoutViewSchema, 200, 'GET', `/checkout/${token}?customerToken=${customer}`);
    const cash = (view as unknown as z.infer<typeof CheckoutViewSchema>).orderSummary.cashAmount.amount;
    const order = { body: cardOrder(cash), headers: { 'idempotency-key': `contract-${Date.now()}` } };
    const placed = (await answer(PlacedOrderSchema, 201, 'POST', `/checkout/${token}/order?customerToken=${customer}`, order)) as unknown as z.infer<typeof PlacedOrderSchema>;
    await answer(PlacedOrderSchema, 201, 'POST', `/checkout/${token}/order?customerToken=${customer}`, order);
    await answer(OrderResponseSchema, 200, 'GET', `/order/${placed.data.productOrder.id}?customerToken=${customer}`);
    await answer(OrdersPageSchema, 200, 'GET', `/orders?customerToken=${customer}`);
    await answer(ExpressBuyTokenResponseSchema, 201, 'POST', '/express-buy-token', { body: { expressBuyTokenRequest: { email: 'contract@example.co.uk' }, dealId: p.dealId, productId: p.productId } });
    await answer(ReconcileReportSchema, 200, 'POST', '/checkout/reconcile');
  });
});
