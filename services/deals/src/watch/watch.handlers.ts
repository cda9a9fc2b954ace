import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { DealsDeps } from '../lib/deps.ts';
import { parseIdList } from '../lib/http.ts';
import { dealWatchStates } from './deal-watch.ts';
import { setProductPrice } from './product-price.store.ts';
import * as routes from './watch.routes.ts';

export function registerWatchRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(routes.getDealWatchStates, async (c) => {
    const states = await dealWatchStates(deps.db, parseIdList(c.req.valid('query').ids), deps.now());
    return c.json({ deals: [...states.values()] }, 200);
  });

  app.openapi(routes.putProductPrice, async (c) => {
    const { dealId, productId } = c.req.valid('param');
    const { pricePence } = c.req.valid('json');
    const changed = await setProductPrice(deps.db, Number(dealId), Number(productId), pricePence);
    if (!changed) return problemResponse(c, notFoundProblem('No such option of that deal.'));
    return c.json({ dealId: Number(dealId), productId: Number(productId), pricePence, headlinePricePence: changed.headlinePricePence }, 200);
  });
}
