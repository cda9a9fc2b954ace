import type { OpenAPIHono } from '@hono/zod-openapi';
import { problemResponse } from '@shop/platform';
import type { VouchersDeps } from '../lib/deps.ts';
import { voucherIdOfLink } from '../print/redemption-link.ts';
import { redeemBulk } from './bulk.ts';
import { redeemOne, undoRedemption } from './redemption.ts';
import { attemptsOf } from './redemption.store.ts';
import * as routes from './redemption.routes.ts';

export function registerRedemptionRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  app.openapi(routes.postRedemption, async (c) => {
    const body = c.req.valid('json');
    const { dealIds, merchantRef } = body;
    // A scanned QR names the voucher by its signed link; a forged or foreign link is not found, like an unknown code.
    const linkId = body.link !== undefined ? voucherIdOfLink(deps.linkKey, body.link) : null;
    const answer = await redeemOne(deps.db, {
      which: body.code !== undefined ? { code: body.code } : linkId !== null ? { id: linkId } : null,
      given: body.code ?? body.link ?? '',
      dealIds,
      merchantRef,
      actorRef: body.actorRef ?? null,
      channel: body.channel ?? (body.code !== undefined ? 'typed' : 'qr'),
      attemptId: body.attemptId ?? null,
      at: deps.now(),
    });
    if (answer.status === 200) return c.json(answer.body, 200);
    if (answer.status === 404) return problemResponse(c, answer.body);
    return problemResponse(c, answer.body);
  });

  app.openapi(routes.postUndo, async (c) => {
    const { voucherId } = c.req.valid('param');
    const body = c.req.valid('json');
    const answer = await undoRedemption(deps.db, { voucherId, dealIds: body.dealIds, merchantRef: body.merchantRef, actorRef: body.actorRef ?? null, at: deps.now() });
    if (answer.status === 200) return c.json(answer.body, 200);
    if (answer.status === 404) return problemResponse(c, answer.body);
    return problemResponse(c, answer.body);
  });

  app.openapi(routes.getAttempts, async (c) => {
    const q = c.req.valid('query');
    const limit = q.limit ?? 50;
    const rows = await attemptsOf(deps.db, q.merchantRef, limit + 1, q.before);
    const page = rows.slice(0, limit);
    return c.json(
      {
        attempts: page.map((a) => ({
          id: Number(a.id),
          channel: a.channel,
          code: a.code,
          voucherId: a.voucher_id,
          result: a.result,
          line: a.line,
          actorRef: a.actor_ref,
          attemptId: a.attempt_id,
          at: new Date(a.at).toISOString(),
        })),
        nextBefore: rows.length > limit ? Number(page[page.length - 1]!.id) : null,
      },
      200,
    );
  });

  app.openapi(routes.postBulk, async (c) => {
    const body = c.req.valid('json');
    const answer = await redeemBulk(deps.db, { codes: body.codes, ...(body.lines ? { lines: body.lines } : {}), dealIds: body.dealIds, merchantRef: body.merchantRef, actorRef: body.actorRef ?? null, at: deps.now() });
    return c.json(answer, 200);
  });
}
