import type { OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { DealsDeps } from '../lib/deps.ts';
import { parseIdList } from '../lib/http.ts';
import { dealWatchStates } from './deal-watch.ts';
import * as routes from './watch.routes.ts';

export function registerWatchRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(routes.getDealWatchStates, async (c) => {
    const states = await dealWatchStates(deps.db, parseIdList(c.req.valid('query').ids), deps.now());
    return c.json({ deals: [...states.values()] }, 200);
  });

  app.openapi(routes.putProductPrice, async (c) => {
    const { dealId, productId } = c.req.valid('param');
    const { pricePence } = c.req.valid('json');
    // One statement: the headline trigger on deals.product recomputes the deal's headline in it.
    const { rows } = await sql<{ id: number }>`update deals.product set price_pence = ${pricePence}, original_price_pence = greatest(original_price_pence, ${pricePence})
      where id = ${Number(productId)} and deal_id = ${Number(dealId)} returning id`.execute(deps.db);
    if (rows.length === 0) return problemResponse(c, notFoundProblem('No such option of that deal.'));
    const headline = (await sql<{ p: number }>`select headline_price_pence as p from deals.deal where id = ${Number(dealId)}`.execute(deps.db)).rows[0]!;
    return c.json({ dealId: Number(dealId), productId: Number(productId), pricePence, headlinePricePence: Number(headline.p) }, 200);
  });
}
