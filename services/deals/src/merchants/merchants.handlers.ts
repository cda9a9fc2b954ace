import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { DealsDeps } from '../lib/deps.ts';
import { parseIdList } from '../lib/http.ts';
import * as routes from './merchants.routes.ts';
import * as store from './merchants.store.ts';

export function registerMerchantRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  const { db } = deps;

  app.openapi(routes.getMerchant, async (c) => {
    const merchant = await store.findMerchant(db, Number(c.req.valid('param').merchantId));
    if (!merchant) return problemResponse(c, notFoundProblem('Sorry, we could not find that merchant.'));
    return c.json(merchant, 200);
  });

  app.openapi(routes.getMerchantsByIds, async (c) => {
    const merchants = await store.findMerchants(db, parseIdList(c.req.valid('query').ids));
    return c.json({ merchants }, 200);
  });
}
