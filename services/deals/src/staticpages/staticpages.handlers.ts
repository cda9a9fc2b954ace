import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { DealsDeps } from '../lib/deps.ts';
import * as routes from './staticpages.routes.ts';
import * as store from './staticpages.store.ts';

export function registerStaticPageRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  const { db } = deps;

  app.openapi(routes.getStaticPage, async (c) => {
    const page = await store.findStaticPage(db, c.req.valid('param').slug);
    if (!page) return problemResponse(c, notFoundProblem('Sorry, we could not find that page.'));
    return c.json(page, 200);
  });
}
