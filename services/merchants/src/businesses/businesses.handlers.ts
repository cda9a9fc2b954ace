import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MemberBusinessResponse } from '../contract.ts';
import type { MerchantsDeps } from '../lib/deps.ts';
import { notFound, parseId } from '../lib/http.ts';
import * as routes from './businesses.routes.ts';
import { businessById, businessesOf, dealIdsOfBusiness, memberBusiness, type MemberBusiness } from './businesses.store.ts';

export function registerBusinessRoutes(app: OpenAPIHono, deps: MerchantsDeps): void {
  const { db } = deps;
  const json = async (b: MemberBusiness): Promise<MemberBusinessResponse> => ({ ...b, createdAt: b.createdAt.toISOString(), dealIds: await dealIdsOfBusiness(db, b.id) });

  app.openapi(routes.memberBusinesses, async (c) => {
    const { customerToken } = c.req.valid('query');
    const businesses = await businessesOf(db, customerToken);
    return c.json({ businesses: await Promise.all(businesses.map(json)) }, 200);
  });

  app.openapi(routes.memberBusiness, async (c) => {
    const id = parseId(c.req.valid('param').id);
    const business = id === null ? null : await memberBusiness(db, c.req.valid('query').customerToken, id);
    if (!business) return notFound(c);
    return c.json(await json(business), 200);
  });

  app.openapi(routes.anyBusiness, async (c) => {
    const id = parseId(c.req.valid('param').id);
    const business = id === null ? null : await businessById(db, id);
    if (!business) return notFound(c);
    return c.json(await json({ ...business, role: 'staff' }), 200);
  });
}
