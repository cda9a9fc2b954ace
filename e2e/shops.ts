/**
 * The journeys' shops: one per Playwright worker (playwright.config.ts starts them all before the
 * first journey), so two workers never share a database and the browser step runs in parallel
 * on the machine's cores. Worker n talks to the shop on E2E_PORT + n.
 */
export const SHOP_BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * How many workers, and so shops (E2E_WORKERS; default 1). Two run the journeys on both cores,
 * but on this 2-core machine the longest buying journeys then pass their 60 s limit (seen in a
 * trial run): raise them before making 2 the default.
 */
export const SHOP_COUNT = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
export const shopOrigin = (worker: number) => `http://127.0.0.1:${SHOP_BASE_PORT + (worker % SHOP_COUNT)}`;
