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

  /**
   * One keyset page of a posting list: `rows` read one more than asked (is there a next page?),
   * `view` what each row says, `at` the instant the list is ordered by (null: no next page).
   */
  const listPage = async <Row, View extends { voucherId: string }>(
    q: { dealIds: number[]; first?: number | undefined; after?: string | undefined },
    rows: (first: number, after: ReturnType<typeof decodePostingCursor>) => Promise<Row[]>,
    view: (row: Row) => View,
    at: (view: View) => string | null | undefined,
  ): Promise<{ items: View[]; nextAfter: string | null } | null> => {
    const page = pageOf(q);
    if (page.bad) return null;
    const read = await rows(page.first + 1, page.after);
    const items = read.slice(0, page.first).map(view);
    const last = items.at(-1);
    const lastAt = last ? at(last) : null;
    return { items, nextAfter: read.length > page.first && last && lastAt ? encodePostingCursor({ at: new Date(lastAt), id: last.voucherId }) : null };
  };

  app.openapi(routes.getOrdersToPost, async (c) => {
    const q = c.req.valid('query');
    const page = await listPage(q, (first, after) => store.ordersToPost(deps.db, q.dealIds, first, after), postedOrderView, (o) => o.paidAt);
    if (!page) return invalid(c, badAfter);
    return c.json({ orders: page.items, nextAfter: page.nextAfter }, 200);
  });

  app.openapi(routes.getSentOrders, async (c) => {
    const q = c.req.valid('query');
    const page = await listPage(q, (first, after) => store.sentOrders(deps.db, q.dealIds, first, after), postedOrderView, (o) => o.dispatch?.sentAt);
    if (!page) return invalid(c, badAfter);
    return c.json({ orders: page.items, nextAfter: page.nextAfter }, 200);
  });

  app.openapi(routes.getReturnsOnTheirWay, async (c) => {
    const q = c.req.valid('query');
    const page = await listPage(q, (first, after) => store.returnsOnTheirWay(deps.db, q.dealIds, first, after), returnOnItsWayView, (r) => r.requestedAt);
    if (!page) return invalid(c, badAfter);
    return c.json({ returns: page.items, nextAfter: page.nextAfter }, 200);
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
