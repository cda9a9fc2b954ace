/**
 * `node gateway/src/main.ts`: the whole shop in one process. Environment: PORT (4000), HOST
 * (127.0.0.1), DATABASE_URL (PostgreSQL; unset: PGlite under DATA_DIR, default ./data/pglite),
 * SERVICE_TOKEN (random when unset), DEALS_SERVICE_URL (a deals service in its own process),
 * SEARCH_SERVICE_URL (a search service in its own process),
 * SEED_DEALS (deals seeded into an empty database), EXPOSE_REST_CALLS=1 (an x-rest-calls header on
 * GraphQL responses, for the benchmarks), CLIENT_DIST (the built client; default client/dist),
 * LINK_BUILDING_SCRIPT_URL (the partner link-building script, https; loaded only with consent).
 */
import { consoleLogger } from './logger.ts';
import { DEFAULT_PORT, startShop } from './server.ts';

const env = process.env;
const port = env.PORT ? Number.parseInt(env.PORT, 10) : DEFAULT_PORT;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  consoleLogger.error('PORT must be a port number', { PORT: env.PORT });
  process.exit(1);
}

const shop = await startShop({
  port,
  ...(env.HOST ? { host: env.HOST } : {}),
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.DATA_DIR ? { dataDir: env.DATA_DIR } : {}),
  ...(env.SERVICE_TOKEN ? { serviceToken: env.SERVICE_TOKEN } : {}),
  ...(env.DEALS_SERVICE_URL ? { dealsServiceUrl: env.DEALS_SERVICE_URL } : {}),
  ...(env.SEARCH_SERVICE_URL ? { searchServiceUrl: env.SEARCH_SERVICE_URL } : {}),
  ...(env.CLIENT_DIST ? { clientDist: env.CLIENT_DIST } : {}),
  ...(env.LINK_BUILDING_SCRIPT_URL ? { linkBuildingScriptUrl: env.LINK_BUILDING_SCRIPT_URL } : {}),
  ...(env.SEED_DEALS ? { seedDeals: Number.parseInt(env.SEED_DEALS, 10) } : {}),
  gateway: { dev: env.NODE_ENV === 'development', exposeRestCalls: env.EXPOSE_REST_CALLS === '1' },
  handleSignals: true,
});
consoleLogger.info(`Shop listening on ${shop.url} (GraphQL: ${shop.url}/graphql)`, { url: shop.url });
