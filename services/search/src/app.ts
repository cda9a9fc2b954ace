/**
 * The search service: deal search with facets (two ranking strategies for the A/B test),
 * suggestions, and sponsored-search sessions and events. The shop mounts it under /api/search;
 * the gateway calls `app.fetch` on paths without that prefix (http://search/search/glasgow).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createServiceApp, logFunction, problemResponse, validationProblem } from '@shop/platform';
import type { Suggestion } from './contract.ts';
import type { SearchDb } from './db/database.ts';
import type { Logger, SearchDeps } from './lib/deps.ts';
import { indexState } from './lib/index-state.ts';
import { registerSearchRoutes, type ResolvedSearch } from './search/search.handlers.ts';
import { SummaryCache, type SummaryCacheOptions } from './search/summary-cache.ts';
import { registerSponsoredRoutes } from './sponsored/sponsored.handlers.ts';
import { registerSuggestRoutes } from './suggest/suggest.handlers.ts';

export interface SearchAppOptions {
  db: SearchDb;
  /** Callers must send it in x-service-token (everything but the docs). */
  serviceToken: string;
  /** Public path the app is mounted at, used in the OpenAPI servers (default /api/search). */
  basePath?: string;
  /** The clock (tests fix it): deals closed before it are never returned. */
  now?: () => Date;
  log?: Logger;
  /**
   * Search summaries (facet counts, first pages of ordered ids) and suggestions kept in memory
   * for a short time (default 30 s; 1000 summaries, 5000 suggestion lists), dropped after a
   * sync; false turns both off.
   */
  cache?: SummaryCacheOptions | false;
  /** How often the index version is read to drop cached results after a sync (default 1000 ms). */
  versionCheckMs?: number;
}

export const SEARCH_BASE_PATH = '/api/search';

export function createSearchApp(options: SearchAppOptions): OpenAPIHono {
  const log: Logger = options.log ?? logFunction();
  const deps: SearchDeps = {
    db: options.db,
    now: options.now ?? (() => new Date()),
    log,
    index: indexState(options.db, options.versionCheckMs),
    cache: options.cache === false ? null : new SummaryCache<ResolvedSearch>(options.cache ?? {}),
    suggestCache: options.cache === false ? null : new SummaryCache<Suggestion[]>({ maxEntries: 5000, ...(options.cache ?? {}) }),
  };
  const app = createServiceApp({
    title: 'Search service',
    version: '1.0.0',
    description:
      'Deal search (spec §2, §3, §7, §9): full-text search with English stemming and typo tolerance, filters, sorts, facet counts, ' +
      'sponsored deals, an A/B ranking variant, and suggestions as the shopper types. Money is integer pence.',
    serviceToken: options.serviceToken,
    tags: [
      { name: 'Search', description: 'Deals matching words and filters, with facets and sponsored deals.' },
      { name: 'Suggestions', description: 'Search-box suggestions: terms, categories, locations and deals.' },
      { name: 'Sponsored', description: 'Sponsored-search sessions, impressions and clicks (spec §4, §7).' },
    ],
    basePath: options.basePath ?? SEARCH_BASE_PATH,
    log,
  });
  // A JSON body that does not parse is the caller's mistake: 400 naming the body, never a 500.
  app.use('/sponsored/*', async (c, next) => {
    if (c.req.method === 'POST') {
      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
        return problemResponse(c, validationProblem([{ field: 'body', message: 'Send a JSON body (content-type: application/json).' }]));
      }
      try {
        await c.req.json();
      } catch {
        return problemResponse(c, validationProblem([{ field: 'body', message: 'The body is not valid JSON.' }]));
      }
    }
    await next();
  });
  registerSearchRoutes(app, deps);
  registerSuggestRoutes(app, deps);
  registerSponsoredRoutes(app, deps);
  return app;
}

export type SearchApp = ReturnType<typeof createSearchApp>;
