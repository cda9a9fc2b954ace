import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid } from '@shop/platform';
import { merchantDashboardUrl, MERCHANT_MESSAGES, MERCHANT_TYPES, type MerchantType } from '@shop/domain/merchants';
import * as routes from './dashboard.routes.ts';

const isMerchantType = (v: string): v is MerchantType => (MERCHANT_TYPES as readonly string[]).includes(v);

export function registerDashboardRoutes(app: OpenAPIHono): void {
  app.openapi(routes.dashboardUrl, (c) => {
    const { merchantType } = c.req.valid('query');
    if (!isMerchantType(merchantType)) return invalid(c, [{ field: 'merchantType', message: MERCHANT_MESSAGES.merchantType }]);
    return c.json({ url: merchantDashboardUrl(merchantType) }, 200);
  });
}
