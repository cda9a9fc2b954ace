import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid, problem, problemResponse } from '@shop/platform';
import type { VouchersDeps } from '../lib/deps.ts';
import { markSent, postedOrderView, receiveReturn, returnOnItsWayView } from './posting.ts';
import * as store from './posting.store.ts';
import { decodePostingCursor, encodePostingCursor } from './posting.contract.ts';
import * as routes from './posting.routes.ts';

const DEFAULT_PAGE = 20;

export function registerPostingRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  /** The page's position, or null when `after` is not one of ours. */
  const pageOf = (q: { first?: number | undefined; after?: string | undefined }) => {
    const after = q.after === undefined ? null : decodePostingCursor(q.after);
    return { first: q.first ?? DEFAULT_PAGE, after, bad: q.after !== undefined && after === null };
  };
  const badAfter = [{ field: 'after', message: 'This is not a page position we gave.' }];

  app.openapi(routes.getOrdersToPost, async (c) => {
    const q = c.req.valid('query');
    const page = pageOf(q);
    if (page.bad) return invalid(c, badAfter);
    const rows = await store.ordersToPost(deps.db, q.dealIds, page.first + 1, page.after);
    const orders = rows.slice(0, page.first).map(postedOrderView);
    const last = orders.at(-1);
    return c.json({ orders, nextAfter: rows.length > page.first && last ? encodePostingCursor({ at: new Date(last.paidAt), id: last.voucherId }) : null }, 200);
  });

  app.openapi(routes.getSentOrders, async (c) => {
    const q = c.req.valid('query');
    const page = pageOf(q);
    if (page.bad) return invalid(c, badAfter);
    const rows = await store.sentOrders(deps.db, q.dealIds, page.first + 1, page.after);
    const orders = rows.slice(0, page.first).map(postedOrderView);
    const last = orders.at(-1);
    return c.json({ orders, nextAfter: rows.length > page.first && last?.dispatch ? encodePostingCursor({ at: new Date(last.dispatch.sentAt), id: last.voucherId }) : null }, 200);
  });

  app.openapi(routes.getReturnsOnTheirWay, async (c) => {
    const q = c.req.valid('query');
    const page = pageOf(q);
    if (page.bad) return invalid(c, badAfter);
    const rows = await store.returnsOnTheirWay(deps.db, q.dealIds, page.first + 1, page.after);
    const returns = rows.slice(0, page.first).map(returnOnItsWayView);
    const last = returns.at(-1);
    return c.json({ returns, nextAfter: rows.length > page.first && last ? encodePostingCursor({ at: new Date(last.requestedAt), id: last.voucherId }) : null }, 200);
  });

  app.openapi(routes.postSent, async (c) => {
    const { voucherId } = c.req.valid('param');
    const body = c.req.valid('json');
    const answer = await markSent(deps, { voucherId, dealIds: body.dealIds, merchantRef: body.merchantRef, actorRef: body.actorRef ?? null, carrier: body.carrier, trackingReference: body.trackingReference });
    if (answer.ok) return c.json(answer.order, answer.created ? 201 : 200);
    if (answer.status === 404) return problemResponse(c, problem(404, answer.code, answer.detail));
    return problemResponse(c, problem(409, answer.code, answer.detail));
  });

  app.openapi(routes.postReturnReceived, async (c) => {
    const { voucherId } = c.req.valid('param');
    const body = c.req.valid('json');
    const answer = await receiveReturn(deps, { voucherId, dealIds: body.dealIds, merchantRef: body.merchantRef });
    if (answer.ok) return c.json({ voucherId: answer.voucherId, status: answer.status }, 200);
    if (answer.status === 404) return problemResponse(c, problem(404, answer.code, answer.detail));
    return problemResponse(c, problem(409, answer.code, answer.detail));
  });

  app.openapi(routes.getHolderDispatches, async (c) => {
    const q = c.req.valid('query');
    const rows = await store.holderDispatches(deps.db, q.customerToken, q.voucherIds);
    return c.json({ dispatches: rows.map((r) => ({ voucherId: r.voucher_id, carrier: r.carrier as 'Other', trackingReference: r.tracking_reference, sentAt: new Date(r.sent_at).toISOString() })) }, 200);
  });
}
