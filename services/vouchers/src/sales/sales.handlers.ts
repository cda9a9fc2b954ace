import type { OpenAPIHono } from '@hono/zod-openapi';
import type { VouchersDeps } from '../lib/deps.ts';
import { salesOf } from './sales.ts';
import * as routes from './sales.routes.ts';

export function registerSalesRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  app.openapi(routes.postSales, async (c) => {
    const body = c.req.valid('json');
    return c.json(await salesOf(deps.db, body), 200);
  });
}
