import type { OpenAPIHono } from '@hono/zod-openapi';
import { fieldErrorsFromZod, notFoundProblem, problemResponse, validationProblem } from '@shop/platform';
import type { Guide } from '../contract.ts';
import type { DealsDeps } from '../lib/deps.ts';
import { liveDealRowsInOrder, toDeals } from '../lists/common.ts';
import * as routes from './guides.routes.ts';
import * as store from './guides.store.ts';

export function registerGuideRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  const { db } = deps;
  app.openAPIRegistry.registerPath(routes.getGuide);

  // '{.+}' takes every remaining segment: /guides/affiliate/student-deals has slug affiliate/student-deals.
  app.get('/guides/:slug{.+}', async (c) => {
    const params = routes.GuideParams.safeParse({ slug: c.req.param('slug') });
    if (!params.success) return problemResponse(c, validationProblem(fieldErrorsFromZod(params.error, 'param')));
    const guide = await store.findGuide(db, params.data.slug);
    if (!guide) return problemResponse(c, notFoundProblem('Sorry, we could not find that guide.'));

    const listicle = store.toListicle(guide.listicle);
    const rows = await liveDealRowsInOrder(db, listicle.map((e) => e.dealId), deps.now());
    const deals = new Map((await toDeals(deps, rows)).map((d) => [d.id, d]));
    const shown = new Set<number>();
    const listicleDeals: Guide['listicleDeals'] = [];
    for (const entry of listicle) {
      const deal = deals.get(entry.dealId);
      if (!deal || shown.has(deal.id)) continue;
      shown.add(deal.id);
      listicleDeals.push({ deal, heading: entry.heading, text: entry.text });
    }
    const body: Guide = {
      slug: guide.slug,
      url: `/guides/${guide.slug}`,
      displayName: guide.display_name,
      description: guide.description,
      text: guide.text,
      additionalText: guide.additional_text,
      dealsFeed: store.toDealsFeed(guide.deals_feed),
      listicleDeals,
      listicleView: guide.listicle_view,
      redirectUrl: guide.redirect_url,
    };
    return c.json(body, 200);
  });
}
