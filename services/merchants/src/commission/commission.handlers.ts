import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MerchantsDeps } from '../lib/deps.ts';
import { notFound, parseId } from '../lib/http.ts';
import * as routes from './commission.routes.ts';
import { commissionRatesOf, setDealCommission } from './commission.store.ts';

export function registerCommissionRoutes(app: OpenAPIHono, deps: MerchantsDeps): void {
  app.openapi(routes.getCommission, async (c) => {
    const id = parseId(c.req.valid('param').id);
    const rates = id === null ? null : await commissionRatesOf(deps.db, id);
    if (!rates) return notFound(c);
    return c.json(rates, 200);
  });

  app.openapi(routes.putDealCommission, async (c) => {
    const { id, dealId } = c.req.valid('param');
    const businessId = parseId(id);
    const body = c.req.valid('json');
    const result = businessId === null ? null : await setDealCommission(deps.db, { businessId, dealId, commissionBp: body.commissionBp, actorRef: body.actorRef, at: deps.now() });
    if (!result || !result.ok) return notFound(c);
    return c.json(result.rates, 200);
  });
}
