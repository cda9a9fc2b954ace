/**
 * The reviews handlers (issue 19 point 9): thin, the rules in @shop/domain/reviews and the
 * database work in reviews.store.ts.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ERROR_MESSAGES } from '@shop/domain';
import { reviewInputSchema } from '@shop/domain/reviews';
import { fieldErrorsFromZod, invalid, notFoundProblem, problem, problemResponse } from '@shop/platform';
import type { DealsDeps } from '../lib/deps.ts';
import { jsonBodyGuard } from '../lib/json-body.ts';
import * as routes from './reviews.routes.ts';
import * as store from './reviews.store.ts';

export function registerReviewRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  const { db } = deps;

  app.openapi(routes.getMerchantReviews, async (c) => {
    const merchantId = Number(c.req.valid('param').merchantId);
    const { first, after } = c.req.valid('query');
    const cursor = after === undefined ? null : store.decodeCursor(after);
    if (after !== undefined && !cursor) return invalid(c, [{ field: 'after', message: 'Not a cursor of this list.' }]);
    const standing = await store.merchantReviewStanding(db, merchantId);
    if (!standing) return problemResponse(c, notFoundProblem('Sorry, we could not find that merchant.'));
    const page = await store.merchantReviews(db, merchantId, first, cursor);
    return c.json({ ...page, totalCount: standing.count, average: standing.average }, 200);
  });

  app.openapi(routes.getVoucherReviews, async (c) => {
    const reviews = await store.reviewsOfVouchers(db, c.req.valid('query').voucherIds.split(','));
    return c.json({ reviews }, 200);
  });

  app.use(routes.postReview.path, jsonBodyGuard);
  app.openapi(routes.postReview, async (c) => {
    const body = c.req.valid('json');
    const checked = reviewInputSchema.safeParse({ rating: body.rating, text: body.text });
    if (!checked.success) return invalid(c, fieldErrorsFromZod(checked.error));
    const outcome = await store.writeReview(db, { voucherId: body.voucherId, customerToken: body.customerToken, reviewerName: body.reviewerName, ...checked.data, now: deps.now() });
    if (!outcome.ok) return problemResponse(c, problem(409, outcome.code, ERROR_MESSAGES[outcome.code]));
    return c.json(outcome.review, 201);
  });
}
