import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid, notFoundProblem, problemResponse } from '@shop/platform';
import { VOUCHER_STATUS_TEXT } from '@shop/domain/voucher-status';
import { VOUCHER_FEEDS } from '../contract.ts';
import { decodeCursor, encodeCursor } from '../lib/cursor.ts';
import type { VouchersDeps } from '../lib/deps.ts';
import * as routes from './vouchers.routes.ts';
import * as store from './vouchers.store.ts';
import { eventView, voucherView } from './voucher-view.ts';
import { redemptionLink } from '../print/redemption-link.ts';

export function registerVoucherRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  const { db } = deps;

  app.openapi(routes.getFeed, async (c) => {
    const { feed } = c.req.valid('param');
    const query = c.req.valid('query');
    const { customerToken } = query;
    const after = query.after ? decodeCursor(query.after) : null;
    if (query.after && !after) return invalid(c, [{ field: 'after', message: 'This cursor is not one this service gave.' }]);
    const status = query.status ? VOUCHER_STATUS_TEXT[query.status] : undefined;
    const limit = query.first ?? VOUCHER_FEEDS[feed];
    const [rows, totalCount] = await Promise.all([store.holderPage(db, { holder: customerToken, status, after, limit }), store.holderCount(db, { holder: customerToken, status })]);
    const edges = rows.slice(0, limit).map((v) => ({ cursor: encodeCursor({ createdAt: new Date(v.created_at), id: v.id }), node: voucherView(v, redemptionLink(deps.linkKey, deps.publicBaseUrl, v.id)) }));
    return c.json({ edges, pageInfo: { hasNextPage: rows.length > limit, endCursor: edges.at(-1)?.cursor ?? null }, totalCount }, 200);
  });

  app.openapi(routes.getVoucher, async (c) => {
    const { voucherId } = c.req.valid('param');
    const voucher = await store.holderVoucher(db, c.req.valid('query').customerToken, voucherId);
    if (!voucher) return problemResponse(c, notFoundProblem('Sorry, we could not find that voucher.'));
    return c.json({ ...voucherView(voucher, redemptionLink(deps.linkKey, deps.publicBaseUrl, voucher.id)), history: (await store.historyOf(db, voucher.id)).map(eventView) }, 200);
  });
}
