/**
 * The deals service: locations, categories, navigation, deal lists, deal pages and merchants.
 * The shop mounts it under /api/deals; the gateway calls `app.fetch` on paths without that
 * prefix (http://deals/locations).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createServiceApp } from '@shop/platform';
import { registerDealRoutes } from './deals/deals.handlers.ts';
import { registerGiftRoutes } from './gifts/gifts.handlers.ts';
import { registerGuideRoutes } from './guides/guides.handlers.ts';
import { registerImageRoutes } from './images/images.handlers.ts';
import { registerIndexFeedRoutes } from './index-feed/index-feed.handlers.ts';
import { registerListRoutes } from './lists/lists.handlers.ts';
import { registerLocationRoutes } from './locations/locations.handlers.ts';
import { registerMapRoutes } from './map/map.handlers.ts';
import { registerMerchantRoutes } from './merchants/merchants.handlers.ts';
import { registerReviewRoutes } from './reviews/reviews.handlers.ts';
import { registerNearMeRoutes } from './nearme/nearme.handlers.ts';
import { registerPreviewRoutes } from './preview/preview.handlers.ts';
import { registerCampaignRoutes } from './campaigns/campaigns.handlers.ts';
import { registerWatchRoutes } from './watch/watch.handlers.ts';
import { registerSpecialRoutes } from './special/special.handlers.ts';
import { registerStaticPageRoutes } from './staticpages/staticpages.handlers.ts';
import type { DealsDb } from './db/database.ts';
import type { DealsDeps } from './lib/deps.ts';

export interface DealsAppOptions {
  db: DealsDb;
  /** Callers must send it in x-service-token (everything but docs and images). */
  serviceToken: string;
  /** Public path the app is mounted at, used in image urls and the OpenAPI servers (default /api/deals). */
  basePath?: string;
  /** The clock (tests fix it). */
  now?: () => Date;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export const DEALS_BASE_PATH = '/api/deals';

export function createDealsApp(options: DealsAppOptions): OpenAPIHono {
  const deps: DealsDeps = { db: options.db, now: options.now ?? (() => new Date()), basePath: options.basePath ?? DEALS_BASE_PATH };
  const app = createServiceApp({
    title: 'Deals service',
    version: '1.0.0',
    description: 'Locations, categories, navigation, deals lists, deal pages and merchants of the shop (spec §2, §3, §7). Money is integer pence.',
    serviceToken: options.serviceToken,
    tags: [
      { name: 'Locations', description: 'Where the shop sells: the cities, shop (national) and travel.' },
      { name: 'Categories', description: 'The category tree.' },
      { name: 'Navigation', description: 'The category navigation bar of a location.' },
      { name: 'Deals', description: 'Deal lists (keyset or page paging) and deals by id.' },
      { name: 'Merchants', description: 'The businesses that run deals, by id.' },
      { name: 'Reviews', description: "Merchants' reviews (10 a page, with the average) and a shopper's review of the merchant of their redeemed voucher, once per voucher." },
      { name: 'Images', description: 'Deal images, public.' },
      { name: 'Content', description: 'Static pages: about us, terms, privacy, wallet and finance pages (structured sections, never HTML).' },
      { name: 'Search index', description: 'The feed the search service indexes: light documents of every deal, in id order.' },
      { name: 'Deal lists', description: 'Recently viewed, buy-again and early-bird deals: pages of live deals (page 0-based, pageSize).' },
      { name: 'Recommendations', description: "Deals recommended from a customer's views and purchases, or a guest's locally viewed deals; and recording deal views." },
      { name: 'Special events', description: 'Special event pages (Black Friday, Christmas gifts, …) and their deals.' },
      { name: 'Near me', description: 'Hyperlocal pages: neighbourhoods of each city and the live deals nearest their centre.' },
      { name: 'Map', description: 'The map view (/map-view): the live deals of a box, nearest its centre first, as many as the zoom shows.' },
      { name: 'Gift finder', description: 'Gifts by recipient, personality and price band (issue 19 point 3; spec §3, §7), 12 a page, with faceted counts.' },
      { name: 'Guides', description: 'Guide pages (/guides/...): texts, a deals feed for the search service and listicle deals.' },
      { name: 'Campaigns', description: 'Paid campaigns: the landing page (/welcome) of a paid link, with its deals.' },
      { name: 'Deal preview', description: 'Deals as their page will show them, live or not yet (drafts and scheduled deals), for the merchant and staff preview.' },
    ],
    basePath: deps.basePath,
    ...(options.log ? { log: options.log } : {}),
    publicRoutes: (a) => registerImageRoutes(a, deps),
  });
  registerLocationRoutes(app, deps);
  registerDealRoutes(app, deps);
  registerMerchantRoutes(app, deps);
  registerReviewRoutes(app, deps);
  registerStaticPageRoutes(app, deps);
  registerIndexFeedRoutes(app, deps);
  registerListRoutes(app, deps);
  registerSpecialRoutes(app, deps);
  registerNearMeRoutes(app, deps);
  registerGiftRoutes(app, deps);
  registerGuideRoutes(app, deps);
  registerMapRoutes(app, deps);
  registerPreviewRoutes(app, deps);
  registerCampaignRoutes(app, deps);
  registerWatchRoutes(app, deps);
  return app;
}

export type DealsApp = ReturnType<typeof createDealsApp>;
