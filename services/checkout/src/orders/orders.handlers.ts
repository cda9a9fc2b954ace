/**
 * Orders: the handlers of orders.routes.ts. Placing orders (Idempotency-Key), reading them, the express-buy order and the VVE add-on.
 */
import type { OpenAPIHono, RouteConfigToTypedResponse } from '@hono/zod-openapi';
import type { PaymentMethod } from '@shop/domain/buying';
import { storedResponse } from '@shop/platform';
import type { Context } from 'hono';
import * as store from './orders.store.ts';
import type { CheckoutDeps } from '../lib/deps.ts';
import { placeExpressOrder } from '../promo/express-buy.ts';
import { orderView } from './orders.ts';
import { findOwnedOrder, placeOrder, placeOrderAddon, type Answer } from './place-order.ts';
import { clientAddressOf, fail, idempotencyKey } from '../lib/http.ts';
import * as routes from './orders.routes.ts';

/**
 * An order answer as its bytes were stored with the idempotency key (the first answer, or its
 * replay): one of the order route's documented answers, made by this same code.
 */
const send = <Route extends typeof routes.placeOrder | typeof routes.placeExpressOrder | typeof routes.orderAddon>(c: Context, answer: Answer) => storedResponse<RouteConfigToTypedResponse<Route>>(c, answer);

export function registerOrdersRoutes(app: OpenAPIHono, deps: CheckoutDeps): void {
  app.openapi(
    routes.placeOrder,
    async (c) => {
      const key = idempotencyKey(c);
      if (typeof key !== 'string') return key;
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const answer = await placeOrder(deps, { basketToken, customerToken: q.customerToken ?? null, vipUser: q.vipUser ?? false, idempotencyKey: key, clientAddress: clientAddressOf(c), body: { ...body, payment: { ...body.payment, method: body.payment.method as PaymentMethod } } });
      return send<typeof routes.placeOrder>(c, answer);
    },
  );

  app.openapi(
    routes.order,
    async (c) => {
      const { orderId } = c.req.valid('param');
      const q = c.req.valid('query');
      const order = await findOwnedOrder(deps.db, orderId, q.customerToken ?? null, q.accessToken ?? null);
      if (!order) return fail(c, 404, 'NOT_FOUND');
      return c.json({ data: await orderView(deps.db, order) }, 200);
    },
  );

  app.openapi(
    routes.orders,
    async (c) => {
      const q = c.req.valid('query');
      const rows = await store.customerOrders(deps.db, q.customerToken, { offset: q.page * q.pageSize, limit: q.pageSize + 1 });
      const page = await Promise.all(rows.slice(0, q.pageSize).map((o) => orderView(deps.db, o)));
      return c.json({ data: page, page: q.page, pageSize: q.pageSize, hasMore: rows.length > q.pageSize }, 200);
    },
  );

  app.openapi(
    routes.placeExpressOrder,
    async (c) => {
      const key = idempotencyKey(c);
      if (typeof key !== 'string') return key;
      const { expressBuyToken: token } = c.req.valid('param');
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const answer = await placeExpressOrder(deps, {
        token,
        customerToken: q.customerToken ?? null,
        vipUser: q.vipUser ?? false,
        idempotencyKey: key,
        clientAddress: clientAddressOf(c),
        body: { ...body, payment: { method: body.payment.method as PaymentMethod, savedInstrumentId: body.payment.savedInstrumentId } },
      });
      return send<typeof routes.placeExpressOrder>(c, answer);
    },
  );

  app.openapi(
    routes.orderAddon,
    async (c) => {
      const key = idempotencyKey(c);
      if (typeof key !== 'string') return key;
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const answer = await placeOrderAddon(deps, {
        customerToken: q.customerToken ?? null,
        accessToken: q.accessToken ?? null,
        idempotencyKey: key,
        body: { ...body, payment: { ...body.payment, method: body.payment.method as PaymentMethod } },
      });
      return send<typeof routes.orderAddon>(c, answer);
    },
  );
}
