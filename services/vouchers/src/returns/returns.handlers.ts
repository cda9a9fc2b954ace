import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problem, problemResponse } from '@shop/platform';
import type { VouchersDeps } from '../lib/deps.ts';
import { redemptionLink } from '../print/redemption-link.ts';
import { voucherView } from '../vouchers/voucher-view.ts';
import { returnsLabelPdf } from './returns-label-pdf.ts';
import * as routes from './returns.routes.ts';
import { createReturn, recordReturnEvent, returnView } from './returns.ts';
import * as store from './returns.store.ts';

export function registerReturnRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  /** The return with its voucher as they now are (read by id: the return row proves the right); null if the voucher is gone. */
  const answer = async (ret: store.ReturnRow) => {
    const voucher = await store.returnVoucher(deps.db, ret);
    if (!voucher) return null;
    return { return: await returnView(deps.db, ret, voucher), voucher: voucherView(voucher, redemptionLink(deps.linkKey, deps.publicBaseUrl, voucher.id)) };
  };
  const NOT_FOUND = 'Sorry, we could not find that return.';

  app.openapi(routes.postCreateReturn, async (c) => {
    const outcome = await createReturn(deps, c.req.valid('json'));
    if (!outcome.ok) {
      if (outcome.status === 404) return problemResponse(c, notFoundProblem(outcome.detail));
      return problemResponse(c, problem(409, outcome.code, outcome.detail, [{ field: 'voucherId', message: outcome.detail }]));
    }
    const body = await answer(outcome.ret);
    if (!body) return problemResponse(c, notFoundProblem(NOT_FOUND));
    return c.json(body, outcome.created ? 201 : 200);
  });

  app.openapi(routes.getReturnsLabel, async (c) => {
    const { customerToken, returnId, voucherId } = c.req.valid('query');
    const ret = await store.holderReturn(deps.db, customerToken, returnId ? { returnId } : { voucherId: voucherId! });
    const body = ret && (await answer(ret));
    if (!body) return problemResponse(c, notFoundProblem(NOT_FOUND));
    return c.json(body, 200);
  });

  app.openapi(routes.getReturnsPdf, async (c) => {
    const { customerToken, returnId, voucherId } = c.req.valid('query');
    const ret = await store.holderReturn(deps.db, customerToken, returnId ? { returnId } : { voucherId: voucherId! });
    const voucher = ret && (await store.returnVoucher(deps.db, ret));
    if (!ret || !voucher) return problemResponse(c, notFoundProblem(NOT_FOUND));
    const pdf = await returnsLabelPdf(ret, voucher);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="returns-label-${ret.tracking_number}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  app.openapi(routes.postReturnEvent, async (c) => {
    const { returnId } = c.req.valid('param');
    const { event, actorRef } = c.req.valid('json');
    const outcome = await recordReturnEvent(deps, returnId, event, actorRef ?? null);
    if (!outcome.ok) {
      if (outcome.status === 404) return problemResponse(c, notFoundProblem(outcome.detail));
      return problemResponse(c, problem(409, outcome.code, outcome.detail, [{ field: 'event', message: outcome.detail }]));
    }
    const ret = await store.returnById(deps.db, returnId);
    const body = ret && (await answer(ret));
    if (!body) return problemResponse(c, notFoundProblem(NOT_FOUND));
    return c.json(body, 200);
  });
}
